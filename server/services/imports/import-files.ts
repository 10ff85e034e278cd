// Files an upload hands out: the template with the group's own lists, and the error report (the
// upload's rows as they stand, with an Errors column and the bad cells marked) to fix and upload again.
import { eq } from 'drizzle-orm';
import { EXPORT_CONTENT_TYPES } from '../../../src/contracts/exports';
import {
  IMPORT_FIELDS,
  type ImportField,
  type ImportFormat,
  type ImportListField,
} from '../../../src/contracts/imports';
import type { Db } from '../../db/client';
import { employers, importRows } from '../../db/schema';
import type { FileAnswer } from '../../lib/file-answer';
import { writeErrorReport } from './files/write-error-report';
import { writeTemplate, type TemplateLists } from './files/write-template';
import { loadImportContext } from './import-context';
import { importOf } from './import-store';
import type { ImportCaller } from './enrollment-import';

async function groupID(db: Db, employerPK: number) {
  const [row] = await db
    .select({ id: employers.employerID })
    .from(employers)
    .where(eq(employers.employerPK, employerPK));
  return row?.id ?? String(employerPK);
}

export async function importTemplate(db: Db, caller: ImportCaller, format: ImportFormat): Promise<FileAnswer> {
  const ctx = await loadImportContext(db, caller.employerPK);
  const labels = (field: ImportListField) => ctx.choices[field].map((c) => c.label);
  const lists: TemplateLists = {
    relationship: labels('relationship'),
    gender: labels('gender'),
    maritalStatus: labels('maritalStatus'),
    // The state's code is what people type; the list offers codes.
    state: ctx.choices.state.map((c) => c.label.split(' - ')[0]!),
    division: ctx.choices.division.map((c) => c.code),
    medicalPlan: labels('medicalPlan'),
    medicalTier: labels('medicalTier'),
    dentalPlan: labels('dentalPlan'),
    dentalTier: labels('dentalTier'),
    fsaPlan: labels('fsaPlan'),
  };
  const data = await writeTemplate(format, lists);
  return {
    fileName: `Enrollment template ${await groupID(db, caller.employerPK)}.${format}`,
    contentType: EXPORT_CONTENT_TYPES[format],
    data,
    disposition: 'attachment',
  };
}

const FIELD_KEYS = new Set<string>(IMPORT_FIELDS.map((f) => f.key));

export async function importErrorReport(db: Db, caller: ImportCaller, importPK: number): Promise<FileAnswer> {
  const record = await importOf(db, caller.employerPK, importPK);
  const rows = await db
    .select({
      rowNumber: importRows.rowNumber,
      cells: importRows.cells,
      fixes: importRows.fixes,
      errors: importRows.errors,
    })
    .from(importRows)
    .where(eq(importRows.importPK, importPK))
    .orderBy(importRows.rowNumber);
  const columnOf = (field: string) => {
    const index = FIELD_KEYS.has(field) ? record.mapping[field as ImportField] : null;
    return index === null || index === undefined ? null : index;
  };
  const data = await writeErrorReport({
    columns: record.columns,
    rows: rows.map((row) => {
      const cells = record.columns.map((_, i) => row.cells[i] ?? '');
      // What was fixed in the preview is what the report shows.
      for (const [field, value] of Object.entries(row.fixes)) {
        const index = columnOf(field);
        if (index !== null && value !== undefined) cells[index] = value;
      }
      return {
        rowNumber: row.rowNumber,
        cells,
        errors: row.errors.map((e) => ({ columnIndex: columnOf(e.field), message: e.message })),
      };
    }),
  });
  const base = record.fileName.replace(/\.(xlsx|csv)$/i, '');
  return {
    fileName: `${base} errors.xlsx`,
    contentType: EXPORT_CONTENT_TYPES.xlsx,
    data,
    disposition: 'attachment',
  };
}
