// Census report (spec 2 §2): one CSV row per member per medical or dental coverage overlapping a date
// range. Large groups (100,000+ members) are streamed: members are read in batches of subscribers
// (in subscriberPK order) and piped through csv-stringify into the reply, so memory stays flat and
// the event loop (and, on PGlite, the one database connection) serves other calls between reads.
import { finished, type Readable, type Writable } from 'node:stream';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { stringify } from 'csv-stringify';
import { and, count, countDistinct, eq, getTableName, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CENSUS_COLUMNS,
  type censusQuery,
  type censusSummary as censusSummarySchema,
} from '../../../src/contracts/census';
import { todayIsoDate } from '../../../src/contracts/person-rules';
import type { Db } from '../../db/client';
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

type CensusQuery = z.output<typeof censusQuery>;
type CensusColumn = (typeof CENSUS_COLUMNS)[number];
type CensusSummary = z.output<typeof censusSummarySchema>;

/**
 * Subscribers per database read. PGlite serves one connection, so another call waits for at most
 * one batch's read: smaller batches keep those calls quick, larger ones make the file faster.
 */
const CENSUS_BATCH_SUBSCRIBERS = 500;

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
    tiers: new Map(tierRows.map((t) => [t.pk, t.tierCode])),
    locations: new Map(divisionRows.map((d) => [d.divisionPK, d.locationCode])),
  };
}
type Reference = Awaited<ReturnType<typeof loadReference>>;

const intArray = (values: number[]) => sql`${sql.param(values)}::int[]`;

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

/**
 * One read per batch: every row of the file for the group's subscribers whose keys lie in [first,
 * last], already in file order (the subscriber, then dependents by key; medical before dental), with
 * the member's own or the subscriber's values chosen by the database. A key range is a plain range
 * scan of the primary key; each subscriber's coverage, and each dependent, is then read through its
 * index. The lateral reads (OFFSET 0 keeps the planner from folding them into joins) hold that plan: as
 * plain joins, PGlite's planner, costing the range at a thousand rows, read the whole coverage and
 * dependent tables for every batch. The rows come back as the driver
 * reads them (no per-field mapping): only lookups by key are left to the caller. A dependent row whose
 * dependent is gone is left out.
 */
async function censusRowsOf(
  db: Db,
  employerPK: number,
  keys: { first: number; last: number },
  medicalPlanPKs: number[],
  planPKs: number[],
  range: CensusRange,
): Promise<CensusRow[]> {
  const own = sql`${coverages.dependentPK} is null`;
  const home = sql`case when ${dependents.dependentPK} is not null and not ${dependents.sameAddress}`;
  const query = sql`select
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
      ${subscribers.divisionPK} as division_pk
    from ${subscribers}
    cross join lateral (
      select * from ${coverages}
      where ${and(
        eq(coverages.subscriberPK, subscribers.subscriberPK),
        sql`${coverages.planPK} = any(${intArray(planPKs)})`,
        overlaps(range),
      )}
      offset 0
    ) as ${sql.identifier(getTableName(coverages))}
    left join lateral (
      select * from ${dependents} where ${dependents.dependentPK} = ${coverages.dependentPK} offset 0
    ) as ${sql.identifier(getTableName(dependents))} on true
    where ${and(
      sql`${subscribers.subscriberPK} between ${keys.first} and ${keys.last}`,
      eq(subscribers.employerPK, employerPK),
      sql`(${own} or ${dependents.dependentPK} is not null)`,
    )}
    order by ${subscribers.subscriberPK}, ${coverages.dependentPK} asc nulls first,
      ${coverages.planPK} <> all(${intArray(medicalPlanPKs)}), ${coverages.beginDate}, ${coverages.coveragePK}`;
  const { rows } = await db.execute<CensusRow>(query);
  return rows;
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
  const planPKs = [...ref.plans.keys()];
  const medicalPlanPKs = planPKs.filter((pk) => ref.plans.get(pk)?.planType === 'Medical');
  const keys = await subscriberKeys(db, employerPK);
  await nextTurn();
  const batchAt = (start: number) =>
    censusRowsOf(
      db,
      employerPK,
      { first: keys[start]!, last: keys[Math.min(start + batchSize, keys.length) - 1]! },
      medicalPlanPKs,
      planPKs,
      range,
    );
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
  const csv = stringify({
    header: true,
    columns: [...CENSUS_COLUMNS],
    bom: true,
    record_delimiter: 'windows',
    // Names and addresses are typed by users: keep spreadsheet programs from running them as formulas.
    escape_formulas: true,
  });
  writeCensus(db, csv, request.employerPK, range, request.batchSize ?? CENSUS_BATCH_SUBSCRIBERS, counter).catch(
    (error: unknown) => csv.destroy(error as Error),
  );

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
