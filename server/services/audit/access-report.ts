// The Access Report: a group's access-audit rows, filtered, sorted and paged on the server, or all of
// them as a streamed CSV. A member filter resolves to the member's record ids here, so no name or SSN
// is ever stored in or compared against the audit trail.
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AccessEvent, accessReportFilters, accessReportQuery } from '../../../src/contracts/access-report';
import { auditedNamesOf, currentEndpointName } from '../../../src/contracts/endpoints';
import type { Db } from '../../db/client';
import { listTotal } from '../../lib/list-total';
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

/** The where clause, or null when the member filter matches no member (so nothing can match). */
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

export async function accessReport(db: Db, employerPK: number, q: ListQuery) {
  const where = await whereOf(db, employerPK, q);
  if (!where) return { list: [], recordCount: 0 };
  const [rows, total] = await Promise.all([
    selectPage(db, where, q, q.recordsPerPage, q.page * q.recordsPerPage),
    listTotal(db, q.knownCount, auditEvents, where),
  ]);
  return { list: rows.map(toEvent), recordCount: total };
}

const CSV_COLUMNS = ['Time', 'User', 'Subject', 'Endpoint', 'Action', 'Status', 'IP', 'Records'] as const;

async function* csvRecords(db: Db, employerPK: number, f: Filters) {
  const where = await whereOf(db, employerPK, f);
  if (!where) return;
  for (let offset = 0; ; offset += CSV_BATCH) {
    const rows = await selectPage(db, where, f, CSV_BATCH, offset);
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
    if (rows.length < CSV_BATCH) return;
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
