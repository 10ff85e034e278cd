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
 * Subscribers per database read. On PGlite each read holds the event loop while it runs, so this
 * trades download speed for other calls' latency. Measured on 100,000 members (bench/census.ts):
 * 2,000 was about 20% faster than 1,000 but raised other calls' p99 latency by half; 500 cut it by
 * a third but was about 20% slower.
 */
const CENSUS_BATCH_SUBSCRIBERS = 1000;

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

const subscriberColumns = {
  subscriberPK: subscribers.subscriberPK,
  employerPK: subscribers.employerPK,
  subscriberID: subscribers.subscriberID,
  firstName: subscribers.firstName,
  lastName: subscribers.lastName,
  dateOfBirth: subscribers.dateOfBirth,
  genderPK: subscribers.genderPK,
  email: subscribers.email,
  address1: subscribers.address1,
  address2: subscribers.address2,
  city: subscribers.city,
  statePK: subscribers.statePK,
  zipCode: subscribers.zipCode,
  ssn: subscribers.ssn,
  dateOfHire: subscribers.dateOfHire,
  divisionPK: subscribers.divisionPK,
};

const dependentColumns = {
  dependentPK: dependents.dependentPK,
  firstName: dependents.firstName,
  lastName: dependents.lastName,
  dateOfBirth: dependents.dateOfBirth,
  genderPK: dependents.genderPK,
  email: dependents.email,
  sameAddress: dependents.sameAddress,
  address1: dependents.address1,
  address2: dependents.address2,
  city: dependents.city,
  statePK: dependents.statePK,
  zipCode: dependents.zipCode,
  ssn: dependents.ssn,
  relationshipPK: dependents.relationshipPK,
};

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
  // Sorted here: on PGlite the database's work holds the event loop, and this sort is cheaper.
  return Int32Array.from(result.rows[0]?.keys ?? []).sort();
}

function subscribersByKey(db: Db, subscriberPKs: number[]) {
  return db
    .select(subscriberColumns)
    .from(subscribers)
    .where(sql`${subscribers.subscriberPK} = any(${intArray(subscriberPKs)})`)
    .orderBy(asc(subscribers.subscriberPK));
}

/** Coverage overlapping the range (inclusive; an open end matches any date on that side). */
function overlaps(range: CensusRange) {
  return and(
    range.endDate ? lte(coverages.beginDate, range.endDate) : undefined,
    range.startDate ? or(isNull(coverages.endDate), gte(coverages.endDate, range.startDate)) : undefined,
  );
}

/** Medical and dental coverage of these subscribers and their dependents overlapping the range. */
function coveragesOf(db: Db, subscriberPKs: number[], planPKs: number[], range: CensusRange) {
  return db
    .select({
      coveragePK: coverages.coveragePK,
      subscriberPK: coverages.subscriberPK,
      dependentPK: coverages.dependentPK,
      planPK: coverages.planPK,
      coverageOptionPK: coverages.coverageOptionPK,
      beginDate: coverages.beginDate,
      endDate: coverages.endDate,
    })
    .from(coverages)
    .where(
      and(
        sql`${coverages.subscriberPK} = any(${intArray(subscriberPKs)})`,
        sql`${coverages.planPK} = any(${intArray(planPKs)})`,
        overlaps(range),
      ),
    );
}

function dependentsOf(db: Db, dependentPKs: number[]) {
  return db
    .select(dependentColumns)
    .from(dependents)
    .where(sql`${dependents.dependentPK} = any(${intArray(dependentPKs)})`);
}

type CensusSubscriber = Awaited<ReturnType<typeof subscribersByKey>>[number];
type CensusDependent = Awaited<ReturnType<typeof dependentsOf>>[number];
type CensusCoverage = Awaited<ReturnType<typeof coveragesOf>>[number];

/** One CSV record, in CENSUS_COLUMNS order. Dependents carry their subscriber's ID and division. */
function censusRecord(
  s: CensusSubscriber,
  d: CensusDependent | null,
  coverage: CensusCoverage,
  ref: Reference,
): string[] {
  const plan = ref.plans.get(coverage.planPK);
  // A dependent with sameAddress lives at the subscriber's address, whatever its own columns hold.
  const home = d && !d.sameAddress ? d : s;
  const divisionPK = s.divisionPK ?? plan?.divisionPK;
  const record: Record<CensusColumn, string> = {
    'Subscriber ID': s.subscriberID,
    'First Name': d ? d.firstName : s.firstName,
    'Last Name': d ? d.lastName : s.lastName,
    'Date Of Birth': usDate(d ? d.dateOfBirth : s.dateOfBirth),
    Gender: ref.names.gender.get(d ? d.genderPK : s.genderPK) ?? '',
    Email: (d ? d.email : s.email) ?? '',
    Address1: home.address1 ?? '',
    Address2: home.address2 ?? '',
    City: home.city ?? '',
    State: home.statePK === null ? '' : (ref.names.state.get(home.statePK) ?? ''),
    ZipCode: home.zipCode ?? '',
    // The census is the one answer that carries a full SSN (spec 2 §2).
    'SSN#': (d ? d.ssn : s.ssn) ?? '',
    Relation: d ? (ref.names.relationship.get(d.relationshipPK) ?? '') : 'Subscriber',
    'Plan Code': plan?.planCode ?? '',
    'Network Code': plan?.networkCode ?? '',
    'Tier Code': (coverage.coverageOptionPK === null ? undefined : ref.tiers.get(coverage.coverageOptionPK)) ?? '',
    // Employment belongs to the subscriber; a dependent was never hired.
    'Date Of Hire': d ? '' : usDate(s.dateOfHire),
    'Coverage Start': usDate(coverage.beginDate),
    'Coverage End': usDate(coverage.endDate),
    'Division Code': (divisionPK === undefined ? undefined : ref.locations.get(divisionPK)) ?? '',
  };
  return CENSUS_COLUMNS.map((column) => record[column]);
}

/** Within a subscriber: the subscriber first, then dependents in key order; medical before dental. */
function byMemberThenPlan(ref: Reference) {
  const medicalFirst = (c: CensusCoverage) => (ref.plans.get(c.planPK)?.planType === 'Medical' ? 0 : 1);
  return (a: CensusCoverage, b: CensusCoverage) =>
    (a.dependentPK ?? 0) - (b.dependentPK ?? 0) ||
    medicalFirst(a) - medicalFirst(b) ||
    a.beginDate.localeCompare(b.beginDate) ||
    a.coveragePK - b.coveragePK;
}

/**
 * Lets timers and I/O run. PGlite answers in-process, so without this a census could run from one
 * query to the next on promise callbacks alone (while the socket takes the output) and starve every
 * other call for seconds.
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
  const order = byMemberThenPlan(ref);
  const keys = await subscriberKeys(db, employerPK);
  await nextTurn();
  for (let i = 0; i < keys.length; i += batchSize) {
    const batchKeys = Array.from(keys.subarray(i, i + batchSize));
    // Rows are fetched by key alone, so the group is checked again before anything is written.
    const batch = (await subscribersByKey(db, batchKeys)).filter((s) => s.employerPK === employerPK);
    await nextTurn();
    const covered = await coveragesOf(db, batchKeys, planPKs, range);
    await nextTurn();
    const dependentPKs = [...new Set(covered.flatMap((c) => (c.dependentPK === null ? [] : [c.dependentPK])))];
    const people = dependentPKs.length > 0 ? await dependentsOf(db, dependentPKs) : [];
    const dependentByPK = new Map(people.map((d) => [d.dependentPK, d]));
    const bySubscriber = new Map<number, CensusCoverage[]>();
    for (const c of covered) {
      const list = bySubscriber.get(c.subscriberPK);
      if (list) list.push(c);
      else bySubscriber.set(c.subscriberPK, [c]);
    }
    for (const s of batch) {
      for (const coverage of (bySubscriber.get(s.subscriberPK) ?? []).sort(order)) {
        const d = coverage.dependentPK === null ? null : dependentByPK.get(coverage.dependentPK);
        if (d === undefined) continue;
        counter.rows += 1;
        yield censusRecord(s, d, coverage, ref);
      }
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
