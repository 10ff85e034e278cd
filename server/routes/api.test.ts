import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { auditEvents, dependents, subscribers } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { handlers } from './handlers';
import { unimplementedEndpoints } from './api';

const FULL_SSN = /\d{3}-\d{2}-\d{4}/;
const url = (name: keyof typeof endpoints, query?: Record<string, string | number | boolean>) =>
  endpointUrl(endpoints[name]) +
  (query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('authentication', () => {
  it('refuses a call without a token with a 401 problem', async () => {
    const res = await t.app.inject({ method: 'GET', url: url('genderList') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
  });

  it('refuses a forged token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url('genderList'),
      headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a user without groups', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url('genderList'),
      headers: await t.auth('nogroups@example.com'),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('lookups', () => {
  it('lists genders, states and relationships including the offered 1, 3 and 24', async () => {
    const headers = await t.auth('hr@example.com');
    const genders = await t.app.inject({ method: 'GET', url: url('genderList'), headers });
    expect(genders.statusCode).toBe(200);
    expect(genders.json().length).toBeGreaterThan(1);
    const relationships = (await t.app.inject({ method: 'GET', url: url('relationshipList'), headers })).json() as {
      pk: number;
    }[];
    expect(relationships.map((r) => r.pk)).toEqual(expect.arrayContaining([1, 3, 24]));
    const states = (await t.app.inject({ method: 'GET', url: url('stateList'), headers })).json();
    expect(states.length).toBeGreaterThanOrEqual(50);
  });

  it('offers more change-plan reasons with needAll, including pk 14', async () => {
    const headers = await t.auth('hr@example.com');
    const common = (
      await t.app.inject({ method: 'GET', url: url('changePlanReasonList'), headers })
    ).json() as unknown[];
    const all = (
      await t.app.inject({ method: 'GET', url: url('changePlanReasonList', { needAll: true }), headers })
    ).json() as { pk: number }[];
    expect(all.length).toBeGreaterThan(common.length);
    expect(all.map((r) => r.pk)).toContain(14);
  });

  it('answers every dropdown in one call, for any role of a group', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url('dropdownLists'),
      headers: await t.auth('claims@example.com'),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const key of [
      'genders',
      'maritalStatuses',
      'states',
      'relationships',
      'payFrequencies',
      'changePlanReasons',
      'terminatePlanReasons',
    ]) {
      expect(body[key].length, key).toBeGreaterThan(0);
    }
  });
});

describe('employer calls', () => {
  it('gives the group header to its members and refuses other groups', async () => {
    const hr = await t.auth('hr@example.com');
    const own = await t.app.inject({ method: 'GET', url: url('employerDetails', { employerPK: 2 }), headers: hr });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ employerPK: 2, employerID: expect.any(String) });
    expect(own.json().employerLogo).toMatch(/^data:image\//);
    const other = await t.app.inject({ method: 'GET', url: url('employerDetails', { employerPK: 3 }), headers: hr });
    expect(other.statusCode).toBe(403);
    const broker = await t.app.inject({
      method: 'GET',
      url: url('employerDetails', { employerPK: 3 }),
      headers: await t.auth('broker@example.com'),
    });
    expect(broker.statusCode).toBe(200);
  });

  it('loads divisions, plans of the current year and tiers', async () => {
    const headers = await t.auth('hr@example.com');
    const divisions = (
      await t.app.inject({ method: 'GET', url: url('employerDivisions', { employerPK: 2 }), headers })
    ).json() as { pk: number }[];
    expect(divisions.length).toBeGreaterThan(0);
    const division = divisions[0]!.pk;
    const year = new Date().getFullYear();
    for (const planType of ['Medical', 'Dental', 'FSA']) {
      const res = await t.app.inject({
        method: 'GET',
        url: url('availablePlanList', { employerPK: 2, division, year, planType }),
        headers,
      });
      expect(res.statusCode, planType).toBe(200);
      const plans = res.json() as { contractBeginDate: string; contractEndDate: string }[];
      expect(plans.length, planType).toBeGreaterThan(0);
      for (const plan of plans) {
        expect(plan.contractBeginDate <= `${year}-12-31` && plan.contractEndDate >= `${year}-01-01`).toBe(true);
      }
    }
    const single = (
      await t.app.inject({
        method: 'GET',
        url: url('coverageOptions', { employerPK: 2, isMedical: true, hasDependents: false, divisionId: division }),
        headers,
      })
    ).json() as { pk: number }[];
    const family = (
      await t.app.inject({
        method: 'GET',
        url: url('coverageOptions', { employerPK: 2, isMedical: true, hasDependents: true, divisionId: division }),
        headers,
      })
    ).json() as { pk: number }[];
    expect(single.length).toBeGreaterThan(0);
    expect(family.length).toBeGreaterThan(single.length);
  });

  it('answers bad input with a 400 problem naming the field', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url('availablePlanList', { employerPK: 2, division: 1, year: 2026, planType: 'Vision' }),
      headers: await t.auth('hr@example.com'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('planType');
  });

  it('keeps member screens from roles without them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url('employerDivisions', { employerPK: 2 }),
      headers: await t.auth('claims@example.com'),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('SubscriberList', () => {
  const list = async (email: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: url('subscriberList'),
      headers: await t.auth(email),
      payload: { employerPK: 2, ...body },
    });

  it('pages 20 at a time, zero-based, and never sends a full SSN', async () => {
    const first = await list('hr@example.com', {});
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.list).toHaveLength(20);
    expect(body.recordCount).toBeGreaterThan(100);
    expect(first.body).not.toMatch(FULL_SSN);
    expect(body.list[0]).not.toHaveProperty('ssn');
    const second = (await list('hr@example.com', { page: 1 })).json();
    expect(second.list[0].subscriberPK).not.toBe(body.list[0].subscriberPK);
  });

  it('sorts both ways on the chosen column', async () => {
    const asc = (await list('hr@example.com', { sortColumn: 'lastName ASC', recordsPerPage: 100 })).json().list as {
      lastName: string;
    }[];
    const desc = (await list('hr@example.com', { sortColumn: 'lastName DESC', recordsPerPage: 100 })).json().list as {
      lastName: string;
    }[];
    const names = asc.map((s) => s.lastName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0));
    expect(desc[0]!.lastName.localeCompare(asc[0]!.lastName)).toBeGreaterThanOrEqual(0);
    const byHire = (await list('hr@example.com', { sortColumn: 'employmentDetails.dateOfHire DESC' })).json().list as {
      dateOfHire: string;
    }[];
    expect(byHire.map((s) => s.dateOfHire)).toEqual(
      byHire
        .map((s) => s.dateOfHire)
        .sort()
        .reverse(),
    );
  });

  it('filters by name, SSN last 4 and termed status', async () => {
    const [someone] = await t.db.select().from(subscribers).where(eq(subscribers.employerPK, 2)).limit(1);
    const byName = (await list('hr@example.com', { lastName: someone!.lastName.slice(0, 3).toLowerCase() })).json();
    expect(
      byName.list.every((s: { lastName: string }) =>
        s.lastName.toLowerCase().includes(someone!.lastName.slice(0, 3).toLowerCase()),
      ),
    ).toBe(true);
    const bySsn = (await list('hr@example.com', { ssn: someone!.ssnLast4, includeTermedMembers: true })).json();
    expect(bySsn.list.map((s: { subscriberPK: number }) => s.subscriberPK)).toContain(someone!.subscriberPK);
    const active = (await list('hr@example.com', {})).json().recordCount;
    const all = (await list('hr@example.com', { includeTermedMembers: true })).json().recordCount;
    const [termed] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, 2), isNotNull(subscribers.termDate)));
    expect(all - active).toBe(termed!.n);
    expect(termed!.n).toBeGreaterThan(0);
  });

  it('serves the ID card role, refuses claims-only users and other groups, rejects bad sorts', async () => {
    expect((await list('idcard@example.com', {})).statusCode).toBe(200);
    expect((await list('claims@example.com', {})).statusCode).toBe(403);
    expect((await list('hr@example.com', { employerPK: 3 })).statusCode).toBe(403);
    const bad = await list('hr@example.com', { sortColumn: 'ssn ASC; drop table subscribers' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('sortColumn');
  });
});

describe('SubscriberDetails, DependentList, DependentEnrollmentDetails', () => {
  it('returns a subscriber of the group without the full SSN', async () => {
    const [s] = await t.db.select().from(subscribers).where(eq(subscribers.employerPK, 2)).limit(1);
    const res = await t.app.inject({
      method: 'GET',
      url: url('subscriberDetails', { pk: s!.subscriberPK }),
      headers: await t.auth('hr@example.com'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      subscriberPK: s!.subscriberPK,
      ssnLast4: s!.ssnLast4,
      subscriber: { lastName: s!.lastName },
    });
    expect(res.body).not.toContain(s!.ssn);
  });

  it('answers 404 for a subscriber of another group and for unknown ids, 400 for non-numbers', async () => {
    const [other] = await t.db.select().from(subscribers).where(eq(subscribers.employerPK, 3)).limit(1);
    const headers = await t.auth('hr@example.com');
    expect(
      (await t.app.inject({ method: 'GET', url: url('subscriberDetails', { pk: other!.subscriberPK }), headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: url('subscriberDetails', { pk: 99_999_999 }), headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: url('subscriberDetails', { pk: 'abc' }), headers })).statusCode,
    ).toBe(400);
  });

  it('lists dependents, hides termed ones on request, and answers 404 when there are none', async () => {
    const headers = await t.auth('hr@example.com');
    const [withTermed] = await t.db
      .select({ subscriberPK: dependents.subscriberPK })
      .from(dependents)
      .innerJoin(subscribers, eq(subscribers.subscriberPK, dependents.subscriberPK))
      .where(and(eq(subscribers.employerPK, 2), isNotNull(dependents.termDate)))
      .limit(1);
    const all = await t.app.inject({
      method: 'GET',
      url: url('dependentList', { subscriberPK: withTermed!.subscriberPK }),
      headers,
    });
    expect(all.statusCode).toBe(200);
    expect(all.body).not.toMatch(FULL_SSN);
    const active = await t.app.inject({
      method: 'GET',
      url: url('dependentList', { subscriberPK: withTermed!.subscriberPK, includetermed: false }),
      headers,
    });
    const activeCount = active.statusCode === 404 ? 0 : active.json().length;
    expect(activeCount).toBeLessThan(all.json().length);

    const [lonely] = await t.db
      .select({ subscriberPK: subscribers.subscriberPK })
      .from(subscribers)
      .where(
        and(
          eq(subscribers.employerPK, 2),
          sql`not exists (select 1 from dependents d where d.subscriber_pk = ${subscribers.subscriberPK})`,
        ),
      )
      .limit(1);
    const none = await t.app.inject({
      method: 'GET',
      url: url('dependentList', { subscriberPK: lonely!.subscriberPK }),
      headers,
    });
    expect(none.statusCode).toBe(404);
  });

  it('gives a dependent’s plan information', async () => {
    const [d] = await t.db
      .select({ dependentPK: dependents.dependentPK })
      .from(dependents)
      .innerJoin(subscribers, eq(subscribers.subscriberPK, dependents.subscriberPK))
      .where(eq(subscribers.employerPK, 2))
      .limit(1);
    const res = await t.app.inject({
      method: 'GET',
      url: url('dependentEnrollmentDetails', { dependentPK: d!.dependentPK }),
      headers: await t.auth('hr@example.com'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('dependentPK', d!.dependentPK);
  });
});

describe('robustness and bookkeeping', () => {
  it('answers malformed JSON with a 400 problem, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url('subscriberList'),
      headers: { ...(await t.auth('hr@example.com')), 'content-type': 'application/json' },
      payload: '{"employerPK": 2,',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('records page views without search params', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url('pageView'),
      headers: await t.auth('hr@example.com'),
      payload: { path: '/coverage-inquiry?lastName=Smith' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'pageView'));
    expect(rows.at(-1)?.detail).toEqual({ path: '/coverage-inquiry' });
  });

  it('publishes every call in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const endpoint of Object.values(endpoints)) expect(paths).toContain(endpointUrl(endpoint));
  });

  it('implements every call, and answers 501 for a call without a handler', async () => {
    expect(unimplementedEndpoints(handlers)).toEqual([]);
    const { requestList: _omitted, ...partial } = handlers;
    const bare = await createTestApp({ handlers: partial });
    try {
      expect(unimplementedEndpoints(partial)).toEqual(['requestList']);
      const res = await bare.app.inject({
        method: 'POST',
        url: url('requestList'),
        headers: { ...(await bare.auth('hr@example.com')), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'employerPK=2&page=0',
      });
      expect(res.statusCode).toBe(501);
      expect(res.json()).toMatchObject({ status: 501, title: 'Not Implemented' });
    } finally {
      await bare.close();
    }
  });
});
