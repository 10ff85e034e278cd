import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import type { Claim } from '../../src/contracts/claims';
import type { MyBenefits, MyClaimList, MyDocuments } from '../../src/contracts/my-benefits';
import { centsText, toCents } from '../../src/contracts/plan-years';
import {
  auditEvents,
  claims,
  dependents,
  electionStatements,
  employers,
  enrollmentWindows,
  subscribers,
  userGrants,
} from '../db/schema';
import { pdfText } from '../test/pdf-text';
import { createTestApp, type TestApp } from '../test/test-app';

type Name = keyof typeof endpoints;
const url = (name: Name, query?: Record<string, string | number>) =>
  endpointUrl(endpoints[name]) +
  (query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '');

const EMPLOYEE = 'employee@example.com';

let t: TestApp;
let ownPK: number;
beforeAll(async () => {
  t = await createTestApp();
  const [grant] = await t.db.select().from(userGrants).where(eq(userGrants.userId, 'user-employee'));
  ownPK = grant!.subscriberPK!;
});
afterAll(async () => {
  await t?.close();
});

async function call(name: Name, email: string, opts: { query?: Record<string, string | number>; body?: object } = {}) {
  const endpoint = endpoints[name];
  return t.app.inject({
    method: endpoint.method,
    url: url(name, opts.query),
    headers: await t.auth(email),
    ...(opts.body ? { payload: opts.body } : {}),
  });
}

describe('My Benefits', () => {
  it('is seeded as a Member of group 2 linked to a subscriber with dependents', async () => {
    const grants = await t.db.select().from(userGrants).where(eq(userGrants.userId, 'user-employee'));
    expect(grants).toEqual([expect.objectContaining({ employerPK: 2, role: 'Member', subscriberPK: ownPK })]);
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(dependents)
      .where(eq(dependents.subscriberPK, ownPK));
    expect(count!.n).toBeGreaterThanOrEqual(2);
  });

  it('shows the member their coverage, dependents and cost per paycheck, and audits the read', async () => {
    const res = await call('myBenefits', EMPLOYEE, { query: { employerPK: 2 } });
    expect(res.statusCode).toBe(200);
    const body = res.json<MyBenefits>();
    expect(body.subscriberPK).toBe(ownPK);
    expect(body.periodsPerYear).toBe(26);
    expect(body.payFrequency).toBe('Bi-Weekly');
    const medical = body.coverages.find((c) => c.planType === 'Medical')!;
    expect(medical.tierName).not.toBe('');
    expect(medical.employeeShare).toMatch(/^\d+\.\d{2}$/);
    expect(medical.covered[0]).toEqual({ name: `${body.firstName} ${body.lastName}`, relationship: 'You' });
    expect(body.dependents.length).toBeGreaterThanOrEqual(2);
    const sum = body.coverages.reduce((s, c) => s + toCents(c.employeeShare ?? '0'), 0);
    expect(body.perPaycheck).toBe(centsText(sum));
    expect(body.perYear).toBe(centsText(sum * 26));
    expect(JSON.stringify(body)).not.toMatch(/\d{3}-?\d{2}-?\d{4}/);

    const [row] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actor, 'user-employee'), eq(auditEvents.endpoint, 'myBenefits')))
      .orderBy(desc(auditEvents.auditEventPK))
      .limit(1);
    expect(row?.records).toEqual([`subscriber:${ownPK}`]);
  });

  it("gives the member their own ID card as a PDF, and nobody else's", async () => {
    const res = await call('myIdCard', EMPLOYEE, { query: { employerPK: 2 } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const [member] = await t.db
      .select({ first: subscribers.firstName, last: subscribers.lastName })
      .from(subscribers)
      .where(eq(subscribers.subscriberPK, ownPK));
    expect(await pdfText(res.rawPayload)).toContain(`${member!.first} ${member!.last}`);
    expect((await call('myIdCard', 'hr@example.com', { query: { employerPK: 2 } })).statusCode).toBe(403);
  });

  it('is refused in another group and to every other role', async () => {
    expect((await call('myBenefits', EMPLOYEE, { query: { employerPK: 3 } })).statusCode).toBe(403);
    for (const email of ['admin@example.com', 'hr@example.com', 'operator@example.com']) {
      expect((await call('myBenefits', email, { query: { employerPK: 2 } })).statusCode, email).toBe(403);
    }
  });

  it("refuses the member the group's screens, even for their own record", async () => {
    expect((await call('subscriberDetails', EMPLOYEE, { query: { pk: ownPK } })).statusCode).toBe(403);
    expect((await call('dependentList', EMPLOYEE, { query: { subscriberPK: ownPK } })).statusCode).toBe(403);
    expect(
      (await call('subscriberList', EMPLOYEE, { body: { employerPK: 2, pageNumber: 0, recordsPerPage: 10 } }))
        .statusCode,
    ).toBe(403);
    expect((await call('membershipInsight', EMPLOYEE, { query: { employerPK: 2 } })).statusCode).toBe(403);
    expect((await call('userList', EMPLOYEE, { query: { employerPK: 2 } })).statusCode).toBe(403);
    expect((await call('planYearList', EMPLOYEE, { query: { employerPK: 2 } })).statusCode).toBe(403);
  });

  it('is not among the users the Users screen manages, and Member is never granted there', async () => {
    const list = await call('userList', 'admin@example.com', { query: { employerPK: 2, search: 'employee@' } });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ recordCount: number }>().recordCount).toBe(0);
    const refused = await call('changeUserRoles', 'admin@example.com', {
      body: { employerPK: 2, userId: 'user-employee', roles: ['Member'] },
    });
    expect(refused.statusCode).toBe(400);
    const notStaff = await call('changeUserRoles', 'admin@example.com', {
      body: { employerPK: 2, userId: 'user-employee', roles: ['IDcard Only'] },
    });
    expect(notStaff.statusCode).toBe(404);
    const grants = await t.db.select().from(userGrants).where(eq(userGrants.userId, 'user-employee'));
    expect(grants.map((g) => g.role)).toEqual(['Member']);
  });
});

describe('My Benefits: claims and documents', () => {
  const setting = (email: string, membersSeeClaims: boolean) =>
    call('setMembersSeeClaims', email, { body: { employerPK: 2, membersSeeClaims } });
  const lastAudit = async (endpoint: string) => {
    const [row] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actor, 'user-employee'), eq(auditEvents.endpoint, endpoint)))
      .orderBy(desc(auditEvents.auditEventPK))
      .limit(1);
    return row;
  };
  let otherPK: number;
  let otherClaimID: number;

  beforeAll(async () => {
    // Enough claims of the member and a dependent for two pages, and one of another member of the group.
    const [dependent] = await t.db.select().from(dependents).where(eq(dependents.subscriberPK, ownPK)).limit(1);
    const [other] = await t.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, 2), ne(subscribers.subscriberPK, ownPK)))
      .limit(1);
    otherPK = other!.subscriberPK;
    const claim = (n: number, subscriberPK: number, patientPK: number | null) => ({
      employerPK: 2,
      subscriberPK,
      patientPK,
      patientFirstName: 'Test',
      patientLastName: `Patient ${n}`,
      providerName: 'Riverside Family Medicine',
      claimNumber: `MYCLAIMS-${n}`,
      claimType: 'Medical' as const,
      serviceDate: `2025-01-${String(n + 1).padStart(2, '0')}`,
      billedAmount: 100 + n,
      allowedAmount: 80,
      planPayment: 60,
      patientOwesAmount: 20,
      paymentDate: null,
    });
    await t.db
      .insert(claims)
      .values(Array.from({ length: 12 }, (_, n) => claim(n, ownPK, n % 2 ? dependent!.dependentPK : null)));
    const [inserted] = await t.db
      .insert(claims)
      .values(claim(20, otherPK, null))
      .returning({ claimID: claims.claimID });
    otherClaimID = inserted!.claimID;
  });

  it('refuses the claims with a clear message while the group has the setting off', async () => {
    // The seed turns the setting on for group 2.
    const seeded = await call('myBenefits', EMPLOYEE, { query: { employerPK: 2 } });
    expect(seeded.json<MyBenefits>().claimsShown).toBe(true);
    expect((await setting('admin@example.com', false)).statusCode).toBe(200);
    const benefits = await call('myBenefits', EMPLOYEE, { query: { employerPK: 2 } });
    expect(benefits.json<MyBenefits>().claimsShown).toBe(false);
    const refused = await call('myClaims', EMPLOYEE, { query: { employerPK: 2 } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toBe('Your employer does not show claims here.');
  });

  it("lists the member's and their dependents' claims only, newest first, a page at a time", async () => {
    expect((await setting('operator@example.com', true)).statusCode).toBe(200);
    const benefits = await call('myBenefits', EMPLOYEE, { query: { employerPK: 2 } });
    expect(benefits.json<MyBenefits>().claimsShown).toBe(true);

    const expected = await t.db
      .select({ claimID: claims.claimID })
      .from(claims)
      .where(eq(claims.subscriberPK, ownPK))
      .orderBy(desc(claims.serviceDate), desc(claims.claimID));
    expect(expected.length).toBeGreaterThanOrEqual(12);

    const first = await call('myClaims', EMPLOYEE, { query: { employerPK: 2 } });
    expect(first.statusCode).toBe(200);
    const page0 = first.json<MyClaimList>();
    expect(page0.recordCount).toBe(expected.length);
    expect(page0.list.map((c) => c.claimID)).toEqual(expected.slice(0, 10).map((c) => c.claimID));
    expect(page0.list.some((c: Claim) => c.patientPK !== null)).toBe(true);

    const second = await call('myClaims', EMPLOYEE, {
      query: { employerPK: 2, page: 1, knownCount: page0.recordCount },
    });
    const page1 = second.json<MyClaimList>();
    expect(page1.list.map((c) => c.claimID)).toEqual(expected.slice(10, 20).map((c) => c.claimID));

    const all = [...page0.list, ...page1.list];
    expect(all.every((c) => c.subscriberPK === ownPK)).toBe(true);
    expect(all.map((c) => c.claimID)).not.toContain(otherClaimID);
    expect((await lastAudit('myClaims'))?.records).toEqual([`subscriber:${ownPK}`]);
  });

  it('lets only the GroupAdmin and the Portal Administrator change the setting', async () => {
    for (const email of ['hr@example.com', 'broker@example.com', EMPLOYEE, 'claims@example.com']) {
      expect((await setting(email, false)).statusCode, email).toBe(403);
    }
    const [group] = await t.db
      .select({ on: employers.membersSeeClaims })
      .from(employers)
      .where(eq(employers.employerPK, 2));
    expect(group?.on).toBe(true);
    const years = await call('planYearList', 'admin@example.com', { query: { employerPK: 2 } });
    expect(years.json<{ membersSeeClaims: boolean }>().membersSeeClaims).toBe(true);
    expect((await call('myClaims', 'hr@example.com', { query: { employerPK: 2 } })).statusCode).toBe(403);
  });

  it("lists the latest statement of each window and gives the member's own as PDFs, nobody else's", async () => {
    const windowOf = async (planYearBegin: string) => {
      const yearBefore = Number(planYearBegin.slice(0, 4)) - 1;
      const [row] = await t.db
        .insert(enrollmentWindows)
        .values({
          employerPK: 2,
          startsOn: `${yearBefore}-11-01`,
          endsOn: `${yearBefore}-11-15`,
          planYearBegin,
          unstartedChoice: 'rollover',
          openedBy: 'user-admin',
          closedBy: 'user-admin',
          closedAt: new Date(),
        })
        .returning({ windowPK: enrollmentWindows.windowPK });
      return row!.windowPK;
    };
    const content = (memberName: string, planName: string) => ({
      memberName,
      planYearBegin: '2021-01-01',
      windowEndsOn: '2020-12-15',
      submittedAt: new Date().toISOString(),
      periodsPerYear: 26,
      lines: [
        {
          planType: 'Medical',
          action: 'change',
          planName,
          tierName: 'Employee',
          perPaycheck: '10.00',
          waiveReason: null,
        },
      ],
      totalPerPaycheck: '10.00',
      totalPerYear: '260.00',
    });
    const older = await windowOf('2021-01-01');
    const newer = await windowOf('2022-01-01');
    const statement = async (windowPK: number, subscriberPK: number, planName: string) => {
      const [row] = await t.db
        .insert(electionStatements)
        .values({ windowPK, subscriberPK, content: content('Member', planName) })
        .returning({ statementPK: electionStatements.statementPK });
      return row!.statementPK;
    };
    await statement(older, ownPK, 'Superseded Plan');
    const olderLatest = await statement(older, ownPK, 'Older Window Plan');
    const newerLatest = await statement(newer, ownPK, 'Newer Window Plan');
    const othersStatement = await statement(newer, otherPK, 'Another Member Plan');

    const res = await call('myDocuments', EMPLOYEE, { query: { employerPK: 2 } });
    expect(res.statusCode).toBe(200);
    const ours = res
      .json<MyDocuments>()
      .statements.filter((s) => s.planYearBegin === '2021-01-01' || s.planYearBegin === '2022-01-01');
    expect(ours.map((s) => [s.statementPK, s.planYearBegin])).toEqual([
      [newerLatest, '2022-01-01'],
      [olderLatest, '2021-01-01'],
    ]);
    expect((await lastAudit('myDocuments'))?.records).toEqual([`subscriber:${ownPK}`]);

    const pdf = await call('myStatement', EMPLOYEE, { query: { employerPK: 2, statementPK: olderLatest } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(pdf.rawPayload)).toContain('Older Window Plan');
    expect(
      (await call('myStatement', EMPLOYEE, { query: { employerPK: 2, statementPK: othersStatement } })).statusCode,
    ).toBe(404);
    expect((await call('myDocuments', 'hr@example.com', { query: { employerPK: 2 } })).statusCode).toBe(403);
    // Tidy: the windows were only for this test.
    await t.db.delete(enrollmentWindows).where(eq(enrollmentWindows.windowPK, older));
    await t.db.delete(enrollmentWindows).where(eq(enrollmentWindows.windowPK, newer));
  });
});
