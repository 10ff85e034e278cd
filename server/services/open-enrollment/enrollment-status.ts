// HR's list of where each active member stands in the group's window: filtered by status and
// the start of the last name, paged by subscriber key (keyset), and the same list streamed as CSV.
//
// A page is one statement after the window's lookup: first the page's keys, then only those members
// and their election rows (read by the elections' primary key, window then subscriber). The keys come
// in key order from where the filter is narrowest:
// - all statuses, or not started: the group's members by key (the subscribers' primary key, or their
//   employer index for a small group), stopping once the page is full;
// - in progress: the window's first views (`enrollment_views`) along their primary key, of members
//   without election rows;
// - a status the rows decide (submitted, waived, rolled over, not elected): the window's election rows
//   along their primary key, grouped per member as they come;
// - a status with a name: the members whose last name starts so (the prefix index), in key order.
// No call counts the group: the totals come from `enrollmentWindow`.
import { finished, pipeline, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { stringify } from 'csv-stringify';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ENROLLMENT_STATUS_FILE_NAME,
  ENROLLMENT_STATUS_LABELS,
  electionChoiceText,
  type ElectionAction,
  type ElectionChoice,
  type EnrollmentStatus,
  type EnrollmentStatusList,
  type EnrollmentStatusRow,
  type enrollmentStatusFilters,
  type enrollmentStatusQuery,
} from '../../../src/contracts/open-enrollment';
import type { Db } from '../../db/client';
import { auditEvents, enrollmentWindows } from '../../db/schema';
import type { FileAnswer } from '../../lib/file-answer';
import { startsWith } from '../../lib/like-pattern';

type Filters = z.output<typeof enrollmentStatusFilters>;
type PageQuery = Filters & { after?: number | undefined };

/**
 * The window the list is of: the one not closed yet, or else the last closed one (whose rolled-over
 * and lapsed members are then listed). One window is open at a time, so it is the group's newest.
 */
async function listedWindow(db: Db, employerPK: number): Promise<number | null> {
  const [row] = await db
    .select({ windowPK: enrollmentWindows.windowPK })
    .from(enrollmentWindows)
    .where(eq(enrollmentWindows.employerPK, employerPK))
    .orderBy(desc(enrollmentWindows.windowPK))
    .limit(1);
  return row?.windowPK ?? null;
}

/** Rows per read of the CSV. */
export const STATUS_CSV_BATCH = 1000;

/**
 * The member's status from their rows in the window (an aggregate over `e`); with no rows, in progress
 * when they opened their enrollment screen in the window (`subscriber`: their key), else not started.
 */
const statusOfRows = (windowPK: number, subscriber: SQL) => sql`case
    when count(e.action) = 0 then (case when exists (select 1 from enrollment_views v
      where v.window_pk = ${windowPK} and v.subscriber_pk = ${subscriber}) then 'inProgress' else 'notStarted' end)
    when bool_or(e.action in ('keep', 'change')) then 'submitted'
    when bool_and(e.action = 'waive') then 'waived'
    when bool_or(e.action = 'rollover') then 'rolledOver'
    else 'notElected' end`;

/** What a row shows of the member's elections, aggregated over `e`. */
const electionSummary = (windowPK: number, subscriber: SQL) => sql`${statusOfRows(windowPK, subscriber)} as status,
    max(e.submitted_at) filter (where e.action in ('keep', 'change', 'waive')) as submitted_at,
    max(e.action) filter (where e.plan_type = 'Medical') as medical_action,
    max(e.plan_pk) filter (where e.plan_type = 'Medical') as medical_plan_pk,
    max(e.waive_reason) filter (where e.plan_type = 'Medical') as medical_reason,
    max(e.action) filter (where e.plan_type = 'Dental') as dental_action,
    max(e.plan_pk) filter (where e.plan_type = 'Dental') as dental_plan_pk,
    max(e.waive_reason) filter (where e.plan_type = 'Dental') as dental_reason`;

type PageRow = {
  subscriber_pk: number;
  subscriber_id: string;
  last_name: string;
  first_name: string;
  status: EnrollmentStatus;
  submitted_at: Date | string | null;
  medical_action: ElectionAction | null;
  medical_plan: string | null;
  medical_reason: string | null;
  dental_action: ElectionAction | null;
  dental_plan: string | null;
  dental_reason: string | null;
};

const afterKey = (column: SQL, after: number | undefined) =>
  after === undefined ? sql`` : sql`and ${column} > ${after}`;

/** The group's active members after the key, whose last name starts with the typed text (any case). */
function memberFilter(employerPK: number, q: PageQuery, name: string | undefined): SQL {
  return sql`k.employer_pk = ${employerPK} and k.term_date is null ${afterKey(sql`k.subscriber_pk`, q.after)}
    ${name ? sql`and lower(k.last_name) like ${startsWith(name)}` : sql``}`;
}

/** The keys of one page (at most `limit`), in key order, from where the filter is narrowest. */
function pageKeys(windowPK: number, employerPK: number, q: PageQuery, limit: number): SQL {
  const name = q.lastName?.trim().toLowerCase() || undefined;
  const members = memberFilter(employerPK, q, name);
  const noRows = (subscriber: SQL) =>
    sql`not exists (select 1 from elections x where x.window_pk = ${windowPK} and x.subscriber_pk = ${subscriber})`;
  if (q.status === undefined || (q.status === 'notStarted' && !name)) {
    const unstarted =
      q.status === 'notStarted'
        ? sql`and ${noRows(sql`k.subscriber_pk`)} and not exists (select 1 from enrollment_views v
            where v.window_pk = ${windowPK} and v.subscriber_pk = k.subscriber_pk)`
        : sql``;
    return sql`select k.subscriber_pk from subscribers k where ${members} ${unstarted}
      order by k.subscriber_pk limit ${limit}`;
  }
  if (q.status === 'inProgress' && !name) {
    return sql`select v.subscriber_pk from enrollment_views v
      join subscribers k on k.subscriber_pk = v.subscriber_pk
      where v.window_pk = ${windowPK} ${afterKey(sql`v.subscriber_pk`, q.after)} and ${members}
        and ${noRows(sql`v.subscriber_pk`)}
      order by v.subscriber_pk limit ${limit}`;
  }
  if (!name) {
    return sql`select r.subscriber_pk
      from (select e.subscriber_pk from elections e
            where e.window_pk = ${windowPK} ${afterKey(sql`e.subscriber_pk`, q.after)}
            group by e.subscriber_pk
            having ${statusOfRows(windowPK, sql`e.subscriber_pk`)} = ${q.status}) r
      join subscribers k on k.subscriber_pk = r.subscriber_pk
      where ${members}
      order by r.subscriber_pk limit ${limit}`;
  }
  // The named members in key order (OFFSET 0 keeps them a sorted set of their own), each status read
  // as the page fills.
  return sql`select n.subscriber_pk
    from (select k.subscriber_pk from subscribers k where ${members} order by k.subscriber_pk offset 0) n
    cross join lateral (select ${statusOfRows(windowPK, sql`n.subscriber_pk`)} as status from elections e
                        where e.window_pk = ${windowPK} and e.subscriber_pk = n.subscriber_pk) st
    where st.status = ${q.status}
    order by n.subscriber_pk limit ${limit}`;
}

/** Reads `limit` rows of the list after `q.after`: the page's members, their elections and plan names. */
async function readPage(db: Db, windowPK: number, employerPK: number, q: PageQuery, limit: number) {
  const planName = (column: 'medical_plan_pk' | 'dental_plan_pk') =>
    sql`(select pl.plan_name from plans pl where pl.plan_pk = m.${sql.raw(column)})`;
  const { rows } = await db.execute<PageRow>(sql`
    select s.subscriber_pk, s.subscriber_id, s.last_name, s.first_name, m.status, m.submitted_at,
      m.medical_action, ${planName('medical_plan_pk')} as medical_plan, m.medical_reason,
      m.dental_action, ${planName('dental_plan_pk')} as dental_plan, m.dental_reason
    from (${pageKeys(windowPK, employerPK, q, limit)}) page
    join subscribers s on s.subscriber_pk = page.subscriber_pk
    cross join lateral (select ${electionSummary(windowPK, sql`page.subscriber_pk`)} from elections e
                        where e.window_pk = ${windowPK} and e.subscriber_pk = page.subscriber_pk) m
    order by s.subscriber_pk`);
  return rows.map(toRow);
}

const choiceOf = (
  action: ElectionAction | null,
  planName: string | null,
  reason: string | null,
): ElectionChoice | null => (action ? { action, planName, waiveReason: reason } : null);

function toRow(r: PageRow): EnrollmentStatusRow {
  return {
    subscriberPK: r.subscriber_pk,
    subscriberID: r.subscriber_id,
    lastName: r.last_name,
    firstName: r.first_name,
    status: r.status,
    submittedAt: r.submitted_at === null ? null : new Date(r.submitted_at).toISOString(),
    medical: choiceOf(r.medical_action, r.medical_plan, r.medical_reason),
    dental: choiceOf(r.dental_action, r.dental_plan, r.dental_reason),
  };
}

/** One page of the list: the members after `after`, and the `after` of the next page. */
export async function enrollmentStatusList(
  db: Db,
  employerPK: number,
  q: z.output<typeof enrollmentStatusQuery>,
): Promise<EnrollmentStatusList> {
  const windowPK = await listedWindow(db, employerPK);
  if (windowPK === null) return { windowPK: null, list: [], nextAfter: null };
  // One more than the page tells whether another page follows.
  const rows = await readPage(db, windowPK, employerPK, q, q.recordsPerPage + 1);
  const list = rows.slice(0, q.recordsPerPage);
  return {
    windowPK,
    list,
    nextAfter: rows.length > q.recordsPerPage ? list.at(-1)!.subscriberPK : null,
  };
}

const CSV_COLUMNS = ['Subscriber ID', 'Name', 'Status', 'Submitted At', 'Medical', 'Dental'] as const;

async function* csvRecords(db: Db, employerPK: number, f: Filters, counter: { rows: number }) {
  const windowPK = await listedWindow(db, employerPK);
  if (windowPK === null) return;
  let after: number | undefined;
  for (;;) {
    const rows = await readPage(db, windowPK, employerPK, { ...f, after }, STATUS_CSV_BATCH);
    for (const r of rows) {
      counter.rows += 1;
      yield [
        r.subscriberID,
        `${r.lastName}, ${r.firstName}`,
        ENROLLMENT_STATUS_LABELS[r.status],
        r.submittedAt ?? '',
        electionChoiceText(r.medical),
        electionChoiceText(r.dental),
      ];
    }
    if (rows.length < STATUS_CSV_BATCH) return;
    after = rows.at(-1)!.subscriberPK;
    // Other calls get a turn between batches.
    await nextTurn();
  }
}

type CsvCaller = { db: Db; actor: string; employerPK: number; log?: { error(obj: unknown, msg?: string): void } };

/**
 * The filtered list as CSV, read batch by batch (keyset) while the client downloads it. The call's
 * access row is written before the first byte; the outcome (rows sent, or aborted) is audited when the
 * stream ends, as the list exports do.
 */
export function enrollmentStatusCsv(caller: CsvCaller, f: Filters): FileAnswer {
  const csv = stringify({
    header: true,
    columns: [...CSV_COLUMNS],
    bom: true,
    record_delimiter: 'windows',
    // Names are typed by users: keep spreadsheet programs from running them as formulas.
    escape_formulas: true,
  });
  const counter = { rows: 0 };
  // A failed read or a client that goes away destroys both streams.
  pipeline(Readable.from(csvRecords(caller.db, caller.employerPK, f, counter)), csv, () => {});
  finished(csv, (error) => {
    const action = error ? 'export.aborted' : 'export.download';
    const disconnected = error?.code === 'ERR_STREAM_PREMATURE_CLOSE';
    if (error && !disconnected) caller.log?.error({ err: error }, 'enrollment status CSV failed');
    caller.db
      .insert(auditEvents)
      .values({
        actor: caller.actor,
        employerPK: caller.employerPK,
        action,
        detail: {
          list: 'enrollmentStatus',
          format: 'csv',
          rowCount: counter.rows,
          ...(error ? { reason: disconnected ? 'disconnected' : 'failed' } : {}),
        },
      })
      .catch((auditError: unknown) => caller.log?.error({ err: auditError }, `could not audit ${action}`));
  });
  return {
    fileName: ENROLLMENT_STATUS_FILE_NAME,
    contentType: 'text/csv; charset=utf-8',
    disposition: 'attachment',
    data: csv,
  };
}
