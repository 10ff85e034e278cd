import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, sum } from 'drizzle-orm';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import type {
  ClaimsInsight,
  DocumentInsight,
  EnrollmentInsight,
  MembershipInsight,
  RequestsInsight,
} from '../../src/contracts/insight';
import { auditEvents, claims, coverages, dependents, documents, plans, requests, subscribers } from '../db/schema';
import { addDays, localToday, parseIsoDate } from '../lib/calendar';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
const today = localToday();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type InsightName =
  'membershipInsight' | 'enrollmentInsight' | 'requestsInsight' | 'claimsInsight' | 'fundingInsight' | 'invoiceInsight';

const get = async (name: InsightName, email: string, employerPK = 2) =>
  t.app.inject({
    method: 'GET',
    url: `${endpointUrl(endpoints[name])}?employerPK=${employerPK}`,
    headers: await t.auth(email),
  });
const answer = async <T>(name: InsightName, email = 'hr@example.com', employerPK = 2) => {
  const res = await get(name, email, employerPK);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json() as T, text: res.body };
};

/** Names and SSN endings of group 2's members: none may appear in an aggregate. */
async function memberStrings(): Promise<string[]> {
  const rows = await t.db
    .select({ last: subscribers.lastName, first: subscribers.firstName, ssn: subscribers.ssnLast4 })
    .from(subscribers)
    .where(eq(subscribers.employerPK, 2));
  return rows.flatMap((r) => [`"${r.last}"`, `"${r.first}"`, r.ssn]);
}

describe('membership panel', () => {
  it('counts subscribers and dependents not termed, and the trend ends with those enrolled today', async () => {
    const { body, text } = await answer<MembershipInsight>('membershipInsight');
    const [subs] = await t.db
      .select({ n: count() })
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, 2), isNull(subscribers.termDate)));
    const [deps] = await t.db
      .select({ n: count() })
      .from(dependents)
      .innerJoin(subscribers, eq(subscribers.subscriberPK, dependents.subscriberPK))
      .where(and(eq(subscribers.employerPK, 2), isNull(dependents.termDate)));
    expect(body.subscribers).toBe(subs!.n);
    expect(body.dependents).toBe(deps!.n);
    expect(body.trend).toHaveLength(12);
    expect(body.trend.at(-1)!.month).toBe(today.slice(0, 7));

    // Each month's figure, counted the plain way: effective by its last day and not termed by then.
    for (const point of body.trend) {
      const day = point.month === today.slice(0, 7) ? today : addDays(`${nextMonth(point.month)}-01`, -1);
      const [enrolled] = await t.db
        .select({ n: count() })
        .from(subscribers)
        .where(
          and(
            eq(subscribers.employerPK, 2),
            or(isNull(subscribers.effectiveDate), lte(subscribers.effectiveDate, day)),
            or(isNull(subscribers.termDate), sql`${subscribers.termDate} > ${day}`),
          ),
        );
      expect(point.subscribers, point.month).toBe(enrolled!.n);
    }
    for (const s of await memberStrings()) expect(text).not.toContain(s);
  });

  it('follows a dependent termed and reinstated', async () => {
    const before = (await answer<MembershipInsight>('membershipInsight')).body.dependents;
    const [dep] = await t.db
      .select({ pk: dependents.dependentPK })
      .from(dependents)
      .innerJoin(subscribers, eq(subscribers.subscriberPK, dependents.subscriberPK))
      .where(and(eq(subscribers.employerPK, 2), isNull(dependents.termDate)))
      .limit(1);
    await t.db.update(dependents).set({ termDate: today }).where(eq(dependents.dependentPK, dep!.pk));
    expect((await answer<MembershipInsight>('membershipInsight')).body.dependents).toBe(before - 1);
    await t.db.update(dependents).set({ termDate: null }).where(eq(dependents.dependentPK, dep!.pk));
    expect((await answer<MembershipInsight>('membershipInsight')).body.dependents).toBe(before);
  });
});

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

describe('enrollment panel', () => {
  it('sums to the subscribers with medical and with dental coverage in force today', async () => {
    const { body, text } = await answer<EnrollmentInsight>('enrollmentInsight', 'broker@example.com');
    const covered = async (planType: 'Medical' | 'Dental') => {
      const [row] = await t.db
        .select({ n: count() })
        .from(coverages)
        .innerJoin(plans, eq(plans.planPK, coverages.planPK))
        .where(
          and(
            eq(plans.employerPK, 2),
            eq(plans.planType, planType),
            isNull(coverages.dependentPK),
            lte(coverages.beginDate, today),
            or(isNull(coverages.endDate), gte(coverages.endDate, today)),
          ),
        );
      return row!.n;
    };
    const total = (rows: { subscribers: number }[]) => rows.reduce((n, r) => n + r.subscribers, 0);
    expect(total(body.medical)).toBe(await covered('Medical'));
    expect(total(body.dental)).toBe(await covered('Dental'));
    expect(body.medical.length).toBeGreaterThan(0);
    expect(body.medical.every((r) => r.tierName !== null)).toBe(true);
    for (const s of await memberStrings()) expect(text).not.toContain(s);
  });

  it('follows coverage ended, resumed and added', async () => {
    const medical = async () =>
      (await answer<EnrollmentInsight>('enrollmentInsight')).body.medical.reduce((n, r) => n + r.subscribers, 0);
    const before = await medical();
    const [row] = await t.db
      .select({ pk: coverages.coveragePK, endDate: coverages.endDate })
      .from(coverages)
      .innerJoin(plans, eq(plans.planPK, coverages.planPK))
      .where(
        and(
          eq(plans.employerPK, 2),
          eq(plans.planType, 'Medical'),
          isNull(coverages.dependentPK),
          lte(coverages.beginDate, today),
          isNull(coverages.endDate),
        ),
      )
      .limit(1);
    await t.db
      .update(coverages)
      .set({ endDate: addDays(today, -1) })
      .where(eq(coverages.coveragePK, row!.pk));
    expect(await medical()).toBe(before - 1);
    await t.db.update(coverages).set({ endDate: null }).where(eq(coverages.coveragePK, row!.pk));
    expect(await medical()).toBe(before);
  });
});

describe('requests panel', () => {
  it('counts the requests of the last 30 days by status', async () => {
    const { body } = await answer<RequestsInsight>('requestsInsight');
    const from = addDays(today, -29);
    expect(body).toMatchObject({ dateFrom: from, dateTo: today });
    const rows = await t.db
      .select({ status: requests.status, n: count() })
      .from(requests)
      .where(
        and(
          eq(requests.employerPK, 2),
          gte(requests.createdAt, parseIsoDate(from)),
          lt(requests.createdAt, parseIsoDate(addDays(today, 1))),
        ),
      )
      .groupBy(requests.status);
    expect(Object.fromEntries(body.byStatus.map((r) => [r.status, r.count]))).toEqual(
      Object.fromEntries(rows.map((r) => [r.status, r.n])),
    );
  });
});

describe('claims panel', () => {
  it('gives plan payments per month and claims by status', async () => {
    const { body, text } = await answer<ClaimsInsight>('claimsInsight', 'claims@example.com');
    expect(body.paidByMonth).toHaveLength(12);
    const since = `${body.paidByMonth[0]!.month}-01`;
    const [paid] = await t.db
      .select({ n: count(), amount: sum(claims.planPayment) })
      .from(claims)
      .where(
        and(
          eq(claims.employerPK, 2),
          isNotNull(claims.paymentDate),
          gte(claims.paymentDate, since),
          lte(claims.paymentDate, today),
        ),
      );
    expect(body.paidByMonth.reduce((n, m) => n + m.claims, 0)).toBe(paid!.n);
    expect(body.paidByMonth.reduce((n, m) => n + m.planPayment, 0)).toBeCloseTo(Number(paid!.amount ?? 0), 2);
    const [all] = await t.db
      .select({ n: count() })
      .from(claims)
      .where(and(eq(claims.employerPK, 2), gte(claims.serviceDate, since), lte(claims.serviceDate, today)));
    expect(body.byStatus.map((s) => s.status)).toEqual(['Paid', 'In-Process']);
    expect(body.byStatus.reduce((n, s) => n + s.claims, 0)).toBe(all!.n);
    expect(all!.n).toBeGreaterThan(0);
    for (const s of await memberStrings()) expect(text).not.toContain(s);
  });
});

describe('funding and invoice panels', () => {
  it('name the newest document of their kind', async () => {
    for (const [name, kind, email] of [
      ['fundingInsight', 'funding', 'funding@example.com'],
      ['invoiceInsight', 'invoice', 'invoice@example.com'],
    ] as const) {
      const { body } = await answer<DocumentInsight>(name, email);
      const [newest] = await t.db
        .select({ documentName: documents.documentName, createDate: documents.createDate })
        .from(documents)
        .where(and(eq(documents.employerPK, 2), eq(documents.kind, kind)))
        .orderBy(sql`${documents.createDate} desc, ${documents.documentName} desc`)
        .limit(1);
      expect(body.latest).toEqual(newest ?? null);
    }
  });
});

describe('who may see which panel', () => {
  it('gives each panel to the roles of its data and refuses the rest', async () => {
    const cases: [InsightName, string[], string[]][] = [
      [
        'membershipInsight',
        ['hr@example.com', 'broker@example.com', 'admin@example.com'],
        ['claims@example.com', 'idcard@example.com', 'finance@example.com'],
      ],
      ['enrollmentInsight', ['hr@example.com', 'broker@example.com'], ['claims@example.com', 'reports@example.com']],
      ['requestsInsight', ['hr@example.com'], ['claims@example.com', 'auditor@example.com']],
      ['claimsInsight', ['claims@example.com', 'admin@example.com'], ['hr@example.com', 'broker@example.com']],
      ['fundingInsight', ['funding@example.com', 'finance@example.com'], ['invoice@example.com', 'hr@example.com']],
      ['invoiceInsight', ['invoice@example.com', 'finance@example.com'], ['funding@example.com', 'claims@example.com']],
    ];
    for (const [name, allowed, refused] of cases) {
      for (const email of allowed) expect((await get(name, email)).statusCode, `${name} ${email}`).toBe(200);
      for (const email of refused) expect((await get(name, email)).statusCode, `${name} ${email}`).toBe(403);
    }
  });

  it('refuses another group, and a refusal is audited while an aggregate read is not', async () => {
    const res = await get('membershipInsight', 'hr@example.com', 3);
    expect(res.statusCode).toBe(403);
    const rows = await t.db
      .select({ action: auditEvents.action, employerPK: auditEvents.employerPK })
      .from(auditEvents)
      .where(inArray(auditEvents.endpoint, ['membershipInsight']));
    expect(rows).toContainEqual({ action: 'access.refused', employerPK: 3 });
    expect(rows.some((r) => r.action === 'access.read')).toBe(false);
  });
});
