// The members an 834 lists, read per batch of subscribers (a handful of statements per batch, never one
// per member): for a change file the members each pushed request touched, for a full file every member
// of the group with coverage in force, in subscriber order.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { RequestType } from '../../../src/contracts/subscribers';
import type { Db } from '../../db/client';
import {
  coverageOptions,
  coverages,
  dependents,
  fsaElections,
  lookupValues,
  plans,
  subscribers,
} from '../../db/schema';
import {
  FULL_FILE_MAINTENANCE,
  coverageLevel,
  maintenanceFor,
  relationshipCode,
  type FeedCoverage,
  type FeedMember,
  type MaintenanceCode,
} from './carrier-834';

/** The subscriber columns a loop is written from: the rest (timestamps among them) is not read or mapped. */
const feedSubscriberColumns = {
  subscriberPK: subscribers.subscriberPK,
  subscriberID: subscribers.subscriberID,
  firstName: subscribers.firstName,
  middleName: subscribers.middleName,
  lastName: subscribers.lastName,
  ssn: subscribers.ssn,
  dateOfBirth: subscribers.dateOfBirth,
  genderPK: subscribers.genderPK,
  address1: subscribers.address1,
  address2: subscribers.address2,
  city: subscribers.city,
  statePK: subscribers.statePK,
  zipCode: subscribers.zipCode,
  phone1: subscribers.phone1,
  email: subscribers.email,
  dateOfHire: subscribers.dateOfHire,
  termDate: subscribers.termDate,
};
type Subscriber = Pick<typeof subscribers.$inferSelect, keyof typeof feedSubscriberColumns>;

/** The dependent columns a loop is written from, and the two stamps a change file tells requests by. */
const feedDependentColumns = {
  dependentPK: dependents.dependentPK,
  subscriberPK: dependents.subscriberPK,
  relationshipPK: dependents.relationshipPK,
  firstName: dependents.firstName,
  middleInitial: dependents.middleInitial,
  lastName: dependents.lastName,
  ssn: dependents.ssn,
  dateOfBirth: dependents.dateOfBirth,
  genderPK: dependents.genderPK,
  sameAddress: dependents.sameAddress,
  address1: dependents.address1,
  address2: dependents.address2,
  city: dependents.city,
  statePK: dependents.statePK,
  zipCode: dependents.zipCode,
  phone1: dependents.phone1,
  email: dependents.email,
  termDate: dependents.termDate,
  createdAt: dependents.createdAt,
  updatedAt: dependents.updatedAt,
};
type Dependent = Pick<typeof dependents.$inferSelect, keyof typeof feedDependentColumns>;
type CoverageRow = {
  dependentPK: number | null;
  planType: string;
  planCode: string;
  tierCode: string | null;
  beginDate: string;
  endDate: string | null;
};
type FsaRow = { planCode: string; begin: string; end: string };

/** An int[] parameter: one bound value however many keys, where an IN list binds one per key. */
const intArray = (values: number[]) => sql`${sql.param(values)}::int[]`;

type Household = { subscriber: Subscriber; dependents: Dependent[]; coverages: CoverageRow[]; fsa: FsaRow[] };

export type FeedContext = { states: Map<number, string>; today: string };

export async function feedContext(db: Db, today: string): Promise<FeedContext> {
  const rows = await db
    .select({ pk: lookupValues.pk, code: lookupValues.code })
    .from(lookupValues)
    .where(eq(lookupValues.kind, 'state'));
  return { states: new Map(rows.map((r) => [r.pk, r.code ?? ''])), today };
}

/** Subscribers by key: a set of keys, or every key of a range (a plain index range read). */
type Keys = { pks: number[] } | { first: number; last: number };

const keyed = (column: AnyPgColumn, keys: Keys) =>
  'pks' in keys ? sql`${column} = any(${intArray(keys.pks)})` : sql`${column} between ${keys.first} and ${keys.last}`;

/**
 * The dependents, coverage and FSA elections of these subscribers. A full file reads them by key
 * range: on PGlite a read by a thousand-key array costs tens of milliseconds, a range read one.
 * Rows of subscribers not asked for (other groups' keys inside the range) are dropped.
 */
async function householdsOf(
  db: Db,
  subs: Subscriber[],
  keys: Keys = { pks: subs.map((s) => s.subscriberPK) },
): Promise<Map<number, Household>> {
  const byPK = new Map<number, Household>(
    subs.map((s) => [s.subscriberPK, { subscriber: s, dependents: [], coverages: [], fsa: [] }]),
  );
  if (subs.length === 0) return byPK;
  // One after another: inside a transaction the three share one connection.
  const deps = await db
    .select(feedDependentColumns)
    .from(dependents)
    .where(keyed(dependents.subscriberPK, keys))
    .orderBy(asc(dependents.dependentPK));
  const covs = await db
    .select({
      subscriberPK: coverages.subscriberPK,
      dependentPK: coverages.dependentPK,
      planType: plans.planType,
      planCode: plans.planCode,
      tierCode: coverageOptions.tierCode,
      beginDate: coverages.beginDate,
      endDate: coverages.endDate,
    })
    .from(coverages)
    .innerJoin(plans, eq(plans.planPK, coverages.planPK))
    .leftJoin(coverageOptions, eq(coverageOptions.coverageOptionPK, coverages.coverageOptionPK))
    .where(keyed(coverages.subscriberPK, keys))
    .orderBy(asc(coverages.coveragePK));
  const fsa = await db
    .select({
      subscriberPK: fsaElections.subscriberPK,
      planCode: plans.planCode,
      begin: plans.contractBeginDate,
      end: plans.contractEndDate,
    })
    .from(fsaElections)
    .innerJoin(plans, eq(plans.planPK, fsaElections.planPK))
    .where(keyed(fsaElections.subscriberPK, keys));
  for (const d of deps) byPK.get(d.subscriberPK)?.dependents.push(d);
  for (const c of covs) byPK.get(c.subscriberPK)?.coverages.push(c);
  for (const f of fsa) byPK.get(f.subscriberPK)?.fsa.push(f);
  return byPK;
}

const LINE: Record<string, FeedCoverage['line']> = { Medical: 'HLT', Dental: 'DEN' };
const GENDER: Record<number, FeedMember['gender']> = { 1: 'M', 2: 'F' };

/**
 * The coverages a loop lists: a termination lists what ended on the member's term date; anything else
 * what is in force today or begins later (and the subscriber's FSA elections of a plan year not over).
 */
function coveragesOf(
  h: Household,
  dependentPK: number | null,
  m: MaintenanceCode,
  termDate: string | null,
  today: string,
) {
  const ending = m.type === '024';
  const rows = h.coverages.filter(
    (c) =>
      c.dependentPK === dependentPK &&
      LINE[c.planType] &&
      (ending ? c.endDate !== null && c.endDate === termDate : c.endDate === null || c.endDate >= today),
  );
  const out: FeedCoverage[] = rows.map((c) => ({
    line: LINE[c.planType]!,
    planCode: c.planCode,
    level: coverageLevel(c.tierCode),
    begin: c.beginDate,
    end: c.endDate,
  }));
  if (dependentPK === null && !ending) {
    for (const f of h.fsa)
      if (f.end >= today) out.push({ line: 'FSA', planCode: f.planCode, level: null, begin: f.begin, end: f.end });
  }
  return out;
}

function memberOf(h: Household, dependent: Dependent | null, m: MaintenanceCode, ctx: FeedContext): FeedMember {
  const s = h.subscriber;
  const own = dependent && !dependent.sameAddress && dependent.address1 ? dependent : null;
  const termDate = dependent ? dependent.termDate : s.termDate;
  return {
    subscriberID: s.subscriberID,
    isSubscriber: !dependent,
    relationship: dependent ? relationshipCode(dependent.relationshipPK) : '18',
    maintenance: m,
    firstName: (dependent ?? s).firstName,
    middleName: dependent ? dependent.middleInitial : s.middleName,
    lastName: (dependent ?? s).lastName,
    ssn: (dependent ? dependent.ssn : s.ssn)?.replace(/\D/g, '') || null,
    dateOfBirth: (dependent ?? s).dateOfBirth,
    gender: GENDER[(dependent ?? s).genderPK] ?? 'U',
    address1: own?.address1 ?? s.address1,
    address2: own ? own.address2 : s.address2,
    city: own?.city ?? s.city,
    state: ctx.states.get((own?.statePK ?? s.statePK) as number) ?? '',
    zipCode: own?.zipCode ?? s.zipCode,
    phone: dependent ? dependent.phone1 : s.phone1,
    email: dependent ? dependent.email : s.email,
    hireDate: dependent ? null : s.dateOfHire,
    termDate,
    coverages: coveragesOf(h, dependent?.dependentPK ?? null, m, termDate, ctx.today),
  };
}

export type PushedRequest = {
  requestPK: number;
  type: RequestType;
  subscriberPK: number | null;
  dependentPK: number | null;
  /** When it was pushed: members a change of coverage created were created in that transaction. */
  pushedAt: Date | null;
};

type Touch = { subscriberPK: number; dependentPK: number | null; maintenance: MaintenanceCode };

/** Dependents a request removed: ended in the request's own transaction (a divorce's spouse). */
const removedBy = (r: PushedRequest, h: Household) =>
  h.dependents.filter((d) => d.termDate !== null && d.updatedAt.getTime() === r.pushedAt?.getTime());

/** The members one request touched, with what the carrier is told about each. */
function touchesOf(r: PushedRequest, h: Household): Touch[] {
  const sub = (m: MaintenanceCode): Touch => ({
    subscriberPK: h.subscriber.subscriberPK,
    dependentPK: null,
    maintenance: m,
  });
  const dep = (d: Dependent, m: MaintenanceCode): Touch => ({
    subscriberPK: h.subscriber.subscriberPK,
    dependentPK: d.dependentPK,
    maintenance: m,
  });
  const active = h.dependents.filter((d) => d.termDate === null);
  switch (r.type) {
    case 'NewEnrollment':
      return [sub(maintenanceFor(r.type)), ...active.map((d) => dep(d, maintenanceFor(r.type)))];
    case 'ChangeCoverage':
      return [
        sub(maintenanceFor(r.type)),
        ...active.map((d) => dep(d, maintenanceFor(r.type, d.createdAt.getTime() === r.pushedAt?.getTime()))),
      ];
    case 'LifeEvent':
      return [
        sub(maintenanceFor(r.type)),
        ...active.map((d) => dep(d, maintenanceFor(r.type, d.createdAt.getTime() === r.pushedAt?.getTime()))),
        ...removedBy(r, h).map((d) => dep(d, maintenanceFor('TerminateDependent'))),
      ];
    case 'OpenEnrollment':
      // Next year's elections change the coverage of the whole household; removed dependents end.
      return [
        sub(maintenanceFor(r.type)),
        ...active.map((d) => dep(d, maintenanceFor(r.type))),
        ...removedBy(r, h).map((d) => dep(d, maintenanceFor('TerminateDependent'))),
      ];
    case 'Subscriber':
      return [sub(maintenanceFor(r.type))];
    case 'Terminate': {
      const termDate = h.subscriber.termDate;
      const ended = h.dependents.filter((d) => d.termDate !== null && d.termDate === termDate);
      return [sub(maintenanceFor(r.type)), ...ended.map((d) => dep(d, maintenanceFor(r.type)))];
    }
    case 'Dependent':
    case 'TerminateDependent': {
      const d = h.dependents.find((x) => x.dependentPK === r.dependentPK);
      return d ? [dep(d, maintenanceFor(r.type))] : [];
    }
  }
}

/**
 * The loops of a change file, one per member touched, grouped by subscriber in the order of the
 * batch, leaving out members without coverage to report. When requests of one batch touch a member twice the later one speaks, except that a change
 * after an addition stays an addition (the carrier has not heard of the member yet).
 */
export async function changeFileMembers(db: Db, employerPK: number, batch: PushedRequest[], ctx: FeedContext) {
  const pks = [...new Set(batch.map((r) => r.subscriberPK).filter((pk): pk is number => pk !== null))];
  const subs = pks.length
    ? await db
        .select(feedSubscriberColumns)
        .from(subscribers)
        .where(and(eq(subscribers.employerPK, employerPK), sql`${subscribers.subscriberPK} = any(${intArray(pks)})`))
    : [];
  const households = await householdsOf(db, subs);
  const touched = new Map<string, Touch>();
  for (const r of batch) {
    const h = r.subscriberPK === null ? undefined : households.get(r.subscriberPK);
    if (!h) continue;
    for (const t of touchesOf(r, h)) {
      const key = `${t.subscriberPK}:${t.dependentPK ?? ''}`;
      const before = touched.get(key);
      if (before?.maintenance.type === '021' && t.maintenance.type === '001') continue;
      touched.set(key, t);
    }
  }
  const ordered = [...touched.values()].sort(
    (a, b) => pks.indexOf(a.subscriberPK) - pks.indexOf(b.subscriberPK) || (a.dependentPK ?? 0) - (b.dependentPK ?? 0),
  );
  // A member with no coverage to report (none in force, or none that ended) is no business of the carrier.
  return ordered
    .map((t) => {
      const h = households.get(t.subscriberPK)!;
      const d = t.dependentPK === null ? null : h.dependents.find((x) => x.dependentPK === t.dependentPK)!;
      return memberOf(h, d, t.maintenance, ctx);
    })
    .filter((m) => m.coverages.length > 0);
}

const FULL_FILE_BATCH = 1000;

/**
 * Every member of the group with coverage in force today or later, subscriber by subscriber in key
 * order. The group's active keys are read once as one array; each batch of FULL_FILE_BATCH is then read
 * as the key range from its first to its last key, which stays fast without planner statistics (an
 * ORDER BY … LIMIT keyset read may be planned as a sort of the whole group per batch on PGlite after a
 * bulk seed). The next batch is read while this one is written: on PostgreSQL the database's half of
 * the work then overlaps the file's (on PGlite the reads queue on its one connection as before).
 */
export async function* fullFileMembers(db: Db, employerPK: number, ctx: FeedContext): AsyncGenerator<FeedMember[]> {
  const [row] = await db
    .select({
      keys: sql<number[] | null>`array_agg(${subscribers.subscriberPK} order by ${subscribers.subscriberPK})`,
    })
    .from(subscribers)
    .where(and(eq(subscribers.employerPK, employerPK), isNull(subscribers.termDate)));
  const keys = Int32Array.from(row?.keys ?? []);
  const batchAt = async (start: number) => {
    const range = { first: keys[start]!, last: keys[Math.min(start + FULL_FILE_BATCH, keys.length) - 1]! };
    const subs = await db
      .select(feedSubscriberColumns)
      .from(subscribers)
      .where(
        and(
          eq(subscribers.employerPK, employerPK),
          isNull(subscribers.termDate),
          keyed(subscribers.subscriberPK, range),
        ),
      )
      .orderBy(asc(subscribers.subscriberPK));
    return { subs, households: await householdsOf(db, subs, range) };
  };
  let next = keys.length > 0 ? batchAt(0) : null;
  for (let start = 0; next; start += FULL_FILE_BATCH) {
    const { subs, households } = await next;
    next = start + FULL_FILE_BATCH < keys.length ? batchAt(start + FULL_FILE_BATCH) : null;
    // Should the file fail before the read ahead is awaited, it must not end as an unhandled rejection.
    next?.catch(() => {});
    const members: FeedMember[] = [];
    for (const s of subs) {
      const h = households.get(s.subscriberPK)!;
      for (const d of [null, ...h.dependents.filter((x) => x.termDate === null)]) {
        const m = memberOf(h, d, FULL_FILE_MAINTENANCE, ctx);
        if (m.coverages.length > 0) members.push(m);
      }
    }
    yield members;
  }
}
