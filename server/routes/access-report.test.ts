import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import type { AccessEvent } from '../../src/contracts/access-report';
import { auditEvents, dependents, subscribers } from '../db/schema';
import { localToday } from '../lib/calendar';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let member: { subscriberPK: number; lastName: string; ssnLast4: string };
let dependentPK: number;

const qs = (query: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

const report = async (email: string, query: Record<string, string | number>) =>
  t.app.inject({
    method: 'GET',
    url: `${endpointUrl(endpoints.accessReport)}?${qs({ employerPK: 2, ...query })}`,
    headers: await t.auth(email),
  });
const listOf = (res: { json(): unknown }) => res.json() as { list: AccessEvent[]; recordCount: number };

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db
    .select({
      subscriberPK: subscribers.subscriberPK,
      lastName: subscribers.lastName,
      ssnLast4: subscribers.ssnLast4,
      dependentPK: dependents.dependentPK,
    })
    .from(subscribers)
    .innerJoin(dependents, eq(dependents.subscriberPK, subscribers.subscriberPK))
    .where(eq(subscribers.employerPK, 2))
    .limit(1);
  member = rows[0]!;
  dependentPK = rows[0]!.dependentPK;
  // HR reads the member, the broker reads one dependent of theirs, the admin lists subscribers.
  const get = async (email: string, name: 'subscriberDetails' | 'dependentEnrollmentDetails', q: object) =>
    t.app.inject({
      method: 'GET',
      url: `${endpointUrl(endpoints[name])}?${qs(q as Record<string, number>)}`,
      headers: await t.auth(email),
    });
  expect((await get('hr@example.com', 'subscriberDetails', { pk: member.subscriberPK })).statusCode).toBe(200);
  expect((await get('broker@example.com', 'dependentEnrollmentDetails', { dependentPK })).statusCode).toBe(200);
  for (let page = 0; page < 4; page++) {
    const list = await t.app.inject({
      method: 'POST',
      url: endpointUrl(endpoints.subscriberList),
      headers: await t.auth('admin@example.com'),
      payload: { employerPK: 2, recordsPerPage: 3, page },
    });
    expect(list.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('Access Report', () => {
  it('lets GroupAdmin and Auditor read it and refuses HR; the auditor gets nothing else', async () => {
    expect((await report('admin@example.com', {})).statusCode).toBe(200);
    expect((await report('auditor@example.com', {})).statusCode).toBe(200);
    expect((await report('hr@example.com', {})).statusCode).toBe(403);
    expect((await report('auditor@example.com', { employerPK: 3 })).statusCode).toBe(403);
    const memberCall = await t.app.inject({
      method: 'GET',
      url: `${endpointUrl(endpoints.subscriberDetails)}?pk=${member.subscriberPK}`,
      headers: await t.auth('auditor@example.com'),
    });
    expect(memberCall.statusCode).toBe(403);
    const census = await t.app.inject({
      method: 'POST',
      url: endpointUrl(endpoints.censusReport),
      headers: await t.auth('auditor@example.com'),
      payload: { employerPK: 2 },
    });
    expect(census.statusCode).toBe(403);
  });

  it('finds who looked at a member by last name and by SSN last 4, dependents included', async () => {
    for (const filter of [member.lastName.slice(0, 4).toLowerCase(), member.ssnLast4]) {
      const res = await report('auditor@example.com', { member: filter, recordsPerPage: 100 });
      expect(res.statusCode, filter).toBe(200);
      const reads = listOf(res).list.filter((e) => e.action === 'access.read');
      expect(reads, filter).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            actorEmail: 'hr@example.com',
            endpoint: 'subscriberDetails',
            records: [`subscriber:${member.subscriberPK}`],
          }),
          expect.objectContaining({ actorEmail: 'broker@example.com', endpoint: 'dependentEnrollmentDetails' }),
        ]),
      );
    }
    const nobody = await report('auditor@example.com', { member: 'Zzznobody' });
    expect(listOf(nobody)).toEqual({ list: [], recordCount: 0 });
  });

  it("shows and filters rows written under a call's former name by its current name", async () => {
    // A claim search audited before the call took its journey's name.
    await t.db.insert(auditEvents).values({
      actor: 'former-sub',
      actorEmail: 'claims@example.com',
      employerPK: 2,
      action: 'access.read',
      endpoint: 'claimDetails',
      status: 200,
      records: [],
    });
    const byAction = listOf(await report('auditor@example.com', { endpoint: 'claimSearch', recordsPerPage: 100 }));
    expect(byAction.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ actor: 'former-sub', endpoint: 'claimSearch' })]),
    );
    expect(byAction.list.every((e) => e.endpoint === 'claimSearch')).toBe(true);
  });

  it('filters by user, action, outcome and date range, and pages', async () => {
    const byUser = listOf(await report('auditor@example.com', { user: 'BROKER@', recordsPerPage: 100 }));
    expect(byUser.list.length).toBeGreaterThan(0);
    expect(byUser.list.every((e) => e.actorEmail === 'broker@example.com')).toBe(true);

    const byAction = listOf(await report('auditor@example.com', { endpoint: 'subscriberList' }));
    expect(byAction.list.length).toBeGreaterThan(0);
    expect(byAction.list.every((e) => e.endpoint === 'subscriberList')).toBe(true);

    const refused = listOf(await report('auditor@example.com', { outcome: 'refused', recordsPerPage: 100 }));
    expect(refused.list.length).toBeGreaterThan(0);
    expect(refused.list.every((e) => [401, 403, 404].includes(e.status!))).toBe(true);

    const today = localToday();
    expect(listOf(await report('auditor@example.com', { from: today, to: today })).recordCount).toBeGreaterThan(0);
    expect(listOf(await report('auditor@example.com', { from: '2000-01-01', to: '2000-12-31' })).recordCount).toBe(0);

    // Other users' rows only: each read of the report adds a row of the auditor's.
    const all = listOf(await report('auditor@example.com', { user: 'admin@', recordsPerPage: 100 }));
    const page = listOf(await report('auditor@example.com', { user: 'admin@', recordsPerPage: 2, page: 1 }));
    expect(page.recordCount).toBe(all.recordCount);
    expect(page.list).toHaveLength(2);
    expect(page.list.map((e) => e.auditEventPK)).toEqual(all.list.slice(2, 4).map((e) => e.auditEventPK));
    // Newest first by default.
    expect(all.list[0]!.at >= all.list.at(-1)!.at).toBe(true);
  });

  it('answers the total a later page brings instead of counting again', async () => {
    const first = listOf(await report('auditor@example.com', { user: 'admin@', recordsPerPage: 2 }));
    const later = listOf(
      await report('auditor@example.com', { user: 'admin@', recordsPerPage: 2, page: 1, knownCount: 567 }),
    );
    expect(first.recordCount).toBeLessThan(567);
    expect(later.recordCount).toBe(567);
    expect(later.list).toHaveLength(2);
    expect((await report('auditor@example.com', { knownCount: -1 })).statusCode).toBe(400);
  });

  it('audits reading the report itself, without the filter values', async () => {
    await report('auditor@example.com', { member: member.ssnLast4 });
    const [row] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actor, 'user-auditor'), isNotNull(auditEvents.endpoint)))
      .orderBy(desc(auditEvents.auditEventPK))
      .limit(1);
    expect(row).toMatchObject({ endpoint: 'accessReport', employerPK: 2, status: 200, action: 'access.read' });
    expect(JSON.stringify(row)).not.toContain(member.ssnLast4);
  });

  it('exports the filtered list as CSV, audited', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${endpointUrl(endpoints.accessReportCsv)}?${qs({ employerPK: 2, user: 'hr@' })}`,
      headers: await t.auth('auditor@example.com'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.User === 'hr@example.com')).toBe(true);
    expect(rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ Endpoint: 'subscriberDetails', Status: '200' })]),
    );
    const [row] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.endpoint, 'accessReportCsv'))
      .orderBy(desc(auditEvents.auditEventPK))
      .limit(1);
    expect(row).toMatchObject({ actor: 'user-auditor', status: 200 });
  });
});
