// From the uploaded bytes to a header and rows of text: checked first (type, size, zip limits), then
// decoded once and parsed. A workbook's "Dependents" sheet joins the main sheet's rows, its columns
// matched by header text.
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES, type ImportSource } from '../../../src/contracts/imports';
import { checkUpload } from './files/upload-check';
import { decodeText } from './files/decode-text';
import { ImportFileError } from './files/import-file-error';
import { readCsv } from './files/read-csv';
import { readXlsx } from './files/read-xlsx';
import type { StoredRow } from './row-model';

export type ReadUpload = {
  format: ImportSource;
  encoding: string | null;
  delimiter: string | null;
  columns: string[];
  rows: StoredRow[];
};

/** Sheets a template carries beside the data: never read as rows. */
const NOT_DATA = new Set(['instructions', 'lists', 'dependents']);

function isBlank(cells: readonly string[]) {
  return cells.every((c) => c.trim() === '');
}

function headerOf(rows: string[][]): string[] {
  return (rows[0] ?? []).map((h, i) => h.trim() || `Column ${i + 1}`);
}

export async function readUpload(bytes: Buffer, fileName: string): Promise<ReadUpload> {
  const { format } = checkUpload(bytes, fileName);
  if (format === 'csv') {
    const { text, encoding } = decodeText(bytes);
    const { delimiter, rows } = await readCsv(text);
    const columns = headerOf(rows);
    const data = rows
      .slice(1)
      .map((cells, i) => ({ rowNumber: i + 2, sheet: 'CSV', cells, fixes: {} }))
      .filter((r) => !isBlank(r.cells));
    return finish({ format, encoding, delimiter, columns, rows: data });
  }

  const sheets = await readXlsx(bytes);
  const main = sheets.find((s) => !NOT_DATA.has(s.name.trim().toLowerCase())) ?? sheets[0];
  if (!main) throw new ImportFileError(IMPORT_MESSAGES.empty);
  const columns = headerOf(main.rows);
  const rows: StoredRow[] = main.rows
    .slice(1)
    .map((cells, i) => ({ rowNumber: i + 2, sheet: main.name, cells, fixes: {} }))
    .filter((r) => !isBlank(r.cells));

  const dependents = sheets.find((s) => s !== main && s.name.trim().toLowerCase() === 'dependents');
  if (dependents && dependents.rows.length > 1) {
    const header = headerOf(dependents.rows);
    // Each column of the Dependents sheet lands in the main sheet's column of the same header.
    const position = header.map((h) => {
      const found = columns.findIndex((c) => c.trim().toLowerCase() === h.trim().toLowerCase());
      if (found >= 0) return found;
      columns.push(h);
      return columns.length - 1;
    });
    // Its rows are numbered after the main sheet's, so every row of an upload has one number.
    let next = (main.rows.length || 1) + 1;
    for (const cells of dependents.rows.slice(1)) {
      const number = next++;
      if (isBlank(cells)) continue;
      const placed = new Array<string>(columns.length).fill('');
      cells.forEach((value, i) => {
        placed[position[i] ?? i] = value;
      });
      rows.push({ rowNumber: number, sheet: dependents.name, cells: placed, fixes: {} });
    }
  }
  return finish({ format, encoding: null, delimiter: null, columns, rows });
}

function finish(upload: ReadUpload): ReadUpload {
  if (upload.rows.length === 0) throw new ImportFileError(IMPORT_MESSAGES.empty);
  if (upload.rows.length > IMPORT_MAX_ROWS) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows);
  return upload;
}
