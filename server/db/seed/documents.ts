import type { Faker } from '@faker-js/faker';
import type { DocumentKind } from '../../../src/contracts/documents';
import { addDays, addMonths, minDate } from '../../lib/calendar';
import type { Db } from '../client';
import { documents } from '../schema';
import type { EmployerSeed } from './data';
import { createMinimalPdf } from './minimal-pdf';
import { cents } from './people';
import { insertInBatches } from './seed-rows';

const usd = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** One funding report, invoice and spec/agg report per month, for the 14 completed months before today. */
export async function insertDocuments(db: Db, f: Faker, group: EmployerSeed, memberCount: number, today: string) {
  const rows: (typeof documents.$inferInsert)[] = [];
  const currentMonth = `${today.slice(0, 7)}-01`;
  for (let k = 14; k >= 1; k--) {
    const periodStart = addMonths(currentMonth, -k);
    const period = periodStart.slice(0, 7);
    const periodLabel = `${MONTHS[Number(period.slice(5)) - 1]} ${period.slice(0, 4)}`;
    const nextMonth = addMonths(periodStart, 1);
    const header = [`${group.employerName}`, `Group ID: ${group.employerID}`, `Period: ${periodLabel}`, ''];
    const claimsPaid = cents(memberCount * f.number.float({ min: 380, max: 720 }));
    const fee = f.helpers.arrayElement([32.5, 36, 38.75, 41.25]);
    const docs: [DocumentKind, string, string, string[]][] = [
      [
        'funding',
        `Funding Report ${period}.pdf`,
        'Claims Funding Report',
        [
          `Claims paid in period: ${usd(claimsPaid)}`,
          `Claims count: ${f.number.int({ min: memberCount, max: memberCount * 4 })}`,
          `Funding requested: ${usd(claimsPaid)}`,
          `Funding due by: ${addDays(nextMonth, 9)}`,
        ],
      ],
      [
        'invoice',
        `Invoice ${period}.pdf`,
        'Administrative Services Invoice',
        [
          `Invoice number: INV-${group.employerID}-${period.replace('-', '')}`,
          `Enrolled subscribers: ${memberCount}`,
          `Administration fee per subscriber per month: ${usd(fee)}`,
          `Total due: ${usd(cents(memberCount * fee))}`,
          `Payment due: ${addDays(nextMonth, 14)}`,
        ],
      ],
      [
        'monthly',
        `SpecAgg ${period}.pdf`,
        'Specific and Aggregate Stop-Loss Report',
        [
          'Specific deductible per member: $100,000.00',
          `Aggregate attachment point (monthly): ${usd(cents(memberCount * 560))}`,
          `Claims applied to aggregate: ${usd(claimsPaid)}`,
          `Members over 50% of specific deductible: ${f.number.int({ min: 0, max: 3 })}`,
        ],
      ],
    ];
    for (const [kind, documentName, title, lines] of docs) {
      const createDate = minDate(addDays(nextMonth, f.number.int({ min: 2, max: 6 })), today);
      rows.push({
        employerPK: group.employerPK,
        kind,
        documentName,
        createDate,
        content: createMinimalPdf({ title: `${title} - ${periodLabel}`, lines: [...header, ...lines] }),
        mimeType: 'application/pdf',
      });
    }
  }
  await insertInBatches(db, documents, rows);
}
