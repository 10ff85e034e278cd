import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, countDistinct, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { CENSUS_COLUMNS, CENSUS_FILE_NAME } from '../../src/contracts/census';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { auditEvents, coverageOptions, coverages, dependents, lookupValues, plans, subscribers } from '../db/schema';
import { localToday } from '../lib/calendar';
import { censusReport } from '../services/reports';
import { createTestApp, type TestApp } from '../test/test-app';

const CENSUS_URL = endpointUrl(endpoints.censusReport);
const US_DATE = /^\d{2}\/\d{2}\/\d{4}$/;
const today = localToday();
const year = Number(today.slice(0, 4));

// A subscriber whose fields need quoting, and a dependent living elsewhere.
const ODD = {
  subscriberID: 'S02CENSUS1',
  firstName: 'Zoë "Z"',
  lastName: 'O"Neil, Jr',
  ssn: '912-34-5678',
  address1: '1 Main St, Apt "B"',
  address2: '=HYPERLINK("http://x.example")',
  childFirstName: 'Kit',
  childAddress1: '9 Elm Rd',
};

let t: TestApp;
let oddSubscriberPK: number;

beforeAll(async () => {
  t = await createTestApp();
  const [plan] = await t.db
    .select()
    .from(plans)
    .where(and(eq(plans.employerPK, 2), eq(plans.planType, 'Medical'), eq(plans.contractBeginDate, `${year}-01-01`)))
    .limit(1);
  const [tier] = await t.db
    .select()
    .from(coverageOptions)
    .where(and(eq(coverageOptions.divisionPK, plan!.divisionPK), eq(coverageOptions.isMedical, true)))
    .orderBy(desc(coverageOptions.requiresDependents))
    .limit(1);
  const [texas] = await t.db
    .select({ pk: lookupValues.pk })
    .from(lookupValues)
    .where(and(eq(lookupValues.kind, 'state'), eq(lookupValues.code, 'TX')));
  const [sub] = await t.db
    .insert(subscribers)
    .values({
      employerPK: 2,
      subscriberID: ODD.subscriberID,
      firstName: ODD.firstName,
      lastName: ODD.lastName,
      ssn: ODD.ssn,
      ssnLast4: ODD.ssn.slice(-4),
      dateOfBirth: '1980-02-29',
      genderPK: 2,
      address1: ODD.address1,
      address2: ODD.address2,
      city: 'Austin',
      statePK: texas!.pk,
      zipCode: '78701',
      phone1: '5125550100',
      email: 'oneil@example.com',
      dateOfHire: '2015-07-04',
      divisionPK: plan!.divisionPK,
    })
    .returning();
  oddSubscriberPK = sub!.subscriberPK;
  const [child] = await t.db
    .insert(dependents)
    .values({
      subscriberPK: oddSubscriberPK,
      dependentID: `${ODD.subscriberID}-01`,
      firstName: ODD.childFirstName,
      lastName: ODD.lastName,
      dateOfBirth: '2012-05-01',
      genderPK: 1,
      relationshipPK: 3,
      sameAddress: false,
      address1: ODD.childAddress1,
      city: 'Dallas',
      statePK: texas!.pk,
      zipCode: '75201',
    })
    .returning();
  const begin = `${year}-01-01`;
  await t.db.insert(coverages).values([
    { subscriberPK: oddSubscriberPK, planPK: plan!.planPK, coverageOptionPK: tier!.coverageOptionPK, beginDate: begin },
    {
      subscriberPK: oddSubscriberPK,
      dependentPK: child!.dependentPK,
      planPK: plan!.planPK,
      coverageOptionPK: tier!.coverageOptionPK,
      beginDate: begin,
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

async function census(email: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: CENSUS_URL, headers: await t.auth(email), payload: body });
}

function rowsOf(csv: string) {
  const [header, ...rows] = parse(csv, { bom: true }) as string[][];
  const records = rows.map(
    (r) =>
      Object.fromEntries(CENSUS_COLUMNS.map((c, i) => [c, r[i] ?? ''])) as Record<
        (typeof CENSUS_COLUMNS)[number],
        string
      >,
  );
  return { header, rows, records };
}

/** Coverage rows and covered members of group 2 overlapping [start, end], read straight from the tables. */
async function expectedCounts(start: string, end: string) {
  const where = and(
    eq(subscribers.employerPK, 2),
    inArray(plans.planType, ['Medical', 'Dental']),
    lte(coverages.beginDate, end),
    or(isNull(coverages.endDate), gte(coverages.endDate, start)),
  );
  const [row] = await t.db
    .select({
      coverages: count(),
      members: countDistinct(sql`(${coverages.subscriberPK}, coalesce(${coverages.dependentPK}, 0))`),
      subscribers: countDistinct(sql`case when ${coverages.dependentPK} is null then ${coverages.subscriberPK} end`),
    })
    .from(coverages)
    .innerJoin(subscribers, eq(subscribers.subscriberPK, coverages.subscriberPK))
    .innerJoin(plans, eq(plans.planPK, coverages.planPK))
    .where(where);
  return row!;
}

function memberKeys(records: ReturnType<typeof rowsOf>['records']) {
  return new Set(records.map((r) => [r['Subscriber ID'], r.Relation, r['First Name'], r['Date Of Birth']].join('|')));
}

describe('GetCensusForGroup', () => {
  it('downloads Census Report.csv with the columns in order and one row per covered member and plan today', async () => {
    const res = await census('hr@example.com', { employerPK: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.headers['content-disposition']).toContain(`filename="${CENSUS_FILE_NAME}"`);
    expect(res.headers['cache-control']).toBe('no-store');

    const { header, records } = rowsOf(res.body);
    expect(header).toEqual([...CENSUS_COLUMNS]);
    const expected = await expectedCounts(today, today);
    expect(records.length).toBe(expected.coverages);
    expect(memberKeys(records).size).toBe(expected.members);
    expect(new Set(records.filter((r) => r.Relation === 'Subscriber').map((r) => r['Subscriber ID'])).size).toBe(
      expected.subscribers,
    );
    expect(records.some((r) => r.Relation === 'Spouse' || r.Relation === 'Child')).toBe(true);
    for (const r of records) {
      expect(r['Date Of Birth']).toMatch(US_DATE);
      expect(r['Coverage Start']).toMatch(US_DATE);
      expect(r['Plan Code']).not.toBe('');
      expect(r['Tier Code']).not.toBe('');
      expect(r['Division Code']).not.toBe('');
      if (r.Relation === 'Subscriber') expect(r['SSN#']).toMatch(/^\d{3}-\d{2}-\d{4}$/);
      else expect(r['Date Of Hire']).toBe('');
    }
  });

  it('quotes names with commas and quotes, carries the full SSN and defuses formulas', async () => {
    const res = await census('hr@example.com', { employerPK: 2 });
    expect(res.body).toContain('"O""Neil, Jr"');
    expect(res.body).toContain('"Zoë ""Z"""');
    const { records } = rowsOf(res.body);
    const mine = records.filter((r) => r['Subscriber ID'] === ODD.subscriberID);
    expect(mine).toHaveLength(2);
    const [subscriber, child] = mine;
    expect(subscriber).toMatchObject({
      'First Name': ODD.firstName,
      'Last Name': ODD.lastName,
      'Date Of Birth': '02/29/1980',
      Gender: expect.any(String),
      Email: 'oneil@example.com',
      Address1: ODD.address1,
      Address2: `'${ODD.address2}`,
      City: 'Austin',
      State: 'TX',
      ZipCode: '78701',
      'SSN#': ODD.ssn,
      Relation: 'Subscriber',
      'Date Of Hire': '07/04/2015',
      'Coverage Start': `01/01/${year}`,
      'Coverage End': '',
    });
    expect(child).toMatchObject({
      'First Name': ODD.childFirstName,
      Relation: 'Child',
      Address1: ODD.childAddress1,
      City: 'Dallas',
      'SSN#': '',
      'Date Of Hire': '',
      'Plan Code': subscriber!['Plan Code'],
      'Tier Code': subscriber!['Tier Code'],
    });
    // Everywhere else only the last four digits leave the server.
    const details = await t.app.inject({
      method: 'GET',
      url: `${endpointUrl(endpoints.subscriberDetails)}?pk=${oddSubscriberPK}`,
      headers: await t.auth('hr@example.com'),
    });
    expect(details.statusCode).toBe(200);
    expect(details.body).not.toContain(ODD.ssn);
  });

  it('lists coverage overlapping a past range, and open-ended ranges', async () => {
    const start = `${year - 1}-03-01`;
    const end = `${year - 1}-09-30`;
    const { records } = rowsOf(
      (await census('hr@example.com', { employerPK: 2, startDate: start, endDate: end })).body,
    );
    const expected = await expectedCounts(start, end);
    expect(expected.coverages).toBeGreaterThan(0);
    expect(records.length).toBe(expected.coverages);
    expect(memberKeys(records).size).toBe(expected.members);
    expect(records.some((r) => r['Subscriber ID'] === ODD.subscriberID)).toBe(false);

    const fromOnly = rowsOf((await census('hr@example.com', { employerPK: 2, startDate: start, endDate: '' })).body);
    expect(fromOnly.records.length).toBe((await expectedCounts(start, '9999-12-31')).coverages);
    const untilOnly = rowsOf((await census('hr@example.com', { employerPK: 2, endDate: end })).body);
    expect(untilOnly.records.length).toBe((await expectedCounts('0001-01-01', end)).coverages);
  });

  it('answers a reversed range with a 400 naming endDate', async () => {
    const res = await census('hr@example.com', { employerPK: 2, startDate: `${year}-02-01`, endDate: `${year}-01-01` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('endDate');
  });

  it('writes an audit event with the row count once the download ends', async () => {
    const startDate = `${year}-01-01`;
    const res = await census('broker@example.com', { employerPK: 2, startDate, endDate: today });
    expect(res.statusCode).toBe(200);
    const rowCount = rowsOf(res.body).records.length;
    await vi.waitFor(async () => {
      const [event] = await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'census.download'), eq(auditEvents.actor, 'user-broker')))
        .orderBy(desc(auditEvents.auditEventPK))
        .limit(1);
      expect(event).toMatchObject({ employerPK: 2, detail: { rowCount, startDate, endDate: today } });
    });
  });

  it('gives the census to HR, Broker and GroupAdmin only, in their own groups', async () => {
    expect((await census('broker@example.com', { employerPK: 3 })).statusCode).toBe(200);
    expect((await census('admin@example.com', { employerPK: 2 })).statusCode).toBe(200);
    for (const email of ['idcard@example.com', 'claims@example.com', 'finance@example.com', 'reports@example.com']) {
      expect((await census(email, { employerPK: 2 })).statusCode, email).toBe(403);
    }
    expect((await census('hr@example.com', { employerPK: 3 })).statusCode).toBe(403);
    expect((await census('hr@example.com', { employerPK: 999 })).statusCode).toBe(403);
    expect((await census('hr@example.com', {})).statusCode).toBe(400);
  });
});

describe('CensusSummary', () => {
  const SUMMARY_URL = endpointUrl(endpoints.censusSummary);
  const summary = async (email: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: SUMMARY_URL, headers: await t.auth(email), payload: body });
  // Only the broker's events in group 2 count: downloads above audit once their stream ends, which may be later,
  // and the broker's one download of group 2 was awaited.
  const brokerAuditCount = async () =>
    (
      await t.db
        .select({ n: count() })
        .from(auditEvents)
        .where(and(eq(auditEvents.actor, 'user-broker'), eq(auditEvents.employerPK, 2)))
    )[0]!.n;

  it.each([
    ['no dates (today)', {}],
    ['a past quarter', { startDate: `${year - 1}-01-01`, endDate: `${year - 1}-03-31` }],
    ['an open end', { startDate: `${year}-01-01` }],
  ])('counts exactly what the CSV holds for %s', async (_, range) => {
    const counted = await summary('hr@example.com', { employerPK: 2, ...range });
    expect(counted.statusCode).toBe(200);
    const { records } = rowsOf((await census('hr@example.com', { employerPK: 2, ...range })).body);
    const subscriberRows = records.filter((r) => r.Relation === 'Subscriber');
    expect(counted.json()).toEqual({
      startDate: 'startDate' in range ? range.startDate : today,
      endDate: 'endDate' in range ? range.endDate : 'startDate' in range ? null : today,
      rowCount: records.length,
      subscriberCount: new Set(subscriberRows.map((r) => r['Subscriber ID'])).size,
      dependentCount: memberKeys(records).size - new Set(subscriberRows.map((r) => r['Subscriber ID'])).size,
    });
    expect(records.length).toBeGreaterThan(0);
  });

  it('carries no member data and writes no audit event', async () => {
    const before = await brokerAuditCount();
    const res = await summary('broker@example.com', { employerPK: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(ODD.ssn);
    expect(res.body).not.toContain(ODD.lastName);
    expect(Object.keys(res.json() as object).sort()).toEqual([
      'dependentCount',
      'endDate',
      'rowCount',
      'startDate',
      'subscriberCount',
    ]);
    expect(await brokerAuditCount()).toBe(before);
  });

  it('has the census roles and group checks, and refuses a reversed range', async () => {
    expect((await summary('admin@example.com', { employerPK: 2 })).statusCode).toBe(200);
    for (const email of ['idcard@example.com', 'claims@example.com', 'finance@example.com', 'reports@example.com']) {
      expect((await summary(email, { employerPK: 2 })).statusCode, email).toBe(403);
    }
    expect((await summary('hr@example.com', { employerPK: 3 })).statusCode).toBe(403);
    const reversed = await summary('hr@example.com', {
      employerPK: 2,
      startDate: `${year}-02-01`,
      endDate: `${year}-01-01`,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toHaveProperty('endDate');
  });
});

describe('census stream', () => {
  const read = async (stream: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString('utf8');
  };

  it('gives the same file whatever the batch size', async () => {
    const query = { startDate: `${year - 1}-01-01`, endDate: today };
    const whole = await read(censusReport(t.db, { actor: 'test', employerPK: 2, query }));
    const small = await read(censusReport(t.db, { actor: 'test', employerPK: 2, query, batchSize: 7 }));
    expect(rowsOf(whole).records.length).toBeGreaterThan(100);
    expect(small).toBe(whole);
  });

  it('waits for a slow reader and still gives it every row', async () => {
    const query = { startDate: `${year - 1}-01-01`, endDate: today };
    const whole = await read(censusReport(t.db, { actor: 'test', employerPK: 2, query }));
    const chunks: Buffer[] = [];
    // One small chunk at a time, each taken a turn of the event loop later: the census must pause.
    const slowReader = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        setImmediate(done);
      },
    });
    await pipeline(censusReport(t.db, { actor: 'test', employerPK: 2, query, batchSize: 3 }), slowReader);
    expect(chunks.length).toBeGreaterThan(10);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(whole);
  });

  it('writes only the header for a group without coverage in the range', async () => {
    const csv = await read(
      censusReport(t.db, { actor: 'test', employerPK: 2, query: { startDate: '1990-01-01', endDate: '1990-12-31' } }),
    );
    expect(rowsOf(csv)).toMatchObject({ header: [...CENSUS_COLUMNS], rows: [] });
  });

  it('stops reading and audits census.aborted when the consumer goes away', async () => {
    const stream = censusReport(t.db, { actor: 'test-abort', employerPK: 2, query: {}, batchSize: 5 });
    for await (const chunk of stream) {
      expect(chunk).toBeDefined();
      break; // leaving the loop destroys the stream, as a disconnecting client does
    }
    await vi.waitFor(async () => {
      const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.actor, 'test-abort'));
      expect(rows.map((r) => r.action)).toEqual(['census.aborted']);
    });
  });
});
