import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints, type EndpointName } from '../../src/contracts/endpoints';
import { auditEvents, claims, dependents, documents, fsaElections, idCards, requests, subscribers } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Call = { query?: Record<string, string | number>; body?: unknown; form?: boolean };

async function call(name: EndpointName, email: string | null, { query, body, form }: Call = {}) {
  const endpoint = endpoints[name];
  const search = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '';
  const payload: string | object | undefined =
    body === undefined
      ? undefined
      : form
        ? new URLSearchParams(body as Record<string, string>).toString()
        : (body as object);
  return t.app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint) + search,
    headers: {
      ...(email ? await t.auth(email) : {}),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    payload,
  });
}

const lastPK = async () =>
  (await t.db.select({ n: sql<number>`coalesce(max(${auditEvents.auditEventPK}), 0)` }).from(auditEvents))[0]!.n;

/** The access rows written since `after` (census and page-view events are not access rows). */
const accessRowsAfter = (after: number) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(gt(auditEvents.auditEventPK, after), isNotNull(auditEvents.endpoint)))
    .orderBy(asc(auditEvents.auditEventPK));

async function group2Records() {
  const [withDependents] = await t.db
    .select({ subscriberPK: dependents.subscriberPK, dependentPK: dependents.dependentPK })
    .from(dependents)
    .innerJoin(subscribers, eq(subscribers.subscriberPK, dependents.subscriberPK))
    .where(eq(subscribers.employerPK, 2))
    .limit(1);
  const [card] = await t.db
    .select({ subscriberPK: idCards.subscriberPK })
    .from(idCards)
    .innerJoin(subscribers, eq(subscribers.subscriberPK, idCards.subscriberPK))
    .where(eq(subscribers.employerPK, 2))
    .limit(1);
  const [fsa] = await t.db
    .select({ subscriberPK: fsaElections.subscriberPK })
    .from(fsaElections)
    .innerJoin(subscribers, eq(subscribers.subscriberPK, fsaElections.subscriberPK))
    .where(eq(subscribers.employerPK, 2))
    .limit(1);
  const [claim] = await t.db.select().from(claims).where(eq(claims.employerPK, 2)).limit(1);
  const [request] = await t.db
    .select({ requestPK: requests.requestPK })
    .from(requests)
    .where(and(eq(requests.employerPK, 2), inArray(requests.type, ['NewEnrollment'])))
    .limit(1);
  const docs = await t.db.select().from(documents).where(eq(documents.employerPK, 2));
  const doc = (kind: string) => docs.find((d) => d.kind === kind)!.documentName;
  return {
    withDependents: withDependents!,
    card: card!,
    fsa: fsa!,
    claim: claim!,
    requestPK: request!.requestPK,
    doc,
  };
}

describe('access audit of member reads', () => {
  it('writes exactly one row per read with actor, group, endpoint, records, status and address', async () => {
    const r = await group2Records();
    const { subscriberPK, dependentPK } = r.withDependents;
    const allDependents = await t.db.select().from(dependents).where(eq(dependents.subscriberPK, subscriberPK));
    const cases: [EndpointName, Call, string[]][] = [
      ['subscriberDetails', { query: { pk: subscriberPK } }, [`subscriber:${subscriberPK}`]],
      [
        'dependentList',
        { query: { subscriberPK } },
        [`subscriber:${subscriberPK}`, ...allDependents.map((d) => `dependent:${d.dependentPK}`)],
      ],
      ['dependentEnrollmentDetails', { query: { dependentPK } }, [`dependent:${dependentPK}`]],
      ['viewIdCard', { query: { subscriberPK: r.card.subscriberPK } }, [`subscriber:${r.card.subscriberPK}`]],
      ['idCardPdf', { query: { subscriberPK: r.card.subscriberPK } }, [`subscriber:${r.card.subscriberPK}`]],
      ['fsaInformation', { query: { subscriberPK: r.fsa.subscriberPK } }, [`subscriber:${r.fsa.subscriberPK}`]],
      [
        'claimEobPdf',
        { query: { claimPK: r.claim.claimID, subscriberPK: r.claim.subscriberPK } },
        [`claim:${r.claim.claimID}`, `subscriber:${r.claim.subscriberPK}`],
      ],
      ['getEnrollmentRequest', { query: { requestPK: r.requestPK } }, [`request:${r.requestPK}`]],
      ['requestDetails', { query: { requestPK: r.requestPK } }, [`request:${r.requestPK}`]],
      ['viewEnrollmentPdf', { query: { requestPK: r.requestPK } }, [`request:${r.requestPK}`]],
      ['censusReport', { body: { employerPK: 2 } }, []],
      ['specAggFile', { query: { employerPK: 2, file: r.doc('monthly') } }, []],
      ['getFundingReport', { query: { employerPK: 2, fileName: r.doc('funding') } }, []],
      ['getInvoice', { query: { employerPK: 2, fileName: r.doc('invoice') } }, []],
    ];
    for (const [name, input, records] of cases) {
      const before = await lastPK();
      const res = await call(name, 'admin@example.com', input);
      expect(res.statusCode, name).toBe(200);
      const rows = await accessRowsAfter(before);
      expect(rows, name).toHaveLength(1);
      expect(rows[0], name).toMatchObject({
        actor: 'user-admin',
        actorEmail: 'admin@example.com',
        employerPK: 2,
        endpoint: name,
        action: 'access.read',
        status: 200,
        ip: '127.0.0.1',
      });
      expect([...(rows[0]!.records ?? [])].sort(), name).toEqual([...records].sort());
    }
  });

  it('names the rows of the page a list answered, and no more', async () => {
    const cases: [EndpointName, Call, string, (body: never) => string[]][] = [
      [
        'subscriberList',
        { body: { employerPK: 2, recordsPerPage: 5 } },
        'subscriber',
        (b: { list: { subscriberPK: number }[] }) => b.list.map((s) => `subscriber:${s.subscriberPK}`),
      ],
      [
        'requestList',
        { body: { employerPK: '2', recordsPerPage: '5' }, form: true },
        'request',
        (b: { list: { pk: number }[] }) => b.list.map((s) => `request:${s.pk}`),
      ],
      [
        'claimSearch',
        { query: { employerPK: 2 }, body: { recordsPerPage: 5 } },
        'claim',
        (b: { list: { claimID: number }[] }) => b.list.map((c) => `claim:${c.claimID}`),
      ],
    ];
    for (const [name, input, kind, expected] of cases) {
      const before = await lastPK();
      const res = await call(name, 'admin@example.com', input);
      expect(res.statusCode, name).toBe(200);
      const rows = await accessRowsAfter(before);
      expect(rows, name).toHaveLength(1);
      const ids = expected(res.json() as never);
      expect(ids.length, name).toBe(5);
      expect(rows[0]!.records!.filter((id) => id.startsWith(`${kind}:`)).sort(), name).toEqual(ids.sort());
    }
  });

  it('writes nothing for lookups, the group header, census counts and page views', async () => {
    const before = await lastPK();
    expect((await call('genderList', 'hr@example.com')).statusCode).toBe(200);
    expect((await call('employerDetails', 'hr@example.com', { query: { employerPK: 2 } })).statusCode).toBe(200);
    expect((await call('censusSummary', 'hr@example.com', { body: { employerPK: 2 } })).statusCode).toBe(200);
    expect((await call('pageView', 'hr@example.com', { body: { path: '/' } })).statusCode).toBe(200);
    expect(await accessRowsAfter(before)).toEqual([]);
  });

  it('never stores a value, an SSN or a token', async () => {
    const { withDependents } = await group2Records();
    const before = await lastPK();
    await call('subscriberDetails', 'hr@example.com', { query: { pk: withDependents.subscriberPK } });
    const [row] = await accessRowsAfter(before);
    const text = JSON.stringify(row);
    expect(text).not.toMatch(/\d{3}-?\d{2}-?\d{4}/);
    expect(text).not.toMatch(/eyJ/);
    expect(Object.keys(row!).sort()).toEqual(
      [
        'action',
        'actor',
        'actorEmail',
        'at',
        'auditEventPK',
        'detail',
        'employerPK',
        'endpoint',
        'ip',
        'records',
        'status',
      ].sort(),
    );
  });
});

describe('access audit of refused calls', () => {
  it('records another group’s member as 404 under that group, and a group without a role as 403', async () => {
    const [other] = await t.db.select().from(subscribers).where(eq(subscribers.employerPK, 3)).limit(1);
    let before = await lastPK();
    expect((await call('subscriberDetails', 'hr@example.com', { query: { pk: other!.subscriberPK } })).statusCode).toBe(
      404,
    );
    expect(await accessRowsAfter(before)).toEqual([
      expect.objectContaining({
        actor: 'user-hr',
        employerPK: 3,
        endpoint: 'subscriberDetails',
        action: 'access.refused',
        status: 404,
        records: [`subscriber:${other!.subscriberPK}`],
      }),
    ]);

    before = await lastPK();
    expect((await call('subscriberList', 'hr@example.com', { body: { employerPK: 3 } })).statusCode).toBe(403);
    expect(await accessRowsAfter(before)).toEqual([
      expect.objectContaining({ actor: 'user-hr', employerPK: 3, status: 403, action: 'access.refused' }),
    ]);
  });

  it('records a role refusal, also on a call that is not audited when allowed', async () => {
    let before = await lastPK();
    // Refused before its body is read (no group of the caller grants the area): the group it named
    // is not known, the row is still written.
    expect((await call('subscriberList', 'claims@example.com', { body: { employerPK: 2 } })).statusCode).toBe(403);
    expect(await accessRowsAfter(before)).toEqual([
      expect.objectContaining({ actor: 'user-claims', employerPK: null, endpoint: 'subscriberList', status: 403 }),
    ]);
    // A record named in the query is known at once: the row goes to the record's group.
    const [member] = await t.db.select().from(subscribers).where(eq(subscribers.employerPK, 2)).limit(1);
    before = await lastPK();
    expect(
      (await call('subscriberDetails', 'claims@example.com', { query: { pk: member!.subscriberPK } })).statusCode,
    ).toBe(403);
    expect(await accessRowsAfter(before)).toEqual([
      expect.objectContaining({
        actor: 'user-claims',
        employerPK: 2,
        endpoint: 'subscriberDetails',
        status: 403,
        records: [`subscriber:${member!.subscriberPK}`],
      }),
    ]);
    before = await lastPK();
    const documentList = { filterOptions: { employerPK: 2 } };
    expect((await call('invoiceList', 'claims@example.com', { body: documentList })).statusCode).toBe(403);
    expect(await accessRowsAfter(before)).toEqual([
      expect.objectContaining({ endpoint: 'invoiceList', status: 403, action: 'access.refused' }),
    ]);
  });

  it('records a call without a token as 401 by an anonymous actor', async () => {
    const before = await lastPK();
    expect((await call('subscriberDetails', null, { query: { pk: 1 } })).statusCode).toBe(401);
    expect(await accessRowsAfter(before)).toEqual([
      expect.objectContaining({ actor: 'anonymous', employerPK: null, status: 401, records: ['subscriber:1'] }),
    ]);
  });
});

describe('access audit of changes', () => {
  it('writes the row of a change with the change, and a row of its own when the change is refused', async () => {
    // A covered member: an ID card needs a plan in force.
    const [member] = await t.db
      .select()
      .from(subscribers)
      .where(
        and(
          eq(subscribers.employerPK, 2),
          sql`${subscribers.termDate} is null`,
          sql`exists (select 1 from coverages c where c.subscriber_pk = ${subscribers.subscriberPK} and c.end_date is null)`,
        ),
      )
      .orderBy(subscribers.subscriberPK)
      .limit(1);
    let before = await lastPK();
    const res = await call('requestIdCard', 'hr@example.com', { query: { subscriberPK: member!.subscriberPK } });
    expect(res.statusCode).toBe(200);
    expect(await accessRowsAfter(before)).toEqual([
      expect.objectContaining({
        actor: 'user-hr',
        employerPK: 2,
        endpoint: 'requestIdCard',
        action: 'access.change',
        status: 200,
        records: [`subscriber:${member!.subscriberPK}`],
      }),
    ]);

    const [submitted] = await t.db
      .select({ requestPK: requests.requestPK })
      .from(requests)
      .where(and(eq(requests.employerPK, 2), eq(requests.status, 'PushedToRemote')))
      .limit(1);
    before = await lastPK();
    expect(
      (await call('cancelRequest', 'hr@example.com', { query: { requestPK: submitted!.requestPK } })).statusCode,
    ).toBe(409);
    expect(await accessRowsAfter(before)).toEqual([
      expect.objectContaining({
        endpoint: 'cancelRequest',
        action: 'access.change',
        status: 409,
        records: [`request:${submitted!.requestPK}`],
      }),
    ]);
  });
});

describe('the audit table is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database', async () => {
    const before = await lastPK();
    await call('subscriberList', 'hr@example.com', { body: { employerPK: 2 } });
    const [row] = await accessRowsAfter(before);
    await expect(
      t.db
        .update(auditEvents)
        .set({ status: 200, actor: 'someone-else' })
        .where(eq(auditEvents.auditEventPK, row!.auditEventPK)),
    ).rejects.toThrow();
    await expect(t.db.delete(auditEvents).where(eq(auditEvents.auditEventPK, row!.auditEventPK))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    const [still] = await t.db.select().from(auditEvents).where(eq(auditEvents.auditEventPK, row!.auditEventPK));
    expect(still).toEqual(row);
  });
});
