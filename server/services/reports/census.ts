// Census report (spec 2 §2): one CSV row per member per medical or dental coverage overlapping a date
// range. Large groups (100,000+ members) are streamed: members are read in batches of subscribers
// (in subscriberPK order) and piped through csv-stringify into the reply, so memory stays flat and
// the event loop (and, on PGlite, the one database connection) serves other calls between reads. On
// PostgreSQL the database writes the CSV records itself (COPY … TO STDOUT), which leaves no per-row
// work in JavaScript; census.test.ts holds both ways to the same bytes.
import { finished, PassThrough, type Readable, type Writable } from 'node:stream';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { stringify, type Options as StringifyOptions } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { and, count, countDistinct, eq, getTableName, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import pLimit from 'p-limit';
import type pg from 'pg';
import type { z } from 'zod';
import {
  CENSUS_COLUMNS,
  type censusQuery,
  type censusSummary as censusSummarySchema,
} from '../../../src/contracts/census';
import { todayIsoDate } from '../../../src/contracts/person-rules';
import { postgresPoolOf, type Db } from '../../db/client';
import {
  auditEvents,
  coverageOptions,
  coverages,
  dependents,
  divisions,
  lookupValues,
  plans,
  subscribers,
} from '../../db/schema';
import { badRequest } from '../../lib/problem';
import { usDate } from '../../lib/calendar';
import { CensusCopyThread, type CopiedBatch } from './census-copy-thread';

type CensusQuery = z.output<typeof censusQuery>;
type CensusColumn = (typeof CENSUS_COLUMNS)[number];
type CensusSummary = z.output<typeof censusSummarySchema>;

/**
 * Subscribers per database read. PGlite serves one connection, so another call waits for at most
 * one batch's read: smaller batches keep those calls quick, larger ones make the file faster.
 */
const CENSUS_BATCH_SUBSCRIBERS = 500;

/**
 * Subscribers per COPY statement on PostgreSQL: about 2 MB of file, gathered in memory before it is
 * written. At a million members 5,000 took 10–13 s against 9.4–9.5 s.
 */
const COPY_BATCH_SUBSCRIBERS = 10_000;

/** Batches read at once on the COPY way, each on a session of the census's worker. */
const COPY_SESSIONS = 2;

/**
 * Censuses this process reads at once on PostgreSQL. Each is a worker thread (about 45 MB at its
 * peak) with COPY_SESSIONS sessions of its own, outside the serving pool; more wait their turn, their
 * header sent, rather than growing the process and the database's connections without bound.
 */
const COPY_CENSUSES_AT_ONCE = 2;
const copyTurns = pLimit(COPY_CENSUSES_AT_ONCE);

/** Rows written between two turns of the event loop. */
const YIELD_EVERY_ROWS = 200;

/** The plan types a census lists; FSA elections are accounts, not coverage. */
const CENSUS_PLAN_TYPES = ['Medical', 'Dental'] as const;

/** Inclusive range; a null bound is open. */
type CensusRange = { startDate: string | null; endDate: string | null };

type Logger = { error(obj: unknown, msg?: string): void };

type CensusRequest = {
  actor: string;
  employerPK: number;
  query: Pick<CensusQuery, 'startDate' | 'endDate'>;
  log?: Logger;
  /** Subscribers per read; tests lower it to cross batch boundaries on a small group. */
  batchSize?: number;
  /** 'rows' reads rows into csv-stringify on PostgreSQL too, so tests can compare it with COPY. */
  via?: 'copy' | 'rows';
};

/**
 * No dates means coverage in force today; one date leaves the other side open. A reversed range is
 * refused rather than silently matching coverage that spans the gap.
 */
function censusRange(query: CensusRequest['query'], today = todayIsoDate()): CensusRange {
  const startDate = query.startDate || null;
  const endDate = query.endDate || null;
  if (!startDate && !endDate) return { startDate: today, endDate: today };
  if (startDate && endDate && startDate > endDate) {
    throw badRequest('End Date must not be before Start Date.', {
      endDate: ['End Date must not be before Start Date.'],
    });
  }
  return { startDate, endDate };
}

type Names = {
  gender: Map<number, string>;
  state: Map<number, string>;
  relationship: Map<number, string>;
};
type CensusPlan = {
  planCode: string;
  networkCode: string;
  planType: string;
  divisionPK: number;
};

/**
 * Everything small is read once per census (lookups, the group's plans, tiers and divisions), so the
 * per-batch reads are plain index lookups whose speed does not depend on planner statistics (PGlite
 * never gathers any on its own).
 */
async function loadReference(db: Db, employerPK: number) {
  const [lookups, planRows, tierRows, divisionRows] = await Promise.all([
    db
      .select({
        kind: lookupValues.kind,
        pk: lookupValues.pk,
        name: lookupValues.name,
        code: lookupValues.code,
      })
      .from(lookupValues)
      .where(inArray(lookupValues.kind, ['gender', 'state', 'relationship'])),
    db
      .select({
        planPK: plans.planPK,
        planCode: plans.planCode,
        networkCode: plans.networkCode,
        planType: plans.planType,
        divisionPK: plans.divisionPK,
      })
      .from(plans)
      .where(and(eq(plans.employerPK, employerPK), inArray(plans.planType, [...CENSUS_PLAN_TYPES]))),
    db
      .select({
        pk: coverageOptions.coverageOptionPK,
        tierCode: coverageOptions.tierCode,
      })
      .from(coverageOptions)
      .where(eq(coverageOptions.employerPK, employerPK)),
    db
      .select({
        divisionPK: divisions.divisionPK,
        locationCode: divisions.locationCode,
      })
      .from(divisions)
      .where(eq(divisions.employerPK, employerPK)),
  ]);
  const names: Names = {
    gender: new Map(),
    state: new Map(),
    relationship: new Map(),
  };
  for (const l of lookups) {
    if (l.kind === 'state') names.state.set(l.pk, l.code ?? l.name);
    else if (l.kind === 'gender' || l.kind === 'relationship') names[l.kind].set(l.pk, l.name);
  }
  return {
    names,
    plans: new Map<number, CensusPlan>(planRows.map(({ planPK, ...plan }) => [planPK, plan])),
    /** The census's plans, and those of them that are medical, as the batches' reads name them. */
    planPKs: planRows.map((p) => p.planPK),
    medicalPlanPKs: planRows.filter((p) => p.planType === 'Medical').map((p) => p.planPK),
    tiers: new Map(tierRows.map((t) => [t.pk, t.tierCode])),
    locations: new Map(divisionRows.map((d) => [d.divisionPK, d.locationCode])),
  };
}
type Reference = Awaited<ReturnType<typeof loadReference>>;

const intArray = (values: number[]) => sql`${sql.param(values)}::int[]`;

/** An int[] written into the statement, for COPY, which takes no parameters. */
function intArrayLiteral(values: number[]) {
  if (!values.every(Number.isSafeInteger)) throw new Error('int[] literal of a non-integer');
  return sql.raw(`'{${values.join(',')}}'::int[]`);
}

/**
 * The group's subscriber keys in key order, as one array value (4 bytes per member): a row per key
 * costs ten times as much to decode. Batches then fetch rows by primary key, which stays fast with
 * or without planner statistics; an ORDER BY ... LIMIT keyset read can instead be planned as a sort
 * of the whole group per batch when statistics are missing, as on PGlite after a bulk seed.
 */
async function subscriberKeys(db: Db, employerPK: number) {
  const result = await db.execute<{ keys: number[] | null }>(
    sql`select array_agg(${subscribers.subscriberPK}) as keys from ${subscribers} where ${subscribers.employerPK} = ${employerPK}`,
  );
  return Int32Array.from(result.rows[0]?.keys ?? []).sort();
}

/** Coverage overlapping the range (inclusive; an open end matches any date on that side). */
function overlaps(range: CensusRange) {
  return and(
    range.endDate ? lte(coverages.beginDate, range.endDate) : undefined,
    range.startDate ? or(isNull(coverages.endDate), gte(coverages.endDate, range.startDate)) : undefined,
  );
}

/** A census row as the database answers it: every value the file needs, named by its alias below. */
type CensusRow = {
  subscriber_id: string;
  is_dependent: boolean;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  gender_pk: number;
  email: string;
  address1: string;
  address2: string;
  city: string;
  state_pk: number | null;
  zip_code: string;
  ssn: string;
  relationship_pk: number | null;
  plan_pk: number;
  coverage_option_pk: number | null;
  date_of_hire: string | null;
  begin_date: string;
  end_date: string | null;
  division_pk: number | null;
};

type Batch = {
  employerPK: number;
  keys: { first: number; last: number };
  medicalPlanPKs: number[];
  planPKs: number[];
  range: CensusRange;
};

/**
 * The values of every row of the file for the group's subscribers whose keys lie in [first, last],
 * with the member's own or the subscriber's values chosen by the database, and the order of the file
 * (the subscriber, then dependents by key; medical before dental). A key range is a plain range scan
 * of the primary key; each subscriber's coverage, and each dependent, is then read through its index.
 * The lateral reads (OFFSET 0 keeps the planner from folding them into joins) hold that plan: as
 * plain joins, PGlite's planner, costing the range at a thousand rows, read the whole coverage and
 * dependent tables for every batch. A dependent row whose dependent is gone is left out.
 */
function censusSource(batch: Batch, ints: (values: number[]) => SQL, joins: 'lateral' | 'plain' = 'lateral') {
  const { employerPK, keys, range } = batch;
  const own = sql`${coverages.dependentPK} is null`;
  const home = sql`case when ${dependents.dependentPK} is not null and not ${dependents.sameAddress}`;
  const columns = sql`
      ${subscribers.subscriberID} as subscriber_id,
      not ${own} as is_dependent,
      coalesce(${dependents.firstName}, ${subscribers.firstName}) as first_name,
      coalesce(${dependents.lastName}, ${subscribers.lastName}) as last_name,
      coalesce(${dependents.dateOfBirth}, ${subscribers.dateOfBirth}) as date_of_birth,
      coalesce(${dependents.genderPK}, ${subscribers.genderPK}) as gender_pk,
      coalesce(case when ${own} then ${subscribers.email} else ${dependents.email} end, '') as email,
      coalesce(${home} then ${dependents.address1} else ${subscribers.address1} end, '') as address1,
      coalesce(${home} then ${dependents.address2} else ${subscribers.address2} end, '') as address2,
      coalesce(${home} then ${dependents.city} else ${subscribers.city} end, '') as city,
      ${home} then ${dependents.statePK} else ${subscribers.statePK} end as state_pk,
      coalesce(${home} then ${dependents.zipCode} else ${subscribers.zipCode} end, '') as zip_code,
      -- The census is the one answer that carries a full SSN (spec 2 §2).
      coalesce(case when ${own} then ${subscribers.ssn} else ${dependents.ssn} end, '') as ssn,
      ${dependents.relationshipPK} as relationship_pk,
      ${coverages.planPK} as plan_pk,
      ${coverages.coverageOptionPK} as coverage_option_pk,
      -- Employment belongs to the subscriber; a dependent was never hired.
      case when ${own} then ${subscribers.dateOfHire} end as date_of_hire,
      ${coverages.beginDate} as begin_date,
      ${coverages.endDate} as end_date,
      ${subscribers.divisionPK} as division_pk`;
  const covered = and(sql`${coverages.planPK} = any(${ints(batch.planPKs)})`, overlaps(range));
  // PostgreSQL, with its statistics, plans a batch's plain joins as hash joins of range reads, several
  // times faster than a lateral index read per subscriber; the range on coverage's own key is what
  // lets it read that table by range too.
  const from =
    joins === 'plain'
      ? sql`from ${subscribers}
    join ${coverages} on ${and(
      eq(coverages.subscriberPK, subscribers.subscriberPK),
      sql`${coverages.subscriberPK} between ${keys.first} and ${keys.last}`,
      covered,
    )}
    left join ${dependents} on ${dependents.dependentPK} = ${coverages.dependentPK}`
      : sql`from ${subscribers}
    cross join lateral (
      select * from ${coverages}
      where ${and(eq(coverages.subscriberPK, subscribers.subscriberPK), covered)}
      offset 0
    ) as ${sql.identifier(getTableName(coverages))}
    left join lateral (
      select * from ${dependents} where ${dependents.dependentPK} = ${coverages.dependentPK} offset 0
    ) as ${sql.identifier(getTableName(dependents))} on true`;
  const where = sql`where ${and(
    sql`${subscribers.subscriberPK} between ${keys.first} and ${keys.last}`,
    eq(subscribers.employerPK, employerPK),
    sql`(${own} or ${dependents.dependentPK} is not null)`,
  )}`;
  // The subscriber, then the subscriber's own rows before the dependents'; medical before dental.
  const sortKeys = [
    sql`${subscribers.subscriberPK}`,
    sql`${coverages.dependentPK}`,
    sql`${coverages.planPK} <> all(${ints(batch.medicalPlanPKs)})`,
    sql`${coverages.beginDate}`,
    sql`${coverages.coveragePK}`,
  ];
  return { columns, from, where, sortKeys };
}

/**
 * One read per batch, the rows as the driver reads them (no per-field mapping): only lookups by key
 * are left to the caller.
 */
async function censusRowsOf(db: Db, batch: Batch): Promise<CensusRow[]> {
  const { columns, from, where, sortKeys } = censusSource(batch, intArray);
  const [bySubscriber, byDependent, ...rest] = sortKeys;
  const { rows } = await db.execute<CensusRow>(
    sql`select ${columns} ${from} ${where} order by ${bySubscriber}, ${byDependent} nulls first, ${sql.join(rest, sql`, `)}`,
  );
  return rows;
}

/** The file's CSV dialect, for csv-stringify and for the header of the COPY way. */
const CSV_OPTIONS: StringifyOptions = {
  header: true,
  columns: [...CENSUS_COLUMNS],
  bom: true,
  record_delimiter: 'windows',
  // Names and addresses are typed by users: keep spreadsheet programs from running them as formulas.
  escape_formulas: true,
};

/** The byte-order mark and the header line, as csv-stringify writes them before the first record. */
const CSV_HEAD = stringifySync([], CSV_OPTIONS);

/**
 * One cell as csv-stringify writes it with CSV_OPTIONS, in SQL: empty for null or ''; a leading
 * character that spreadsheets read as a formula (csv-stringify 6.9's list: - = + @ tab CR and the
 * full-width = + - @) gets a quote mark before it; and the cell is quoted, inner quotes doubled, when
 * it holds a quote, a comma or CR LF (the record delimiter: a lone CR or LF stays unquoted). ascii()
 * gives the first code point without copying the text, so most cells cost one call and three scans.
 */
function csvCell(value: SQL) {
  const needsQuotes = sql`(strpos(${value}, '"') > 0 or strpos(${value}, ',') > 0 or strpos(${value}, E'\\r\\n') > 0)`;
  return sql`case
      when ascii(${value}) in (45, 61, 43, 64, 9, 13, 65309, 65291, 65293, 65312) then
        case when ${needsQuotes} then '"''' || replace(${value}, '"', '""') || '"' else '''' || ${value} end
      when ${needsQuotes} then '"' || replace(${value}, '"', '""') || '"'
      else coalesce(${value}, '') end`;
}

/** A date as usDate writes it: MM/DD/YYYY, empty for none. */
const csvDate = (value: SQL) => sql`coalesce(to_char(${value}, 'MM/DD/YYYY'), '')`;

const copyDialect = new PgDialect();

/**
 * The COPY statement of one batch: the rows of censusSource with their lookups joined as
 * loadReference reads them (the group's own plans, tiers and divisions), each written as one CSV
 * record without its line break, in a single text column. COPY takes no parameters, so values are
 * written into the statement: only keys and the validated dates. The cells' texts are kept from
 * being folded into csvCell (OFFSET 0), which reads each several times: they are computed once.
 */
function censusCopyStatement(batch: Batch): string {
  for (const date of [batch.range.startDate, batch.range.endDate])
    if (date !== null && !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error('census range is not an ISO date');
  if (!Number.isSafeInteger(batch.employerPK)) throw new Error('census employerPK is not an integer');
  const { columns, from, where, sortKeys } = censusSource(batch, intArrayLiteral, 'plain');
  const gender = alias(lookupValues, 'census_gender');
  const state = alias(lookupValues, 'census_state');
  const relationship = alias(lookupValues, 'census_relationship');
  const plan = alias(plans, 'census_plan');
  const tier = alias(coverageOptions, 'census_tier');
  const division = alias(divisions, 'census_division');
  const row = (name: string) => sql.raw(`census_row.${name}`);
  const text = (value: SQL) => sql`coalesce(${value}, '')`;
  // MM/DD/YYYY is digits and slashes, which csvCell would leave as they are: dates skip it.
  const dates = {
    birth: csvDate(row('date_of_birth')),
    hire: csvDate(row('date_of_hire')),
    begin: csvDate(row('begin_date')),
    end: csvDate(row('end_date')),
  };
  // Every cell's text before CSV quoting, in CENSUS_COLUMNS order.
  const values = [
    text(row('subscriber_id')),
    text(row('first_name')),
    text(row('last_name')),
    dates.birth,
    text(sql`${gender.name}`),
    text(row('email')),
    text(row('address1')),
    text(row('address2')),
    text(row('city')),
    text(sql`coalesce(${state.code}, ${state.name})`),
    text(row('zip_code')),
    text(row('ssn')),
    text(sql`case when ${row('is_dependent')} then ${relationship.name} else 'Subscriber' end`),
    text(sql`${plan.planCode}`),
    text(sql`${plan.networkCode}`),
    text(sql`${tier.tierCode}`),
    dates.hire,
    dates.begin,
    dates.end,
    text(sql`${division.locationCode}`),
  ];
  if (values.length !== CENSUS_COLUMNS.length) throw new Error('census cells and columns differ');
  const cell = (i: number) => sql.raw(`census_cells.cell_${i}`);
  const sorted = sortKeys.map((_, i) => sql.raw(`sort_${i}`));
  const employerPK = sql.raw(String(batch.employerPK));
  const query = sql`copy (
    select ${sql.join(
      values.map((value, i) => (Object.values(dates).includes(value) ? cell(i) : csvCell(cell(i)))),
      sql` || ',' || `,
    )}
    from (
        select ${sql.join(
          values.map((value, i) => sql`${value} as ${sql.raw(`cell_${i}`)}`),
          sql`, `,
        )}, ${sql.join(
          sorted.map((key) => sql`census_row.${key}`),
          sql`, `,
        )}
        from (
          select ${columns}, ${sql.join(
            sortKeys.map((key, i) => sql`${key} as ${sorted[i]}`),
            sql`, `,
          )}
          ${from} ${where}
        ) as census_row
        left join ${plans} as ${sql.identifier(getTableName(plan))} on ${plan.planPK} = ${row('plan_pk')}
        left join ${lookupValues} as ${sql.identifier(getTableName(gender))}
          on ${gender.kind} = 'gender' and ${gender.pk} = ${row('gender_pk')}
        left join ${lookupValues} as ${sql.identifier(getTableName(state))}
          on ${state.kind} = 'state' and ${state.pk} = ${row('state_pk')}
        left join ${lookupValues} as ${sql.identifier(getTableName(relationship))}
          on ${relationship.kind} = 'relationship' and ${relationship.pk} = ${row('relationship_pk')}
        left join ${coverageOptions} as ${sql.identifier(getTableName(tier))}
          on ${tier.coverageOptionPK} = ${row('coverage_option_pk')} and ${tier.employerPK} = ${employerPK}
        left join ${divisions} as ${sql.identifier(getTableName(division))}
          on ${division.divisionPK} = coalesce(${row('division_pk')}, ${plan.divisionPK}) and ${division.employerPK} = ${employerPK}
        offset 0
    ) as census_cells
    order by sort_0, sort_1 nulls first, sort_2, sort_3, sort_4
  ) to stdout`;
  const { sql: statement, params } = copyDialect.sqlToQuery(query.inlineParams());
  if (params.length > 0) throw new Error('the census COPY statement kept a parameter');
  return statement;
}

/**
 * The first subscriber key of every batch of `batchSize` of the group's subscribers, counted by the
 * database: a hundred keys for a million members, where the rows way holds all of them.
 */
async function batchStarts(db: Db, employerPK: number, batchSize: number): Promise<number[]> {
  const { rows } = await db.execute<{ key: number }>(sql`select key from (
      select ${subscribers.subscriberPK} as key, row_number() over (order by ${subscribers.subscriberPK}) - 1 as n
      from ${subscribers} where ${subscribers.employerPK} = ${employerPK}
    ) as numbered where n % ${batchSize} = 0 order by key`);
  return rows.map((r) => Number(r.key));
}

/**
 * The COPY way (PostgreSQL): the header, then each batch's records in key order. COPY_SESSIONS
 * batches are read at once on sessions of their own (the database's work is most of the file's
 * cost, and runs on another core per session) while the one before them is written to the client,
 * which holds at most that many batches in memory. A client that goes away stops further batches.
 */
async function writeCensusByCopy(
  db: Db,
  pool: pg.Pool,
  out: Writable,
  employerPK: number,
  range: CensusRange,
  batchSize: number,
  counter: { rows: number },
) {
  const ref = await loadReference(db, employerPK);
  const { planPKs, medicalPlanPKs } = ref;
  const starts = await batchStarts(db, employerPK, batchSize);
  if (!out.write(CSV_HEAD)) await roomIn(out);
  await copyTurns(async () => {
    // A client that went away while the census waited for its turn needs no worker.
    if (out.destroyed) return;
    const thread = new CensusCopyThread(pool);
    let whole = false;
    try {
      whole = await writeBatches(thread, out, starts, { employerPK, medicalPlanPKs, planPKs, range }, counter);
    } finally {
      // Batches still being read are of no use once the client has gone or one has failed.
      if (whole) thread.end();
      else thread.stop();
    }
  });
}

/**
 * Writes each batch's bytes in key order, COPY_SESSIONS of them read ahead. False when the client
 * went away first.
 */
async function writeBatches(
  thread: CensusCopyThread,
  out: Writable,
  starts: number[],
  batch: Omit<Batch, 'keys'>,
  counter: { rows: number },
): Promise<boolean> {
  const reading: Promise<CopiedBatch>[] = [];
  let next = 0;
  const readAhead = () => {
    while (reading.length < COPY_SESSIONS && next < starts.length) {
      const last = next + 1 < starts.length ? starts[next + 1]! - 1 : 2 ** 31 - 1;
      const copied = thread.copy(censusCopyStatement({ ...batch, keys: { first: starts[next]!, last } }));
      // Should the client go away first, an unread batch must not end as an unhandled rejection.
      copied.catch(() => {});
      reading.push(copied);
      next += 1;
    }
  };
  readAhead();
  while (reading.length > 0) {
    const { chunks, rows } = await reading.shift()!;
    readAhead();
    counter.rows += rows;
    if (out.destroyed) return false;
    // The batch is in memory already: its chunks are handed over at once, and the next batch waits
    // until the client has taken them.
    let room = true;
    for (const chunk of chunks) room = out.write(chunk);
    if (!room) await roomIn(out);
    await nextTurn();
  }
  if (out.destroyed) return false;
  out.end();
  return true;
}

/** One CSV record, in CENSUS_COLUMNS order. Dependents carry their subscriber's ID and division. */
function censusRecord(row: CensusRow, ref: Reference): string[] {
  const plan = ref.plans.get(row.plan_pk);
  const divisionPK = row.division_pk ?? plan?.divisionPK;
  const record: Record<CensusColumn, string> = {
    'Subscriber ID': row.subscriber_id,
    'First Name': row.first_name,
    'Last Name': row.last_name,
    'Date Of Birth': usDate(row.date_of_birth),
    Gender: ref.names.gender.get(row.gender_pk) ?? '',
    Email: row.email,
    Address1: row.address1,
    Address2: row.address2,
    City: row.city,
    State: row.state_pk === null ? '' : (ref.names.state.get(row.state_pk) ?? ''),
    ZipCode: row.zip_code,
    'SSN#': row.ssn,
    Relation: row.is_dependent
      ? ((row.relationship_pk === null ? undefined : ref.names.relationship.get(row.relationship_pk)) ?? '')
      : 'Subscriber',
    'Plan Code': plan?.planCode ?? '',
    'Network Code': plan?.networkCode ?? '',
    'Tier Code': (row.coverage_option_pk === null ? undefined : ref.tiers.get(row.coverage_option_pk)) ?? '',
    'Date Of Hire': usDate(row.date_of_hire),
    'Coverage Start': usDate(row.begin_date),
    'Coverage End': usDate(row.end_date),
    'Division Code':
      (divisionPK === undefined || divisionPK === null ? undefined : ref.locations.get(divisionPK)) ?? '',
  };
  return CENSUS_COLUMNS.map((column) => record[column]);
}

/**
 * Lets timers and I/O run between batches, so a long census never holds the event loop from one read
 * to the next on promise callbacks alone while the socket takes the output.
 */
const nextTurn = () => setImmediatePromise();

/** Resolves when the stream wants more, or has been closed (a client that went away). */
const roomIn = (stream: Writable) =>
  new Promise<void>((resolve) => {
    if (stream.destroyed) {
      resolve();
      return;
    }
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });

/**
 * Writes the file's records into the CSV stream batch by batch, the next batch read while this one is
 * written; waits when the client reads slowly, stops when it goes away.
 */
async function writeCensus(
  db: Db,
  csv: Writable,
  employerPK: number,
  range: CensusRange,
  batchSize: number,
  counter: { rows: number },
) {
  const ref = await loadReference(db, employerPK);
  const { planPKs, medicalPlanPKs } = ref;
  const keys = await subscriberKeys(db, employerPK);
  await nextTurn();
  const batchAt = (start: number) =>
    censusRowsOf(db, {
      employerPK,
      keys: { first: keys[start]!, last: keys[Math.min(start + batchSize, keys.length) - 1]! },
      medicalPlanPKs,
      planPKs,
      range,
    });
  let next = keys.length > 0 ? batchAt(0) : null;
  for (let i = 0; next && !csv.destroyed; i += batchSize) {
    const rows = await next;
    // The database reads the next batch while this one is written out.
    next = i + batchSize < keys.length ? batchAt(i + batchSize) : null;
    // If the client goes away, the read ahead must not end as an unhandled rejection.
    next?.catch(() => {});
    for (const [index, row] of rows.entries()) {
      if (csv.destroyed) return;
      counter.rows += 1;
      const room = csv.write(censusRecord(row, ref));
      if (!room) await roomIn(csv);
      // Give timers and other requests a turn now and then.
      else if (index % YIELD_EVERY_ROWS === YIELD_EVERY_ROWS - 1) await nextTurn();
    }
    await nextTurn();
  }
  csv.end();
}

/** The counts of the census for a range, one aggregate read and no member data. */
export async function censusSummary(db: Db, employerPK: number, query: CensusRequest['query']): Promise<CensusSummary> {
  const range = censusRange(query);
  const [totals] = await db
    .select({
      rowCount: count(),
      subscriberCount: countDistinct(
        sql`case when ${coverages.dependentPK} is null then ${coverages.subscriberPK} end`,
      ),
      dependentCount: countDistinct(coverages.dependentPK),
    })
    .from(coverages)
    .innerJoin(subscribers, eq(subscribers.subscriberPK, coverages.subscriberPK))
    .innerJoin(plans, eq(plans.planPK, coverages.planPK))
    .where(
      and(
        eq(subscribers.employerPK, employerPK),
        eq(plans.employerPK, employerPK),
        inArray(plans.planType, [...CENSUS_PLAN_TYPES]),
        overlaps(range),
      ),
    );
  return {
    ...range,
    rowCount: totals?.rowCount ?? 0,
    subscriberCount: totals?.subscriberCount ?? 0,
    dependentCount: totals?.dependentCount ?? 0,
  };
}

/**
 * The census as a CSV stream (UTF-8 with a byte-order mark so spreadsheet programs read accents).
 * Reads run ahead of the client only by the streams' small buffers, and a client that disconnects
 * stops them. The outcome is audited once the stream ends: 'census.download' when the client read
 * everything, 'census.aborted' otherwise. The batches are not one snapshot: a census taken while
 * members change may mix states, which beats holding a transaction open for a slow download.
 */
export function censusReport(db: Db, request: CensusRequest): Readable {
  const range = censusRange(request.query);
  const counter = { rows: 0 };
  const pool = request.via === 'rows' ? null : postgresPoolOf(db);
  let csv: Writable & Readable;
  if (pool) {
    csv = new PassThrough();
    writeCensusByCopy(
      db,
      pool,
      csv,
      request.employerPK,
      range,
      request.batchSize ?? COPY_BATCH_SUBSCRIBERS,
      counter,
    ).catch((error: unknown) => csv.destroy(error as Error));
  } else {
    csv = stringify(CSV_OPTIONS);
    writeCensus(db, csv, request.employerPK, range, request.batchSize ?? CENSUS_BATCH_SUBSCRIBERS, counter).catch(
      (error: unknown) => csv.destroy(error as Error),
    );
  }

  finished(csv, (error) => {
    const action = error ? 'census.aborted' : 'census.download';
    const disconnected = error?.code === 'ERR_STREAM_PREMATURE_CLOSE';
    if (error && !disconnected) request.log?.error({ err: error }, 'census stream failed');
    const detail = {
      rowCount: counter.rows,
      startDate: range.startDate,
      endDate: range.endDate,
    };
    db.insert(auditEvents)
      .values({
        actor: request.actor,
        employerPK: request.employerPK,
        action,
        detail: error ? { ...detail, reason: disconnected ? 'disconnected' : 'failed' } : detail,
      })
      .catch((auditError: unknown) => request.log?.error({ err: auditError }, `could not audit ${action}`));
  });
  return csv;
}
