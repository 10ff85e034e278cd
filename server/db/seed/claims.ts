import type { Faker } from '@faker-js/faker';
import type { ClaimType } from '../../../src/contracts/claims';
import { addDays, maxDate, minDate, yearOf } from '../../lib/calendar';
import { bulkInsert } from '../bulk-insert';
import type { Db } from '../client';
import { claims } from '../schema';
import { PROVIDERS, type EmployerSeed } from './data';
import type { Member } from './members';
import { pad, randomDate } from './people';
import { need } from './seed-rows';

export async function insertClaims(
  db: Db,
  f: Faker,
  group: EmployerSeed,
  members: Member[],
  today: string,
): Promise<void> {
  type Patient = { m: Member; first: string; last: string; dependentPK: number | null; from: string; to: string };
  const windowStart = addDays(today, -547);
  const yesterday = addDays(today, -1);
  const patients: Patient[] = [];
  for (const m of members) {
    if (m.sub.medical === null) continue;
    const s = m.sub.row;
    const from = maxDate(windowStart, s.effectiveDate);
    const to = minDate(yesterday, s.termDate ?? yesterday);
    if (from <= to) patients.push({ m, first: s.firstName, last: s.lastName, dependentPK: null, from, to });
    for (const d of m.sub.dependents) {
      const dFrom = maxDate(from, d.row.dateOfBirth);
      const dTo = minDate(to, d.row.termDate ?? to);
      if (dFrom <= dTo) {
        patients.push({
          m,
          first: d.row.firstName,
          last: d.row.lastName,
          dependentPK: need(m.dependentPKs.get(d.row.dependentID), 'dependent'),
          from: dFrom,
          to: dTo,
        });
      }
    }
  }
  if (patients.length === 0) return;

  const byType = (type: ClaimType) => PROVIDERS.filter((p) => p.type === type);
  const rows: (typeof claims.$inferInsert)[] = [];
  for (let n = 0; n < group.claimCount; n++) {
    const p = f.helpers.arrayElement(patients);
    let type = f.helpers.weightedArrayElement<ClaimType>([
      { value: 'Medical', weight: 55 },
      { value: 'Pharmacy', weight: 25 },
      { value: 'Dental', weight: 12 },
      { value: 'Vision', weight: 8 },
    ]);
    if (type === 'Dental' && p.m.sub.dental === null) type = 'Medical';
    const provider = f.helpers.arrayElement(byType(type));
    const billedCents =
      type === 'Pharmacy'
        ? f.number.int({ min: 800, max: 60_000 })
        : type === 'Vision'
          ? f.number.int({ min: 7_500, max: 45_000 })
          : type === 'Dental'
            ? f.number.int({ min: 9_000, max: 180_000 })
            : f.helpers.weightedArrayElement([
                { value: f.number.int({ min: 8_500, max: 45_000 }), weight: 70 },
                { value: f.number.int({ min: 45_000, max: 300_000 }), weight: 25 },
                { value: f.number.int({ min: 300_000, max: 2_500_000 }), weight: 5 },
              ]);
    const allowedCents = Math.round(billedCents * f.number.float({ min: 0.42, max: 0.92 }));
    const planCents = f.datatype.boolean({ probability: 0.08 })
      ? 0
      : Math.round(allowedCents * f.number.float({ min: 0.55, max: 0.95 }));
    const serviceDate = randomDate(f, p.from, p.to);
    const inProcess = f.datatype.boolean({ probability: 0.1 });
    const paidAfter = f.number.int({ min: 7, max: 40 });
    rows.push({
      employerPK: group.employerPK,
      subscriberPK: p.m.subscriberPK,
      patientPK: p.dependentPK,
      patientFirstName: p.first,
      patientLastName: p.last,
      providerName: provider.name,
      claimNumber: `${yearOf(serviceDate)}${pad(group.employerPK, 2)}${pad(n + 1, 6)}`,
      claimType: type,
      serviceDate,
      billedAmount: billedCents / 100,
      allowedAmount: allowedCents / 100,
      planPayment: planCents / 100,
      patientOwesAmount: (allowedCents - planCents) / 100,
      paymentDate: inProcess ? null : minDate(addDays(serviceDate, paidAfter), today),
    });
  }
  await bulkInsert(db, claims, rows);
}
