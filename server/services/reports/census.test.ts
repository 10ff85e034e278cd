// The census has two ways to write the file: rows read into csv-stringify (PGlite, and the reference)
// and COPY … TO STDOUT on PostgreSQL. Both must give the same bytes, awkward values included.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { postgresPoolOf } from '../../db/client';
import { auditEvents, coverageOptions, coverages, dependents, lookupValues, plans, subscribers } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import { localToday } from '../../lib/calendar';
import { censusReport } from './census';
import { CopyTextToCsv } from './copy-text-to-csv';
import { censusSessions } from './census-sessions';

const year = Number(localToday().slice(0, 4));
const onPostgres = Boolean(process.env.DATABASE_URL);

/** Values a spreadsheet or a CSV reader could trip on, one per cell of the members added below. */
const AWKWARD = [
  '-minus',
  '=SUM(A1)',
  '+plus',
  '@at',
  '\tTab',
  '\rCR first',
  'lone\nLF',
  'lone\rCR',
  'ends in CR\r',
  'CR LF\r\ninside',
  'comma, inside',
  'quote "inside"',
  '"',
  'back\\slash \\n not a break',
  'trailing backslash\\',
  'bell\bform\fvt\u000bunit\u001f',
  '\uFF1Dfull width',
  '\uFF0B\uFF0D\uFF20',
  'Zoë 😀 naïve',
  ' spaced ',
  "O'Brien",
];

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  const db = database.db;
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.employerPK, 2), eq(plans.planType, 'Medical'), eq(plans.contractBeginDate, `${year}-01-01`)))
    .limit(1);
  const [texas] = await db
    .select({ pk: lookupValues.pk })
    .from(lookupValues)
    .where(and(eq(lookupValues.kind, 'state'), eq(lookupValues.code, 'TX')));
  const [tier] = await db
    .select()
    .from(coverageOptions)
    .where(and(eq(coverageOptions.divisionPK, plan!.divisionPK), eq(coverageOptions.isMedical, true)))
    .orderBy(desc(coverageOptions.requiresDependents))
    .limit(1);
  for (const [i, text] of AWKWARD.entries()) {
    const [sub] = await db
      .insert(subscribers)
      .values({
        employerPK: 2,
        subscriberID: i % 2 ? `=AWK${i}` : `AWK,${i}`,
        firstName: text,
        lastName: AWKWARD[(i + 1) % AWKWARD.length]!,
        ssn: `-91-00-${String(1000 + i)}`,
        ssnLast4: String(1000 + i),
        dateOfBirth: `19${50 + i}-0${(i % 9) + 1}-1${i % 10}`,
        genderPK: (i % 2) + 1,
        address1: AWKWARD[(i + 2) % AWKWARD.length]!,
        address2: i % 3 ? AWKWARD[(i + 3) % AWKWARD.length]! : null,
        city: AWKWARD[(i + 4) % AWKWARD.length]!,
        statePK: texas!.pk,
        zipCode: AWKWARD[(i + 5) % AWKWARD.length]!,
        phone1: '5125550100',
        email: i % 5 ? AWKWARD[(i + 6) % AWKWARD.length]! : '',
        dateOfHire: i % 2 ? '2015-07-04' : null,
        divisionPK: i % 7 ? plan!.divisionPK : null,
      })
      .returning();
    const [child] = await db
      .insert(dependents)
      .values({
        subscriberPK: sub!.subscriberPK,
        dependentID: `AWK${i}-01`,
        firstName: AWKWARD[(i + 7) % AWKWARD.length]!,
        lastName: text,
        dateOfBirth: '2012-05-01',
        genderPK: 1,
        relationshipPK: i % 2 ? 3 : 1,
        sameAddress: i % 2 === 0,
        address1: AWKWARD[(i + 8) % AWKWARD.length]!,
        city: AWKWARD[(i + 9) % AWKWARD.length]!,
        statePK: i % 3 ? texas!.pk : null,
        zipCode: '75201',
        email: AWKWARD[(i + 10) % AWKWARD.length]!,
        ssn: i % 2 ? null : `9${i}-00-0000`,
      })
      .returning();
    await db.insert(coverages).values([
      {
        subscriberPK: sub!.subscriberPK,
        planPK: plan!.planPK,
        coverageOptionPK: tier!.coverageOptionPK,
        beginDate: `${year}-01-01`,
        endDate: i % 3 ? null : `${year + 1}-12-31`,
      },
      {
        subscriberPK: sub!.subscriberPK,
        dependentPK: child!.dependentPK,
        planPK: plan!.planPK,
        coverageOptionPK: i % 4 ? tier!.coverageOptionPK : null,
        beginDate: `${year - 1}-07-01`,
      },
    ]);
  }
});

afterAll(async () => {
  await database?.close();
});

const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

describe('census file', () => {
  it('takes the COPY way on PostgreSQL only', () => {
    expect(postgresPoolOf(database.db) !== null).toBe(onPostgres);
  });

  it.each([
    ['today', {}],
    ['a range', { startDate: `${year - 1}-01-01`, endDate: `${year}-12-31` }],
    ['an open end', { startDate: `${year}-06-01` }],
    ['an open start', { endDate: `${year - 1}-12-31` }],
  ])('gives the same bytes either way for %s, awkward values included', async (_, query) => {
    const db = database.db;
    const rows = await read(censusReport(db, { actor: 'test', employerPK: 2, query, via: 'rows' }));
    const copied = await read(censusReport(db, { actor: 'test', employerPK: 2, query }));
    const smallBatches = await read(censusReport(db, { actor: 'test', employerPK: 2, query, batchSize: 3 }));
    const text = rows.toString('utf8');
    expect(text.split('\r\n').length).toBeGreaterThan(20);
    expect(copied.equals(rows)).toBe(true);
    expect(smallBatches.equals(rows)).toBe(true);
  });

  it('writes the awkward values as csv-stringify does', async () => {
    const query = { startDate: `${year - 1}-01-01`, endDate: `${year}-12-31` };
    const text = (await read(censusReport(database.db, { actor: 'test', employerPK: 2, query }))).toString('utf8');
    expect(text.startsWith('\uFEFFSubscriber ID,First Name,')).toBe(true);
    expect(text).toContain(`"AWK,0",'-minus,`);
    expect(text).toContain(`'=AWK1,'=SUM(A1),'+plus,`);
    expect(text).toContain('"quote ""inside"""');
    expect(text).toContain('"CR LF\r\ninside"');
    expect(text).toContain(',lone\nLF,');
    expect(text).toContain('back\\slash \\n not a break');
    expect(text).toContain('bell\bform\fvt\u000bunit\u001f');
  });

  it('counts the rows it wrote in the audit record, as the rows way does', async () => {
    const query = { startDate: `${year - 1}-01-01`, endDate: `${year}-12-31` };
    await read(censusReport(database.db, { actor: 'test-count-rows', employerPK: 2, query, via: 'rows' }));
    await read(censusReport(database.db, { actor: 'test-count', employerPK: 2, query, batchSize: 4 }));
    const rowCountOf = async (actor: string) => {
      const [event] = await database.db.select().from(auditEvents).where(eq(auditEvents.actor, actor));
      expect(event?.action).toBe('census.download');
      return (event!.detail as { rowCount: number }).rowCount;
    };
    await vi.waitFor(async () => {
      const expected = await rowCountOf('test-count-rows');
      expect(expected).toBeGreaterThan(AWKWARD.length * 2);
      expect(await rowCountOf('test-count')).toBe(expected);
    });
  });

  it('stops and audits census.aborted when the consumer goes away', async () => {
    const stream = censusReport(database.db, { actor: 'test-abort', employerPK: 2, query: {}, batchSize: 2 });
    for await (const chunk of stream) {
      expect(chunk).toBeDefined();
      break;
    }
    await vi.waitFor(async () => {
      const rows = await database.db.select().from(auditEvents).where(eq(auditEvents.actor, 'test-abort'));
      expect(rows.map((r) => r.action)).toEqual(['census.aborted']);
    });
    // The database still answers: the session left inside its COPY was closed, not reused.
    const again = await read(censusReport(database.db, { actor: 'test', employerPK: 2, query: {} }));
    expect(again.length).toBeGreaterThan(100);
  });
});

describe("the census's worker on PostgreSQL", () => {
  it.runIf(onPostgres)('closes its database sessions when the file is written, and when it is abandoned', async () => {
    const whole = await read(censusReport(database.db, { actor: 'test', employerPK: 2, query: {}, batchSize: 2 }));
    expect(whole.length).toBeGreaterThan(100);
    await vi.waitFor(async () => expect(await censusSessions(database.db)).toBe(0), { timeout: 10_000 });

    const stream = censusReport(database.db, { actor: 'test', employerPK: 2, query: {}, batchSize: 1 });
    let chunks = 0;
    for await (const chunk of stream) {
      expect(chunk).toBeDefined();
      // The header, then the first batch, read on the worker's sessions.
      if (++chunks === 2) break;
    }
    expect(chunks).toBe(2);
    await vi.waitFor(async () => expect(await censusSessions(database.db)).toBe(0), { timeout: 10_000 });
  });

  it.runIf(onPostgres)('reads two censuses at once and lets a third wait its turn, each file whole', async () => {
    const query = { startDate: `${year - 1}-01-01`, endDate: `${year}-12-31` };
    const expected = await read(censusReport(database.db, { actor: 'test', employerPK: 2, query, via: 'rows' }));
    let reading = true;
    let most = 0;
    const watching = (async () => {
      while (reading) {
        most = Math.max(most, await censusSessions(database.db));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const files = await Promise.all(
      [1, 2, 3].map(() => read(censusReport(database.db, { actor: 'test', employerPK: 2, query, batchSize: 1 }))),
    );
    reading = false;
    await watching;
    for (const file of files) expect(file.equals(expected)).toBe(true);
    // Two workers of two sessions each; three at once would have had six.
    expect(most).toBeGreaterThanOrEqual(2);
    expect(most).toBeLessThanOrEqual(4);
    await vi.waitFor(async () => expect(await censusSessions(database.db)).toBe(0), { timeout: 10_000 });
  });
});

describe('COPY text to CSV', () => {
  it('ends lines in CR LF and undoes the escapes, however the chunks fall', () => {
    const copied = Buffer.from('a\\\\b\\tc,\\r\\n\n"x\\by"\\f\\v\n\u00e9\\\\\n', 'utf8');
    const expected = Buffer.from('a\\b\tc,\r\n\r\n"x\by"\f\v\r\n\u00e9\\\r\n', 'utf8');
    const whole = new CopyTextToCsv();
    expect(whole.convert(copied).equals(expected)).toBe(true);
    expect(whole.rows).toBe(3);
    const byteByByte = new CopyTextToCsv();
    const parts = [...copied].map((byte) => byteByByte.convert(Buffer.from([byte])));
    expect(Buffer.concat(parts).equals(expected)).toBe(true);
    expect(byteByByte.rows).toBe(3);
  });
});
