// The Access Report: a group's access-audit rows, filtered, sorted and paged on the server, or all of
// them as a streamed CSV. A member filter resolves to the member's record ids here, so no name or SSN
// is ever stored in or compared against the audit trail.
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACCESS_REPORT_CAP,
  type AccessEvent,
  type accessReportFilters,
  type accessReportQuery,
} from '../../../src/contracts/access-report';
import { auditedNamesOf, currentEndpointName } from '../../../src/contracts/endpoints';
import type { Db } from '../../db/client';
import { auditEvents, claims, dependents, requests, subscribers } from '../../db/schema';
import { parseIsoDate, startOfDayAfter } from '../../lib/calendar';
import { contains } from '../../lib/like-pattern';

type Filters = z.output<typeof accessReportFilters>;
type ListQuery = z.output<typeof accessReportQuery>;

/** Enough for any real name search; a broader one should be narrowed. */
const MAX_MEMBERS = 100;
const CSV_BATCH = 1000;

const SORTS = {
  at: auditEvents.at,
  actorEmail: auditEvents.actorEmail,
  endpoint: auditEvents.endpoint,
  status: auditEvents.status,
} as const;

/** Subscribers of the group by SSN last 4 (four digits) or by the start of the last name. */
async function memberPKs(db: Db, employerPK: number, member: string): Promise<number[]> {
  const match = /^\d{4}$/.test(member)
    ? eq(subscribers.ssnLast4, member)
    : ilike(subscribers.lastName, `${member.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const rows = await db
    .select({ pk: subscribers.subscriberPK })
    .from(subscribers)
    .where(and(eq(subscribers.employerPK, employerPK), match))
    .limit(MAX_MEMBERS);
  return rows.map((r) => r.pk);
}

/** Every record id that names one of these members: themselves, their dependents, requests and claims. */
async function memberRecords(db: Db, employerPK: number, member: string): Promise<string[]> {
  const pks = await memberPKs(db, employerPK, member);
  if (pks.length === 0) return [];
  const [deps, reqs, clms] = await Promise.all([
    db.select({ pk: dependents.dependentPK }).from(dependents).where(inArray(dependents.subscriberPK, pks)),
    db.select({ pk: requests.requestPK }).from(requests).where(inArray(requests.subscriberPK, pks)),
    db.select({ pk: claims.claimID }).from(claims).where(inArray(claims.subscriberPK, pks)),
  ]);
  return [
    ...pks.map((pk) => `subscriber:${pk}`),
    ...deps.map((r) => `dependent:${r.pk}`),
    ...reqs.map((r) => `request:${r.pk}`),
    ...clms.map((r) => `claim:${r.pk}`),
  ];
}

function recordsOverlap(records: string[]): SQL {
  return sql`${auditEvents.records} && ${sql.param(records)}::text[]`;
}

/**
 * The where clause, or null when the member filter matches no member (so nothing can match). With a
 * member filter the matches are few (at most MAX_MEMBERS members' rows) and are read through the
 * records index, then sorted (see selectMembersPage).
 */
async function whereOf(db: Db, employerPK: number, f: Filters): Promise<SQL | null> {
  let touched: SQL | undefined;
  if (f.member) {
    const records = await memberRecords(db, employerPK, f.member);
    if (records.length === 0) return null;
    touched = recordsOverlap(records);
  }
  const toEnd = f.to ? startOfDayAfter(f.to) : null;
  return and(
    eq(auditEvents.employerPK, employerPK),
    isNotNull(auditEvents.endpoint),
    f.from ? gte(auditEvents.at, parseIsoDate(f.from)) : undefined,
    toEnd ? lt(auditEvents.at, toEnd) : undefined,
    f.user ? ilike(auditEvents.actorEmail, contains(f.user)) : undefined,
    f.endpoint ? inArray(auditEvents.endpoint, auditedNamesOf(f.endpoint)) : undefined,
    f.outcome === 'allowed' ? lt(auditEvents.status, 400) : undefined,
    f.outcome === 'refused' ? inArray(auditEvents.status, [401, 403, 404]) : undefined,
    touched,
  )!;
}

const columns = {
  auditEventPK: auditEvents.auditEventPK,
  at: auditEvents.at,
  actor: auditEvents.actor,
  actorEmail: auditEvents.actorEmail,
  endpoint: auditEvents.endpoint,
  action: auditEvents.action,
  status: auditEvents.status,
  ip: auditEvents.ip,
  records: auditEvents.records,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

function toEvent(row: Row): AccessEvent {
  return {
    auditEventPK: row.auditEventPK!,
    at: row.at!.toISOString(),
    actor: row.actor!,
    actorEmail: row.actorEmail,
    endpoint: currentEndpointName(row.endpoint!),
    action: row.action!,
    status: row.status,
    ip: row.ip,
    records: row.records ?? [],
  };
}

function selectPage(db: Db, where: SQL, f: Filters, limit: number, offset: number) {
  const direction = f.order === 'ASC' ? asc : desc;
  return db
    .select(columns)
    .from(auditEvents)
    .where(where)
    .orderBy(direction(SORTS[f.sort]), direction(auditEvents.auditEventPK))
    .limit(limit)
    .offset(offset);
}

/**
 * A page of the newest `cap` matches in another order than time: the time index finds them, and only
 * they are sorted (sorting a trail of millions by user would read all of it).
 */
function selectNewestPage(db: Db, where: SQL, f: Filters, limit: number, offset: number, cap: number) {
  const newest = db
    .select(columns)
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.auditEventPK))
    .limit(cap)
    .as('newest');
  const direction = f.order === 'ASC' ? asc : desc;
  return db
    .select()
    .from(newest)
    .orderBy(direction(newest[f.sort]), direction(newest.at), direction(newest.auditEventPK))
    .limit(limit)
    .offset(offset);
}

/**
 * Whatever the most rows a member filter reads; a trail holding more for a hundred members is past
 * anything real.
 */
const MEMBER_ROWS = 1_000_000;

/**
 * A page of a member filter's matches. They are all read through the records index first and then
 * ordered: the limit keeps the planner from folding the read into the outer query, where it would
 * walk the time index of the whole group looking for the member's few rows (seconds on a trail of
 * millions, as its estimate for an array overlap is far too high).
 */
function selectMembersPage(db: Db, where: SQL, f: Filters, limit: number, offset: number) {
  const matches = db.select(columns).from(auditEvents).where(where).limit(MEMBER_ROWS).as('matches');
  const direction = f.order === 'ASC' ? asc : desc;
  // All of them are read anyway: the total comes with the page, not from a second read.
  return db
    .select({ ...matches._.selectedFields, total: sql<number>`(count(*) over ())::int` })
    .from(matches)
    .orderBy(direction(matches[f.sort]), direction(matches.at), direction(matches.auditEventPK))
    .limit(limit)
    .offset(offset);
}

/** The filter's matches, counted up to one past the cap. */
async function cappedCount(db: Db, where: SQL, cap: number): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(auditEvents)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(matches);
  return row?.value ?? 0;
}

/** A page of the report; `cap` is ACCESS_REPORT_CAP but in tests, whose trails are shorter. */
export async function accessReport(db: Db, employerPK: number, q: ListQuery, cap = ACCESS_REPORT_CAP) {
  const where = await whereOf(db, employerPK, q);
  if (!where) return { list: [], recordCount: 0 };
  const offset = q.page * q.recordsPerPage;
  // No entry past the cap is listed: the last page stops there.
  const limit = Math.min(q.recordsPerPage, cap - offset);
  let rows: Row[];
  let total: number;
  if (q.member && limit > 0) {
    const page = await selectMembersPage(db, where, q, limit, offset);
    rows = page;
    // A page past the end has no row to carry the total.
    total = q.knownCount ?? page[0]?.total ?? (await cappedCount(db, where, cap));
  } else {
    [rows, total] = await Promise.all([
      limit <= 0
        ? []
        : q.sort === 'at'
          ? selectPage(db, where, q, limit, offset)
          : selectNewestPage(db, where, q, limit, offset, cap),
      q.knownCount ?? cappedCount(db, where, cap),
    ]);
  }
  const countCapped = total > cap;
  return {
    list: rows.map(toEvent),
    recordCount: countCapped ? cap : total,
    ...(countCapped ? { countCapped } : {}),
  };
}

const CSV_COLUMNS = ['Time', 'User', 'Subject', 'Endpoint', 'Action', 'Status', 'IP', 'Records'] as const;

/**
 * The filter's rows in batches. In time order (the report's default) each batch starts after the last
 * row of the one before, through the time index, so the millionth row costs what the first did; in
 * another order, or of a member's few rows, a batch skips the rows before it.
 */
async function* csvBatches(db: Db, where: SQL, f: Filters) {
  if (f.sort !== 'at' || f.member) {
    for (let offset = 0; ; offset += CSV_BATCH) {
      const rows = f.member
        ? await selectMembersPage(db, where, f, CSV_BATCH, offset)
        : await selectPage(db, where, f, CSV_BATCH, offset);
      yield rows;
      if (rows.length < CSV_BATCH) return;
    }
  }
  const after = f.order === 'ASC' ? sql`>` : sql`<`;
  const notBefore = f.order === 'ASC' ? gte : lte;
  // The last row's time as the database wrote it: a JavaScript Date would drop its microseconds.
  let last: { at: string; pk: number } | null = null;
  for (;;) {
    const from: SQL | undefined = last
      ? and(
          notBefore(auditEvents.at, sql`${last.at}::timestamptz`),
          sql`(${auditEvents.at}, ${auditEvents.auditEventPK}) ${after} (${last.at}::timestamptz, ${last.pk})`,
        )
      : undefined;
    const direction = f.order === 'ASC' ? asc : desc;
    const rows = await db
      .select({ ...columns, cursorAt: sql<string>`${auditEvents.at}::text` })
      .from(auditEvents)
      .where(and(where, from))
      .orderBy(direction(auditEvents.at), direction(auditEvents.auditEventPK))
      .limit(CSV_BATCH);
    yield rows;
    const end = rows.at(-1);
    if (!end || rows.length < CSV_BATCH) return;
    last = { at: end.cursorAt, pk: end.auditEventPK };
  }
}

async function* csvRecords(db: Db, employerPK: number, f: Filters) {
  const where = await whereOf(db, employerPK, f);
  if (!where) return;
  for await (const rows of csvBatches(db, where, f)) {
    for (const row of rows.map(toEvent)) {
      yield [
        row.at,
        row.actorEmail ?? '',
        row.actor,
        row.endpoint,
        row.action,
        row.status ?? '',
        row.ip ?? '',
        row.records.join(' '),
      ];
    }
  }
}

/** The filtered report as CSV, read batch by batch while the client downloads it. */
export function accessReportCsv(db: Db, employerPK: number, f: Filters): Readable {
  const csv = stringify({
    header: true,
    columns: [...CSV_COLUMNS],
    bom: true,
    record_delimiter: 'windows',
    escape_formulas: true,
  });
  // A failed read or a client that goes away destroys both streams.
  pipeline(Readable.from(csvRecords(db, employerPK, f)), csv, () => {});
  return csv;
}
