import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import type { MyBenefits } from '../../src/contracts/my-benefits';
import { centsText, toCents } from '../../src/contracts/plan-years';
import { auditEvents, dependents, subscribers, userGrants } from '../db/schema';
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
