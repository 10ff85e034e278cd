// Checked rows as the JSON a batch insert takes: one parameter per batch, since jsonb columns cannot
// travel as arrays. Built where the rows were checked (the upload's worker thread), so the thread
// serving calls only hands the text to the database.
import type { CheckedRow, StoredRow } from './row-model';

export const ROW_BATCH = 2000;

export type RowWrite = StoredRow & { checked: CheckedRow };

export function rowBatchJson(importPK: number, rows: readonly RowWrite[]): string {
  return JSON.stringify(
    rows.map((r) => ({
      import_pk: importPK,
      row_number: r.rowNumber,
      sheet: r.sheet,
      family_row: r.checked.familyRow,
      is_employee: r.checked.isEmployee,
      cells: r.cells,
      fixes: r.fixes,
      ssn: r.checked.ssn,
      kind: r.checked.kind,
      has_error: r.checked.errors.length > 0,
      errors: r.checked.errors,
      changes: r.checked.changes,
      subscriber_pk: r.checked.subscriberPK,
      request_pk: r.checked.requestPK,
    })),
  );
}
