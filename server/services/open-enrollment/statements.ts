// Confirmation statements: each submission's elections with plan names, tiers and costs, kept as they
// stood, and drawn as a PDF on request.
import { and, desc, eq } from 'drizzle-orm';
import type { ElectionDependent, ElectionType } from '../../../src/contracts/open-enrollment';
import { centsText, toCents } from '../../../src/contracts/plan-years';
import { usDate } from '../../lib/calendar';
import { pdfFile } from '../../lib/file-answer';
import { forbidden, notFound } from '../../lib/problem';
import { usd } from '../../lib/money';
import type { Db } from '../../db/client';
import { electionStatements, employers, enrollmentWindows } from '../../db/schema';
import { drawFields, drawHeading, drawTable, renderGroupDocument } from '../../pdf/pdf-document';

type StatementLine = {
  planType: ElectionType;
  action: 'keep' | 'change' | 'waive';
  planName: string | null;
  tierName: string | null;
  perPaycheck: string | null;
  waiveReason: string | null;
};

export type StatementContent = {
  memberName: string;
  planYearBegin: string;
  windowEndsOn: string;
  submittedAt: string;
  periodsPerYear: number;
  lines: StatementLine[];
  /** Dependents added with the submission, by name and birth date (older statements have none). */
  newDependents?: { name: string; dateOfBirth: string }[];
  /** FSA plans and annual amounts elected (older statements have none). */
  fsa?: { planName: string; amount: string }[];
  /** Dependents removed from next year's coverage, by name (older statements have none). */
  removedDependents?: string[];
  totalPerPaycheck: string;
  totalPerYear: string;
};

type ElectionRow = {
  planType: ElectionType;
  action: 'keep' | 'change' | 'waive';
  planPK: number | null;
  coverageOptionPK: number | null;
  waiveReason: string | null;
};

/** Names and rates the statement needs of the elected plans and tiers (more may be given). */
export type StatementPrices = {
  plans: readonly { planPK: number; planName: string }[];
  tiers: readonly { coverageOptionPK: number; tierName: string }[];
  rates: readonly { planPK: number; coverageOptionPK: number; employeeShare: string }[];
};

/** The statement of a submission: the elected plans and tiers priced at their rates for the new year. */
export function statementContent(
  submission: {
    memberName: string;
    planYearBegin: string;
    windowEndsOn: string;
    periodsPerYear: number;
    rows: ElectionRow[];
    submittedAt: Date;
    added: ElectionDependent[];
    fsa: readonly { pk: number; amount: string }[];
    removed: readonly string[];
  },
  prices: StatementPrices,
): StatementContent {
  const { rows, periodsPerYear } = submission;
  const lines: StatementLine[] = rows.map((r) => {
    const rate = prices.rates.find((x) => x.planPK === r.planPK && x.coverageOptionPK === r.coverageOptionPK);
    return {
      planType: r.planType,
      action: r.action,
      planName: prices.plans.find((p) => p.planPK === r.planPK)?.planName ?? null,
      tierName: prices.tiers.find((t) => t.coverageOptionPK === r.coverageOptionPK)?.tierName ?? null,
      perPaycheck: r.action === 'waive' ? null : (rate?.employeeShare ?? null),
      waiveReason: r.waiveReason,
    };
  });
  const cents = lines.reduce((sum, l) => sum + (l.perPaycheck ? toCents(l.perPaycheck) : 0), 0);
  return {
    memberName: submission.memberName,
    planYearBegin: submission.planYearBegin,
    windowEndsOn: submission.windowEndsOn,
    submittedAt: submission.submittedAt.toISOString(),
    periodsPerYear,
    lines,
    newDependents: submission.added.map((d) => ({
      name: `${d.firstName} ${d.lastName}`,
      dateOfBirth: d.dateOfBirth,
    })),
    fsa: submission.fsa.map((f) => ({
      planName: prices.plans.find((p) => p.planPK === f.pk)?.planName ?? '',
      amount: f.amount,
    })),
    removedDependents: [...submission.removed],
    totalPerPaycheck: centsText(cents),
    totalPerYear: centsText(cents * periodsPerYear),
  };
}

const ACTION_TEXT = { keep: 'Kept', change: 'Chosen', waive: 'Waived' } as const;
const money = (amount: string | null) => (amount === null ? '' : usd(toCents(amount) / 100));

/**
 * One of the member's own confirmation statements as a PDF: the one named, or their latest. A statement
 * of anyone else reads as missing.
 */
export async function myStatementPdf(db: Db, employerPK: number, subscriberPK: number | null, statementPK?: number) {
  if (subscriberPK === null) throw forbidden('Only a member of the group has statements.');
  const [row] = await statementsOf(db, employerPK, subscriberPK, statementPK).limit(1);
  if (!row) throw notFound(statementPK === undefined ? 'You have not submitted elections yet.' : 'No such statement.');
  return statementPdf(db, employerPK, row.content as unknown as StatementContent);
}

/** The member's documents: the latest confirmation statement of each window, newest first. */
export async function myDocuments(db: Db, employerPK: number, subscriberPK: number | null) {
  if (subscriberPK === null) throw forbidden('Only a member of the group has documents.');
  const rows = await statementsOf(db, employerPK, subscriberPK);
  const seen = new Set<number>();
  const statements = rows
    .filter((r) => !seen.has(r.windowPK) && seen.add(r.windowPK))
    .map((r) => ({
      statementPK: r.statementPK,
      planYearBegin: r.planYearBegin,
      submittedAt: r.createdAt.toISOString(),
    }));
  return { subscriberPK, statements };
}

/** A member's statements of the group's windows, newest first. */
function statementsOf(db: Db, employerPK: number, subscriberPK: number, statementPK?: number) {
  return db
    .select({
      statementPK: electionStatements.statementPK,
      windowPK: electionStatements.windowPK,
      content: electionStatements.content,
      createdAt: electionStatements.createdAt,
      planYearBegin: enrollmentWindows.planYearBegin,
    })
    .from(electionStatements)
    .innerJoin(enrollmentWindows, eq(enrollmentWindows.windowPK, electionStatements.windowPK))
    .where(
      and(
        eq(electionStatements.subscriberPK, subscriberPK),
        eq(enrollmentWindows.employerPK, employerPK),
        statementPK === undefined ? undefined : eq(electionStatements.statementPK, statementPK),
      ),
    )
    .orderBy(desc(electionStatements.statementPK));
}

/** HR's list of a member's statements: every submission, newest first. */
export async function memberStatements(db: Db, employerPK: number, subscriberPK: number) {
  const rows = await statementsOf(db, employerPK, subscriberPK);
  return rows.map((r) => ({
    statementPK: r.statementPK,
    planYearBegin: r.planYearBegin,
    submittedAt: r.createdAt.toISOString(),
  }));
}

/** One of a member's statements for HR; 404 when it is not theirs. */
export async function memberStatementPdf(db: Db, employerPK: number, subscriberPK: number, statementPK: number) {
  const [row] = await statementsOf(db, employerPK, subscriberPK, statementPK);
  if (!row) throw notFound('No such statement for this member.');
  return statementPdf(db, employerPK, row.content as unknown as StatementContent);
}

async function statementPdf(db: Db, employerPK: number, c: StatementContent) {
  const [group] = await db
    .select({ name: employers.employerName, id: employers.employerID })
    .from(employers)
    .where(eq(employers.employerPK, employerPK));
  const pdf = await renderGroupDocument(
    {
      groupName: group?.name ?? '',
      groupID: group?.id,
      title: 'Open Enrollment Confirmation',
      subtitle: `Plan year starting ${usDate(c.planYearBegin)}`,
    },
    (doc) => {
      drawFields(doc, [
        ['Member', c.memberName],
        ['Submitted', new Date(c.submittedAt).toUTCString()],
        ['Changes accepted until', usDate(c.windowEndsOn)],
      ]);
      drawHeading(doc, 'Your elections');
      drawTable(
        doc,
        ['Coverage', 'Election', 'Plan', 'Who is covered', 'Per paycheck'],
        c.lines.map((l) => [
          l.planType,
          l.action === 'waive' ? `Waived: ${l.waiveReason ?? ''}` : ACTION_TEXT[l.action],
          l.planName ?? '',
          l.tierName ?? '',
          money(l.perPaycheck),
        ]),
      );
      if (c.newDependents?.length) {
        drawHeading(doc, 'Dependents you added');
        drawTable(
          doc,
          ['Name', 'Date of birth'],
          c.newDependents.map((d) => [d.name, usDate(d.dateOfBirth)]),
        );
      }
      if (c.removedDependents?.length) {
        drawHeading(doc, 'Dependents you removed from next year');
        drawTable(
          doc,
          ['Name'],
          c.removedDependents.map((name) => [name]),
        );
      }
      drawHeading(doc, 'Flexible spending account (FSA)');
      if (c.fsa?.length)
        drawTable(
          doc,
          ['FSA plan', 'Annual amount'],
          c.fsa.map((f) => [f.planName, money(f.amount.replace(/,/g, ''))]),
        );
      else drawFields(doc, [['FSA', 'No FSA next year']]);
      drawHeading(doc, 'Your cost');
      drawFields(doc, [
        ['Per paycheck', money(c.totalPerPaycheck)],
        [`Per year (${c.periodsPerYear} paychecks)`, money(c.totalPerYear)],
      ]);
    },
  );
  return { ...pdfFile('open-enrollment-confirmation.pdf', pdf), disposition: 'inline' as const };
}
