// Upload Enrollments up to the preview: upload (parse, map, check, store), the upload's view and rows,
// a new mapping, and fixes in place. The commit is in import-commit.ts.
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  IMPORT_ROWS_PAGE_SIZE,
  type ImportField,
  type ImportListField,
  type ImportMapping,
  type ImportRow,
  type ImportValueMappings,
  type ImportView,
  type importMappingBody,
  type importRowFixBody,
  type importRowsQuery,
} from '../../../src/contracts/imports';
import { ssnLast4Of } from '../../../src/contracts/person-rules';
import type { Db } from '../../db/client';
import { importMappings, importRows, imports, requests } from '../../db/schema';
import { collectYoungGeneration } from '../../lib/heap-growth';
import { addError, invalidFields, type FieldErrors } from '../../lib/field-errors';
import { conflict } from '../../lib/problem';
import { timeSlicer } from '../../lib/time-slice';
import { autoMapping, mappingProblems, rememberedColumns } from './column-mapping';
import { ImportFileError } from './files/import-file-error';
import {
  contextFrom,
  loadContextRows,
  loadImportContext,
  type ContextRows,
  type ImportContext,
} from './import-context';
import { checkPlanned, planChecks, setupOf } from './check-rows';
import type { RowWrite } from './row-batches';
import { UploadThread } from './upload-thread';
import {
  EMPTY_COUNTS,
  countRows,
  importOf,
  insertRowBatch,
  insertRows,
  loadFacts,
  storedRows,
  updateCheckedRows,
  type ImportRecord,
} from './import-store';
import {
  cellOf,
  checkFamily,
  checkOrphan,
  familiesOf,
  ssnOfRow,
  unmappedValues,
  type Setup,
  type StoredRow,
} from './row-model';

export type ImportCaller = { actor: string; employerPK: number };

/** Checks rows already stored (a new mapping, a fix), giving other calls a turn every few ms. */
export async function checkRows(db: Db, rows: readonly StoredRow[], setup: Setup) {
  const plan = planChecks(rows, setup);
  const facts = await loadFacts(db, setup.ctx.employerPK, plan.employeeSsns, plan.duplicates);
  return checkPlanned(plan, setup, facts, timeSlicer());
}

async function rememberMapping(
  db: Db,
  employerPK: number,
  columns: string[],
  mapping: ImportMapping,
  values: ImportValueMappings,
) {
  const remembered = { columns: rememberedColumns(columns, mapping), valueMappings: values, updatedAt: new Date() };
  await db
    .insert(importMappings)
    .values({ employerPK, ...remembered })
    .onConflictDoUpdate({ target: importMappings.employerPK, set: remembered });
}

/** Upload: the file is read, mapped as the group's last file was (or by header names) and checked. */
export async function uploadImport(
  db: Db,
  caller: ImportCaller,
  input: { fileName: string; bytes: Buffer },
): Promise<ImportView> {
  const [contextRows, [remembered]] = await Promise.all([
    loadContextRows(db, caller.employerPK),
    db.select().from(importMappings).where(eq(importMappings.employerPK, caller.employerPK)),
  ]);
  return storeUpload(db, caller, {
    ...input,
    roster: null,
    contextRows,
    mappingFor: (columns) => autoMapping(columns, remembered?.columns ?? null),
    valueMappings: remembered?.valueMappings ?? {},
  });
}

/**
 * Reads, checks and stores an upload from any source. The file is read and checked in a worker
 * thread (`upload-worker.ts`); this thread reads the facts it needs and stores its rows batch by
 * batch, outside one transaction (the embedded database has one connection for everyone): the
 * upload reads 'reading' until its last row is in, and is removed if it fails on the way.
 */
export async function storeUpload(
  db: Db,
  caller: ImportCaller,
  input: {
    fileName: string;
    bytes: Buffer;
    roster: { division: string } | null;
    contextRows: ContextRows;
    mappingFor: (columns: readonly string[]) => ImportMapping;
    valueMappings: ImportValueMappings;
    /** Rows, already checked, to add after the file's, from the SSNs it holds (a roster's leavers). */
    added?: (ssns: ReadonlySet<string>, nextRow: number) => Promise<RowWrite[]>;
  },
): Promise<ImportView> {
  const { valueMappings } = input;
  const thread = UploadThread.start({
    employerPK: caller.employerPK,
    fileName: input.fileName,
    bytes: input.bytes,
    roster: input.roster,
    contextRows: input.contextRows,
  });
  let importPK: number | null = null;
  try {
    const read = await thread.next('read');
    const mapping = input.mappingFor(read.columns);
    thread.tell({ type: 'setup', mapping, valueMappings });
    const keys = await thread.next('keys');
    const facts = await loadFacts(db, caller.employerPK, keys.employeeSsns, new Set(keys.duplicates));
    const [record] = await db
      .insert(imports)
      .values({
        employerPK: caller.employerPK,
        fileName: input.fileName,
        fileSha256: read.sha256,
        format: read.format,
        encoding: read.encoding,
        delimiter: read.delimiter,
        status: 'reading',
        columns: read.columns,
        mapping,
        valueMappings,
        counts: EMPTY_COUNTS,
        unmapped: [],
        createdBy: caller.actor,
      })
      .returning({ importPK: imports.importPK });
    importPK = record!.importPK;
    thread.tell({ type: 'facts', facts, importPK });
    let said = await thread.next('rows', 'done');
    while (said.type === 'rows') {
      await insertRowBatch(db, said.json);
      thread.tell({ type: 'more' });
      // The batch's text and the driver's copies of it are garbage now: let them go before the next.
      collectYoungGeneration();
      said = await thread.next('rows', 'done');
    }
    const added = input.added ? await input.added(new Set(said.ssns), said.lastRow + 1) : [];
    await insertRows(db, importPK, added);
    const counts = await countRows(db, importPK, EMPTY_COUNTS);
    const [updated] = await db
      .update(imports)
      .set({ counts, unmapped: said.unmapped, status: 'preview', updatedAt: new Date() })
      .where(eq(imports.importPK, importPK))
      .returning();
    return await viewOf(db, updated!, contextFrom(caller.employerPK, input.contextRows), caller);
  } catch (error) {
    if (importPK !== null) await db.delete(imports).where(eq(imports.importPK, importPK));
    if (error instanceof ImportFileError) throw invalidFields({ file: [error.message] });
    throw error;
  } finally {
    await thread.stop();
  }
}

/** Of these uploads, those with a committed request still Submitted (so withdrawable): one query. */
async function withdrawable(db: Db, records: readonly ImportRecord[]): Promise<Set<number>> {
  const candidates = records.filter((r) => r.counts.committed > 0).map((r) => r.importPK);
  if (candidates.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ importPK: importRows.importPK })
    .from(importRows)
    .innerJoin(requests, eq(requests.requestPK, importRows.requestPK))
    .where(
      and(inArray(importRows.importPK, candidates), eq(importRows.committed, true), eq(requests.status, 'Submitted')),
    );
  return new Set(rows.map((r) => r.importPK));
}

export async function viewOf(
  db: Db,
  record: ImportRecord,
  ctx: ImportContext,
  caller: ImportCaller,
): Promise<ImportView> {
  return viewFrom(record, ctx, caller, await withdrawable(db, [record]));
}

function viewFrom(record: ImportRecord, ctx: ImportContext, caller: ImportCaller, open: Set<number>): ImportView {
  const choices = Object.fromEntries(
    Object.entries(ctx.choices).map(([field, list]) => [field, list.map(({ code, label }) => ({ code, label }))]),
  ) as ImportView['choices'];
  return {
    importPK: record.importPK,
    fileName: record.fileName,
    format: record.format,
    encoding: record.encoding,
    delimiter: record.delimiter,
    status: record.status,
    columns: record.columns,
    mapping: record.mapping,
    valueMappings: record.valueMappings,
    choices,
    unmapped: record.unmapped,
    counts: record.counts,
    remaining: record.status === 'committing' ? Math.max(0, record.toCommit - record.counts.requestsCreated) : 0,
    commitMode: record.commitMode,
    createdAt: record.createdAt.toISOString(),
    createdByMe: record.createdBy === caller.actor,
    canWithdraw: open.has(record.importPK),
  };
}

export async function importView(db: Db, caller: ImportCaller, importPK: number) {
  const record = await importOf(db, caller.employerPK, importPK);
  return viewOf(db, record, await loadImportContext(db, caller.employerPK), caller);
}

/** The group's last 20 uploads. */
export async function importList(db: Db, caller: ImportCaller) {
  const [records, ctx] = await Promise.all([
    db
      .select()
      .from(imports)
      .where(eq(imports.employerPK, caller.employerPK))
      .orderBy(desc(imports.createdAt))
      .limit(20),
    loadImportContext(db, caller.employerPK),
  ]);
  const open = await withdrawable(db, records);
  return records.map((r) => viewFrom(r, ctx, caller, open));
}

type ImportRowRecord = typeof importRows.$inferSelect;

/** A stored row as the preview shows it: cells as read (fixes applied), the SSN as its last 4 only. */
function toImportRow(row: ImportRowRecord, setup: Setup): ImportRow {
  const stored = { rowNumber: row.rowNumber, sheet: row.sheet, cells: row.cells, fixes: row.fixes };
  const cells: ImportRow['cells'] = {};
  for (const { key } of IMPORT_FIELDS) {
    if (key === 'ssn') continue;
    const value = cellOf(stored, setup, key);
    if (value !== '') cells[key] = value;
  }
  return {
    rowNumber: row.rowNumber,
    sheet: row.sheet,
    familyRow: row.familyRow,
    kind: row.kind,
    isEmployee: row.isEmployee,
    committed: row.committed,
    requestPK: row.requestPK,
    ssnLast4: row.ssn ? ssnLast4Of(row.ssn) : null,
    cells,
    errors: row.errors,
    changes: row.changes,
  };
}

/** A page of the preview, filtered by kind (or rows with errors). */
export async function importRowsPage(
  db: Db,
  caller: ImportCaller,
  query: z.output<typeof importRowsQuery>,
): Promise<{ list: ImportRow[]; recordCount: number }> {
  const record = await importOf(db, caller.employerPK, query.importPK);
  const filter =
    query.filter === 'all'
      ? undefined
      : query.filter === 'errors'
        ? eq(importRows.hasError, true)
        : eq(importRows.kind, query.filter);
  const where = filter
    ? and(eq(importRows.importPK, record.importPK), filter)
    : eq(importRows.importPK, record.importPK);
  const [rows, [total], ctx] = await Promise.all([
    db
      .select()
      .from(importRows)
      .where(where)
      .orderBy(importRows.rowNumber)
      .limit(IMPORT_ROWS_PAGE_SIZE)
      .offset(query.page * IMPORT_ROWS_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(importRows)
      .where(where),
    loadImportContext(db, caller.employerPK),
  ]);
  const setup = setupOf(ctx, record);
  return { list: rows.map((row) => toImportRow(row, setup)), recordCount: total?.n ?? 0 };
}

function requirePreview(record: ImportRecord) {
  if (record.status !== 'preview') throw conflict(IMPORT_MESSAGES.notPreview);
}

/** Checks every stored row again (after a new mapping, or a fix that regroups families). */
async function recheckAll(db: Db, record: ImportRecord, ctx: ImportContext) {
  const rows = (await storedRows(db, record.importPK, ne(importRows.kind, 'termination'))).filter((r) => !r.committed);
  const setup = setupOf(ctx, record);
  const checked = await checkRows(db, rows, setup);
  await updateCheckedRows(db, record.importPK, checked);
  return unmappedValues(rows, setup);
}

async function saveCounts(db: Db, record: ImportRecord, extra: Partial<typeof imports.$inferInsert> = {}) {
  const counts = await countRows(db, record.importPK, record.counts);
  const [updated] = await db
    .update(imports)
    .set({ counts, updatedAt: new Date(), ...extra })
    .where(eq(imports.importPK, record.importPK))
    .returning();
  return updated!;
}

/** A corrected mapping: stored, remembered for the group's next file, and every row checked again. */
export async function changeImportMapping(db: Db, caller: ImportCaller, body: z.output<typeof importMappingBody>) {
  const record = await importOf(db, caller.employerPK, body.importPK);
  requirePreview(record);
  const problems = mappingProblems(record.columns, body.mapping);
  if (problems.length > 0) throw invalidFields({ mapping: problems });
  const ctx = await loadImportContext(db, caller.employerPK);
  const errors: FieldErrors = {};
  for (const [field, values] of Object.entries(body.valueMappings) as [
    ImportListField,
    Record<string, string | null>,
  ][])
    for (const [value, code] of Object.entries(values))
      if (code !== null && !ctx.choices[field].some((c) => c.code === code))
        addError(errors, `valueMappings.${field}`, `"${value}": ${IMPORT_MESSAGES.unknownValue}`);
  if (Object.keys(errors).length > 0) throw invalidFields(errors);

  const mapping = { ...record.mapping, ...body.mapping };
  const valueMappings: ImportValueMappings = { ...record.valueMappings };
  for (const [field, values] of Object.entries(body.valueMappings) as [
    ImportListField,
    Record<string, string | null>,
  ][])
    valueMappings[field] = { ...valueMappings[field], ...values };
  const next = { ...record, mapping, valueMappings };
  // Every row is checked before the transaction, which then only writes (and is refused if the upload
  // changed meanwhile), so the embedded database's one connection is held for the writes alone.
  // A roster's proposed terminations are not rows of the file: they are not checked again.
  const rows = (await storedRows(db, record.importPK, ne(importRows.kind, 'termination'))).filter((r) => !r.committed);
  const setup = setupOf(ctx, next);
  const checked = await checkRows(db, rows, setup);
  const unmapped = unmappedValues(rows, setup);
  const updated = await db.transaction(async (tx) => {
    const current = await importOf(tx, caller.employerPK, body.importPK, true);
    if (current.updatedAt.getTime() !== record.updatedAt.getTime()) throw conflict(IMPORT_MESSAGES.changedMeanwhile);
    await updateCheckedRows(tx, record.importPK, checked);
    await rememberMapping(tx, caller.employerPK, record.columns, mapping, valueMappings);
    return saveCounts(tx, next, { mapping, valueMappings, unmapped });
  });
  return viewOf(db, updated, ctx, caller);
}

const REGROUPING_FIELDS = new Set<ImportField>(['relationship', 'employeeKey']);

/** A fix in place: the typed cells are kept with the row, and its family (and SSN twins) checked again. */
export async function fixImportRow(db: Db, caller: ImportCaller, body: z.output<typeof importRowFixBody>) {
  const record = await importOf(db, caller.employerPK, body.importPK, true);
  requirePreview(record);
  const [row] = await db
    .select()
    .from(importRows)
    .where(and(eq(importRows.importPK, record.importPK), eq(importRows.rowNumber, body.rowNumber)));
  if (!row) throw invalidFields({ rowNumber: ['This row is not part of the upload.'] });
  if (row.committed || row.kind === 'termination') throw conflict(IMPORT_MESSAGES.notPreview);

  const fixes = { ...row.fixes, ...body.cells };
  const ctx = await loadImportContext(db, caller.employerPK);
  const setup = setupOf(ctx, record);
  const stored: StoredRow = { rowNumber: row.rowNumber, sheet: row.sheet, cells: row.cells, fixes };
  await db
    .update(importRows)
    .set({ fixes, ssn: ssnOfRow(stored, setup) })
    .where(and(eq(importRows.importPK, record.importPK), eq(importRows.rowNumber, row.rowNumber)));

  let unmapped = record.unmapped;
  if (Object.keys(body.cells).some((f) => REGROUPING_FIELDS.has(f as ImportField))) {
    unmapped = await recheckAll(db, record, ctx);
  } else {
    // The row's family, and the families of rows that shared its old or new SSN.
    const ssns = [row.ssn, ssnOfRow(stored, setup)].filter((s): s is string => Boolean(s));
    const twins = ssns.length
      ? await db
          .selectDistinct({ familyRow: importRows.familyRow })
          .from(importRows)
          .where(and(eq(importRows.importPK, record.importPK), inArray(importRows.ssn, ssns)))
      : [];
    const familyRows = [...new Set([row.familyRow, ...twins.map((t) => t.familyRow)])];
    const rows = (await storedRows(db, record.importPK, inArray(importRows.familyRow, familyRows))).filter(
      (r) => !r.committed,
    );
    const familySsns = rows.map((r) => ssnOfRow(r, setup)).filter((s): s is string => s !== null);
    const duplicated = familySsns.length
      ? await db
          .select({ ssn: importRows.ssn })
          .from(importRows)
          .where(and(eq(importRows.importPK, record.importPK), inArray(importRows.ssn, familySsns)))
          .groupBy(importRows.ssn)
          .having(sql`count(*) > 1`)
      : [];
    const facts = await loadFacts(
      db,
      caller.employerPK,
      familySsns,
      new Set(duplicated.map((d) => d.ssn).filter((s): s is string => s !== null)),
    );
    const { families, orphans } = familiesOf(rows, setup);
    const checked = [
      ...families.flatMap((f) => checkFamily(f, setup, facts).rows),
      ...orphans.map((o) => checkOrphan(o, setup)),
    ];
    await updateCheckedRows(db, record.importPK, checked);
    unmapped = unmappedValues(await storedRows(db, record.importPK), setup);
  }
  const updated = await saveCounts(db, record, { unmapped });
  const family = await db
    .select()
    .from(importRows)
    .where(and(eq(importRows.importPK, record.importPK), eq(importRows.familyRow, row.familyRow)))
    .orderBy(importRows.rowNumber);
  const own = family.some((r) => r.rowNumber === row.rowNumber)
    ? []
    : await db
        .select()
        .from(importRows)
        .where(and(eq(importRows.importPK, record.importPK), eq(importRows.rowNumber, row.rowNumber)));
  return {
    view: await viewOf(db, updated, ctx, caller),
    rows: [...own, ...family].map((r) => toImportRow(r, setup)),
  };
}
