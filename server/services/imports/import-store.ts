// Reads and writes of uploads and their rows, and the facts about the group an upload's SSNs need.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ImportCounts, ImportRowKind } from '../../../src/contracts/imports';
import type { Db } from '../../db/client';
import { importRows, imports, requests, subscribers } from '../../db/schema';
import { notFound } from '../../lib/problem';
import { ROW_BATCH, rowBatchJson, type RowWrite } from './row-batches';
import type { CheckedRow, Facts, MemberOnFile } from './row-model';

export type ImportRecord = typeof imports.$inferSelect;

/** Requests of a new enrollment or an update that are on their way but not applied yet. */
const ON_THEIR_WAY = ['Submitted', 'HRApproved', 'HEZApproved'] as const;
const CHUNK = 5000;

/** `column = any($1)` with the values as one array parameter (an IN list binds one per value). */
function anyOf(column: AnyPgColumn, values: readonly (string | number)[], type: 'text' | 'int') {
  return sql`${column} = any(${sql.param([...values])}::${sql.raw(type)}[])`;
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** The upload, if it is the group's (404 otherwise, as for any record of another group). */
export async function importOf(db: Db, employerPK: number, importPK: number, lock = false): Promise<ImportRecord> {
  const query = db
    .select()
    .from(imports)
    .where(and(eq(imports.importPK, importPK), eq(imports.employerPK, employerPK)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** Members, pending requests and other groups' members for the SSNs of an upload, a few queries each. */
export async function loadFacts(
  db: Db,
  employerPK: number,
  ssns: readonly string[],
  duplicates: ReadonlySet<string>,
): Promise<Facts> {
  const unique = [...new Set(ssns)];
  const members = new Map<string, MemberOnFile>();
  const pendingNew = new Map<string, number>();
  const otherGroup = new Set<string>();
  for (const part of chunks(unique)) {
    // One after another: inside a transaction the three share one connection.
    const own = await db
      .select({
        ssn: subscribers.ssn,
        subscriberPK: subscribers.subscriberPK,
        firstName: subscribers.firstName,
        middleName: subscribers.middleName,
        lastName: subscribers.lastName,
        dateOfBirth: subscribers.dateOfBirth,
        genderPK: subscribers.genderPK,
        maritalStatusPK: subscribers.maritalStatusPK,
        address1: subscribers.address1,
        address2: subscribers.address2,
        city: subscribers.city,
        statePK: subscribers.statePK,
        zipCode: subscribers.zipCode,
        phone1: subscribers.phone1,
        phone2: subscribers.phone2,
        email: subscribers.email,
      })
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, employerPK), anyOf(subscribers.ssn, part, 'text')));
    const pending = await db
      .select({ ssn: requests.ssn, requestPK: requests.requestPK })
      .from(requests)
      .where(
        and(
          eq(requests.employerPK, employerPK),
          eq(requests.type, 'NewEnrollment'),
          inArray(requests.status, [...ON_THEIR_WAY]),
          anyOf(requests.ssn, part, 'text'),
        ),
      );
    const others = await db
      .selectDistinct({ ssn: subscribers.ssn })
      .from(subscribers)
      .where(and(anyOf(subscribers.ssn, part, 'text'), ne(subscribers.employerPK, employerPK)));
    for (const { ssn, ...member } of own) members.set(ssn, member);
    for (const r of pending) if (r.ssn) pendingNew.set(r.ssn, r.requestPK);
    for (const r of others) otherGroup.add(r.ssn);
  }
  const pendingUpdate = new Set<number>();
  for (const part of chunks([...members.values()].map((m) => m.subscriberPK))) {
    const rows = await db
      .select({ subscriberPK: requests.subscriberPK })
      .from(requests)
      .where(
        and(
          eq(requests.employerPK, employerPK),
          eq(requests.type, 'Subscriber'),
          inArray(requests.status, [...ON_THEIR_WAY]),
          anyOf(requests.subscriberPK, part, 'int'),
        ),
      );
    for (const r of rows) if (r.subscriberPK) pendingUpdate.add(r.subscriberPK);
  }
  return { members, pendingNew, pendingUpdate, otherGroup, duplicates };
}

/** Inserts rows in batches. */
export async function insertRows(db: Db, importPK: number, rows: readonly RowWrite[]) {
  for (let i = 0; i < rows.length; i += ROW_BATCH)
    await insertRowBatch(db, rowBatchJson(importPK, rows.slice(i, i + ROW_BATCH)));
}

/** Inserts one batch of rows, given as `rowBatchJson` wrote it. */
export async function insertRowBatch(db: Db, json: string) {
  await db.execute(sql`
    insert into import_rows (import_pk, row_number, sheet, family_row, is_employee, cells, fixes, ssn, kind,
      has_error, errors, changes, subscriber_pk, request_pk)
    select import_pk, row_number, sheet, family_row, is_employee, cells, fixes, ssn, kind,
      has_error, errors, changes, subscriber_pk, request_pk
    from jsonb_to_recordset(${json}::jsonb) as x(import_pk int, row_number int, sheet text,
      family_row int, is_employee boolean, cells jsonb, fixes jsonb, ssn text, kind text, has_error boolean,
      errors jsonb, changes jsonb, subscriber_pk int, request_pk int)`);
}

/** Writes the results of a new check over rows already stored (a fix or a new mapping). */
export async function updateCheckedRows(db: Db, importPK: number, rows: readonly CheckedRow[]) {
  for (let i = 0; i < rows.length; i += ROW_BATCH) {
    const batch = rows.slice(i, i + ROW_BATCH).map((r) => ({
      row_number: r.rowNumber,
      family_row: r.familyRow,
      is_employee: r.isEmployee,
      ssn: r.ssn,
      kind: r.kind,
      has_error: r.errors.length > 0,
      errors: r.errors,
      changes: r.changes,
      subscriber_pk: r.subscriberPK,
      request_pk: r.requestPK,
    }));
    await db.execute(sql`
      update import_rows t set family_row = x.family_row, is_employee = x.is_employee, ssn = x.ssn,
        kind = x.kind, has_error = x.has_error, errors = x.errors, changes = x.changes,
        subscriber_pk = x.subscriber_pk, request_pk = x.request_pk
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(row_number int, family_row int,
        is_employee boolean, ssn text, kind text, has_error boolean, errors jsonb, changes jsonb,
        subscriber_pk int, request_pk int)
      where t.import_pk = ${importPK} and t.row_number = x.row_number and not t.committed`);
  }
}

/** Every stored row of an upload, in row order. */
export async function storedRows(db: Db, importPK: number, where?: ReturnType<typeof eq>) {
  const rows = await db
    .select({
      rowNumber: importRows.rowNumber,
      sheet: importRows.sheet,
      cells: importRows.cells,
      fixes: importRows.fixes,
      familyRow: importRows.familyRow,
      committed: importRows.committed,
      ssn: importRows.ssn,
    })
    .from(importRows)
    .where(where ? and(eq(importRows.importPK, importPK), where) : eq(importRows.importPK, importPK))
    .orderBy(importRows.rowNumber);
  return rows;
}

/** The upload's counts from its rows: families by kind (an employee row or a lone dependent each). */
export async function countRows(db: Db, importPK: number, previous: ImportCounts): Promise<ImportCounts> {
  const result = await db.execute(sql`
    select
      count(*)::int as rows,
      count(*) filter (where is_employee or family_row = row_number)::int as families,
      count(*) filter (where (is_employee or family_row = row_number) and kind = 'new')::int as new,
      count(*) filter (where (is_employee or family_row = row_number) and kind = 'update')::int as update,
      count(*) filter (where (is_employee or family_row = row_number) and kind = 'identity')::int as identity,
      count(*) filter (where (is_employee or family_row = row_number) and kind = 'unchanged')::int as unchanged,
      count(*) filter (where (is_employee or family_row = row_number) and kind = 'error')::int as error,
      count(*) filter (where kind = 'termination')::int as termination,
      count(*) filter (where has_error)::int as "errorRows",
      count(*) filter (where committed)::int as committed
    from import_rows where import_pk = ${importPK}`);
  const row = result.rows[0] as Omit<ImportCounts, 'requestsCreated'>;
  return { ...row, requestsCreated: previous.requestsCreated };
}

export const EMPTY_COUNTS: ImportCounts = {
  rows: 0,
  families: 0,
  new: 0,
  update: 0,
  identity: 0,
  unchanged: 0,
  error: 0,
  termination: 0,
  errorRows: 0,
  committed: 0,
  requestsCreated: 0,
};

/** The kinds a commit takes: new enrollments and updates, and name changes only once confirmed. */
export function committableKinds(record: { confirmIdentity: boolean; termination: unknown }): ImportRowKind[] {
  return [
    'new',
    'update',
    ...(record.confirmIdentity ? (['identity'] as const) : []),
    ...(record.termination ? (['termination'] as const) : []),
  ];
}
