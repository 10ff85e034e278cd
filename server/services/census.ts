// Census report (spec 2 §2): one CSV row per member per medical or dental coverage overlapping a date
// range. Large groups (100,000+ members) are streamed: members are read in batches of subscribers
// (in subscriberPK order) and piped through csv-stringify into the reply, so memory stays flat and
// the event loop (and, on PGlite, the one database connection) serves other calls between reads.
import { Readable, finished, pipeline } from 'node:stream';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { stringify } from 'csv-stringify';
import { and, asc, count, countDistinct, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CENSUS_COLUMNS, type censusQuery, type censusSummary } from '../../src/contracts/census';
import { todayIsoDate } from '../../src/contracts/person-rules';
import type { Db } from '../db/client';
import {
  auditEvents,
  coverageOptions,
  coverages,
  dependents,
  divisions,
  lookupValues,
  plans,
  subscribers,
} from '../db/schema';
import { badRequest } from '../lib/problem';
import { usDate } from '../lib/calendar';

type CensusQuery = z.output<typeof censusQuery>;
type CensusColumn = (typeof CENSUS_COLUMNS)[number];
type CensusSummary = z.output<typeof censusSummary>;

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

/**
 * One read per batch: every row of the file for these subscribers, already in file order (the
 * subscriber, then dependents by key; medical before dental), with the member's own or the
 * subscriber's values chosen by the database. Only lookups by key are left
 * to the caller. A dependent row whose dependent is gone is left out.
 */
function censusRowsOf(
  db: Db,
  employerPK: number,
  subscriberPKs: number[],
  medicalPlanPKs: number[],
  planPKs: number[],
  range: CensusRange,
) {
  const home = sql`case when ${dependents.dependentPK} is not null and not ${dependents.sameAddress}`;
  return db
    .select({
      subscriberID: subscribers.subscriberID,
      isDependent: sql<boolean>`${coverages.dependentPK} is not null`,
      firstName: sql<string>`coalesce(${dependents.firstName}, ${subscribers.firstName})`,
      lastName: sql<string>`coalesce(${dependents.lastName}, ${subscribers.lastName})`,
      dateOfBirth: sql<string>`coalesce(${dependents.dateOfBirth}, ${subscribers.dateOfBirth})`,
      genderPK: sql<number>`coalesce(${dependents.genderPK}, ${subscribers.genderPK})`,
      email: sql<string>`coalesce(case when ${coverages.dependentPK} is null then ${subscribers.email} else ${dependents.email} end, '')`,
      address1: sql<string>`coalesce(${home} then ${dependents.address1} else ${subscribers.address1} end, '')`,
      address2: sql<string>`coalesce(${home} then ${dependents.address2} else ${subscribers.address2} end, '')`,
      city: sql<string>`coalesce(${home} then ${dependents.city} else ${subscribers.city} end, '')`,
      statePK: sql<number | null>`${home} then ${dependents.statePK} else ${subscribers.statePK} end`,
      zipCode: sql<string>`coalesce(${home} then ${dependents.zipCode} else ${subscribers.zipCode} end, '')`,
      // The census is the one answer that carries a full SSN (spec 2 §2).
      ssn: sql<string>`coalesce(case when ${coverages.dependentPK} is null then ${subscribers.ssn} else ${dependents.ssn} end, '')`,
      relationshipPK: dependents.relationshipPK,
      planPK: coverages.planPK,
      coverageOptionPK: coverages.coverageOptionPK,
      // Employment belongs to the subscriber; a dependent was never hired.
      dateOfHire: sql<string | null>`case when ${coverages.dependentPK} is null then ${subscribers.dateOfHire} end`,
      beginDate: coverages.beginDate,
      endDate: coverages.endDate,
      divisionPK: subscribers.divisionPK,
    })
    .from(subscribers)
    .innerJoin(coverages, eq(coverages.subscriberPK, subscribers.subscriberPK))
    .leftJoin(dependents, eq(dependents.dependentPK, coverages.dependentPK))
    .where(
      and(
        sql`${subscribers.subscriberPK} = any(${intArray(subscriberPKs)})`,
        // Rows are read by key alone, so the group is checked again.
        eq(subscribers.employerPK, employerPK),
        sql`${coverages.planPK} = any(${intArray(planPKs)})`,
        overlaps(range),
        sql`(${coverages.dependentPK} is null or ${dependents.dependentPK} is not null)`,
      ),
    )
    .orderBy(
      asc(subscribers.subscriberPK),
      sql`${coverages.dependentPK} asc nulls first`,
      sql`${coverages.planPK} <> all(${intArray(medicalPlanPKs)})`,
      asc(coverages.beginDate),
      asc(coverages.coveragePK),
    );
}

type CensusRow = Awaited<ReturnType<typeof censusRowsOf>>[number];

/** One CSV record, in CENSUS_COLUMNS order. Dependents carry their subscriber's ID and division. */
function censusRecord(row: CensusRow, ref: Reference): string[] {
  const plan = ref.plans.get(row.planPK);
  const divisionPK = row.divisionPK ?? plan?.divisionPK;
  const record: Record<CensusColumn, string> = {
    'Subscriber ID': row.subscriberID,
    'First Name': row.firstName,
    'Last Name': row.lastName,
    'Date Of Birth': usDate(row.dateOfBirth),
    Gender: ref.names.gender.get(row.genderPK) ?? '',
    Email: row.email,
    Address1: row.address1,
    Address2: row.address2,
    City: row.city,
    State: row.statePK === null ? '' : (ref.names.state.get(row.statePK) ?? ''),
    ZipCode: row.zipCode,
    'SSN#': row.ssn,
    Relation: row.isDependent
      ? ((row.relationshipPK === null ? undefined : ref.names.relationship.get(row.relationshipPK)) ?? '')
      : 'Subscriber',
    'Plan Code': plan?.planCode ?? '',
    'Network Code': plan?.networkCode ?? '',
    'Tier Code': (row.coverageOptionPK === null ? undefined : ref.tiers.get(row.coverageOptionPK)) ?? '',
    'Date Of Hire': usDate(row.dateOfHire),
    'Coverage Start': usDate(row.beginDate),
    'Coverage End': usDate(row.endDate),
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

async function* censusRecords(
  db: Db,
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
    censusRowsOf(db, employerPK, Array.from(keys.subarray(start, start + batchSize)), medicalPlanPKs, planPKs, range);
  let next = keys.length > 0 ? batchAt(0) : null;
  for (let i = 0; next; i += batchSize) {
    const rows = await next;
    // The database reads the next batch while this one is written out.
    next = i + batchSize < keys.length ? batchAt(i + batchSize) : null;
    // If the client goes away, the read ahead must not end as an unhandled rejection.
    next?.catch(() => {});
    for (const [index, row] of rows.entries()) {
      counter.rows += 1;
      yield censusRecord(row, ref);
      // Async generators resume on microtasks; give timers and other requests a turn now and then.
      if (index % YIELD_EVERY_ROWS === YIELD_EVERY_ROWS - 1) await nextTurn();
    }
    await nextTurn();
  }
}

/** The counts of the census for a range, one aggregate read and no member data. */
export async function censusSummaryOf(
  db: Db,
  employerPK: number,
  query: CensusRequest['query'],
): Promise<CensusSummary> {
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
export function censusCsv(db: Db, request: CensusRequest): Readable {
  const range = censusRange(request.query);
  const counter = { rows: 0 };
  const source = Readable.from(
    censusRecords(db, request.employerPK, range, request.batchSize ?? CENSUS_BATCH_SUBSCRIBERS, counter),
  );
  const csv = stringify({
    header: true,
    columns: [...CENSUS_COLUMNS],
    bom: true,
    record_delimiter: 'windows',
    // Names and addresses are typed by users: keep spreadsheet programs from running them as formulas.
    escape_formulas: true,
  });
  // Errors and disconnects destroy both streams; their outcome is reported by finished() below.
  pipeline(source, csv, () => {});

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
