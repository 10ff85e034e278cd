// The home dashboard's panels: each answer is a handful of counts and sums computed in the database
// from kept totals and indexes (migration 0009), so a 100,000-member group answers as fast as a small
// one and no member row leaves the database.
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql, sum } from 'drizzle-orm';
import {
  REQUEST_PANEL_DAYS,
  TREND_MONTHS,
  type ClaimsInsight,
  type DocumentInsight,
  type EnrollmentInsight,
  type MembershipInsight,
  type RequestsInsight,
} from '../../../src/contracts/insight';
import type { DocumentKind } from '../../../src/contracts/documents';
import type { Db } from '../../db/client';
import {
  claimMonthTotals,
  coverageCounts,
  coverageOptions,
  documents,
  groupMemberCounts,
  plans,
  requests,
  subscribers,
} from '../../db/schema';
import { addDays, addMonths, localToday, parseIsoDate } from '../../lib/calendar';

const monthOf = (day: string) => day.slice(0, 7);
const lastDayOfMonth = (day: string) => addDays(addMonths(`${monthOf(day)}-01`, 1), -1);

/** The last TREND_MONTHS months, oldest first, each with the day it is counted on (today for this month). */
function trendMonths(today: string) {
  return Array.from({ length: TREND_MONTHS }, (_, i) => {
    const first = addMonths(`${monthOf(today)}-01`, i - (TREND_MONTHS - 1));
    return { month: monthOf(first), day: i === TREND_MONTHS - 1 ? today : lastDayOfMonth(first) };
  });
}

/**
 * Enrolled on a day = effective by then and not termed by then. From the kept count of subscribers
 * not termed, each day's figure subtracts those not yet effective and adds those termed later; both
 * sets are read from the (group, term date, effective date) index and are small next to the group.
 */
export async function membershipInsight(db: Db, employerPK: number, today = localToday()): Promise<MembershipInsight> {
  const months = trendMonths(today);
  const since = addDays(`${months[0]!.month}-01`, -1);
  const [[kept], notYetEffective, termedSince] = await Promise.all([
    db
      .select({ members: groupMemberCounts.activeMembers, dependents: groupMemberCounts.activeDependents })
      .from(groupMemberCounts)
      .where(eq(groupMemberCounts.employerPK, employerPK)),
    db
      .select({ effectiveDate: subscribers.effectiveDate, n: count() })
      .from(subscribers)
      .where(
        and(
          eq(subscribers.employerPK, employerPK),
          isNull(subscribers.termDate),
          gte(subscribers.effectiveDate, since),
        ),
      )
      .groupBy(subscribers.effectiveDate),
    db
      .select({ effectiveDate: subscribers.effectiveDate, termDate: subscribers.termDate, n: count() })
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, employerPK), gte(subscribers.termDate, since)))
      .groupBy(subscribers.effectiveDate, subscribers.termDate),
  ]);
  const active = kept?.members ?? 0;
  const enrolledOn = (day: string) => {
    let total = active;
    for (const row of notYetEffective) if (row.effectiveDate! > day) total -= row.n;
    for (const row of termedSince) {
      if (row.termDate! > day && (row.effectiveDate === null || row.effectiveDate <= day)) total += row.n;
    }
    return total;
  };
  return {
    asOf: today,
    subscribers: active,
    dependents: kept?.dependents ?? 0,
    trend: months.map(({ month, day }) => ({ month, subscribers: enrolledOn(day) })),
  };
}

/** Subscribers' own coverage in force today by plan and tier, summed from the kept counts. */
export async function enrollmentInsight(db: Db, employerPK: number, today = localToday()): Promise<EnrollmentInsight> {
  const subscriberCount = sql<number>`sum(${coverageCounts.subscribers})::int`;
  const rows = await db
    .select({
      planType: plans.planType,
      planName: plans.planName,
      tierName: coverageOptions.name,
      subscribers: subscriberCount,
    })
    .from(coverageCounts)
    .innerJoin(plans, eq(plans.planPK, coverageCounts.planPK))
    .leftJoin(coverageOptions, eq(coverageOptions.coverageOptionPK, coverageCounts.coverageOptionPK))
    .where(
      and(
        eq(coverageCounts.employerPK, employerPK),
        inArray(plans.planType, ['Medical', 'Dental']),
        lte(coverageCounts.beginDate, today),
        or(isNull(coverageCounts.endDate), gte(coverageCounts.endDate, today)),
      ),
    )
    .groupBy(plans.planType, plans.planName, coverageOptions.name, coverageOptions.sortOrder)
    .having(sql`sum(${coverageCounts.subscribers}) > 0`)
    .orderBy(asc(plans.planName), asc(coverageOptions.sortOrder), asc(coverageOptions.name));
  // Dental is shown by plan only: its tiers are summed.
  const dental = new Map<string, number>();
  for (const row of rows) {
    if (row.planType === 'Dental') dental.set(row.planName, (dental.get(row.planName) ?? 0) + row.subscribers);
  }
  return {
    asOf: today,
    medical: rows
      .filter((row) => row.planType === 'Medical')
      .map(({ planName, tierName, subscribers }) => ({ planName, tierName, subscribers })),
    dental: [...dental].map(([planName, subscribers]) => ({ planName, tierName: null, subscribers })),
  };
}

/** Requests by status over the last REQUEST_PANEL_DAYS days, with the same day bounds as the request list. */
export async function requestsInsight(db: Db, employerPK: number, today = localToday()): Promise<RequestsInsight> {
  const dateFrom = addDays(today, -(REQUEST_PANEL_DAYS - 1));
  const rows = await db
    .select({ status: requests.status, count: count() })
    .from(requests)
    .where(
      and(
        eq(requests.employerPK, employerPK),
        gte(requests.createdAt, parseIsoDate(dateFrom)),
        lt(requests.createdAt, parseIsoDate(addDays(today, 1))),
      ),
    )
    .groupBy(requests.status)
    .orderBy(desc(count()), asc(requests.status));
  return { dateFrom, dateTo: today, byStatus: rows };
}

const money = (value: string | number | null | undefined) => Math.round(Number(value ?? 0) * 100) / 100;

/**
 * Plan payments by month of payment and claims by status (by month of service), over the last
 * TREND_MONTHS months, from the kept monthly totals.
 */
export async function claimsInsight(db: Db, employerPK: number, today = localToday()): Promise<ClaimsInsight> {
  const months = trendMonths(today);
  const since = `${months[0]!.month}-01`;
  const thisMonth = `${monthOf(today)}-01`;
  const t = claimMonthTotals;
  const month = sql<string>`to_char(${t.paymentMonth}, 'YYYY-MM')`;
  const [paid, byStatus] = await Promise.all([
    db
      .select({ month, claims: sql<number>`sum(${t.claims})::int`, planPayment: sum(t.planPayment) })
      .from(t)
      .where(and(eq(t.employerPK, employerPK), gte(t.paymentMonth, since), lte(t.paymentMonth, thisMonth)))
      .groupBy(t.paymentMonth),
    db
      .select({
        paid: sql<boolean>`${t.paymentMonth} is not null`,
        claims: sql<number>`sum(${t.claims})::int`,
        billedAmount: sum(t.billedAmount),
      })
      .from(t)
      .where(and(eq(t.employerPK, employerPK), gte(t.serviceMonth, since), lte(t.serviceMonth, thisMonth)))
      .groupBy(sql`${t.paymentMonth} is not null`),
  ]);
  const paidIn = new Map(paid.map((row) => [row.month, row]));
  const statusRow = (isPaid: boolean) => byStatus.find((row) => row.paid === isPaid);
  return {
    paidByMonth: months.map(({ month: m }) => ({
      month: m,
      claims: paidIn.get(m)?.claims ?? 0,
      planPayment: money(paidIn.get(m)?.planPayment),
    })),
    byStatus: (['Paid', 'In-Process'] as const).map((status) => {
      const row = statusRow(status === 'Paid');
      return { status, claims: row?.claims ?? 0, billedAmount: money(row?.billedAmount) };
    }),
  };
}

/** The newest document of a kind and how many came in the last TREND_MONTHS months. */
export async function documentInsightOf(
  db: Db,
  employerPK: number,
  kind: DocumentKind,
  today = localToday(),
): Promise<DocumentInsight> {
  const ofKind = and(eq(documents.employerPK, employerPK), eq(documents.kind, kind));
  const [[latest], [recent]] = await Promise.all([
    db
      .select({ documentName: documents.documentName, createDate: documents.createDate })
      .from(documents)
      .where(ofKind)
      .orderBy(desc(documents.createDate), desc(documents.documentName))
      .limit(1),
    db
      .select({ n: count() })
      .from(documents)
      .where(and(ofKind, gte(documents.createDate, addMonths(today, -TREND_MONTHS))))
      .limit(1),
  ]);
  return { latest: latest ?? null, lastYear: recent?.n ?? 0 };
}
