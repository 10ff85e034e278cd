// From the uploaded bytes to a header and rows of text: checked first (type, size, zip limits), then
// decoded once and parsed. A workbook's "Dependents" sheet joins the main sheet's rows, its columns
// matched by header text.
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES, type ImportSource } from '../../../src/contracts/imports';
import { checkUpload } from './files/upload-check';
import { decodeText } from './files/decode-text';
import { ImportFileError } from './files/import-file-error';
import { readCsv } from './files/read-csv';
import { readXlsx } from './files/read-xlsx';
import { cellsOf, packRow, type PackedRow } from './packed-rows';

export type ReadUpload = {
  format: ImportSource;
  encoding: string | null;
  delimiter: string | null;
  columns: string[];
  /** Packed as they are read: a whole file's rows as arrays of cells would be four times the memory. */
  rows: PackedRow[];
};

/** Sheets a template carries beside the data: never read as rows. */
const NOT_DATA = new Set(['instructions', 'lists', 'dependents']);

function isBlank(cells: readonly string[]) {
  return cells.every((c) => c.trim() === '');
}

function headerOf(cells: readonly string[] | undefined): string[] {
  return (cells ?? []).map((h, i) => h.trim() || `Column ${i + 1}`);
}

/** A file's bytes, handed over: the reader lets go of them once it no longer needs them. */
export type HandedBytes = { bytes: Buffer };

export async function readUpload(file: HandedBytes, fileName: string): Promise<ReadUpload> {
  const { format } = checkUpload(file.bytes, fileName);
  if (format === 'csv') {
    const { text, encoding } = decodeText(file.bytes);
    // The text is all the parser needs: the bytes (up to 20 MB) go while it runs.
    file.bytes = Buffer.alloc(0);
    let columns: string[] = [];
    const { delimiter, rows } = await readCsv(text, (cells, index) => {
      if (index === 0) columns = headerOf(cells);
      // A data row's number is its line in a spreadsheet: the header is row 1.
      return index === 0 || isBlank(cells) ? null : packRow(index + 1, 'CSV', cells);
    });
    return finish({ format, encoding, delimiter, columns, rows: rows.filter((r) => r !== null) });
  }

  // Each sheet's header stays as cells; its other rows are packed as they are read, blank ones dropped.
  const sheets = await readXlsx(file.bytes, (cells, index, sheet) =>
    index === 0 ? cells : isBlank(cells) ? null : packRow(index + 1, sheet, cells),
  );
  const main = sheets.find((s) => !NOT_DATA.has(s.name.trim().toLowerCase())) ?? sheets[0];
  if (!main) throw new ImportFileError(IMPORT_MESSAGES.empty);
  const columns = headerOf(main.rows[0] as string[] | undefined);
  const rows = (main.rows.slice(1) as (PackedRow | null)[]).filter((row) => row !== null);

  const dependents = sheets.find((s) => s !== main && s.name.trim().toLowerCase() === 'dependents');
  if (dependents && dependents.rows.length > 1) {
    const header = headerOf(dependents.rows[0] as string[]);
    // Each column of the Dependents sheet lands in the main sheet's column of the same header.
    const position = header.map((h) => {
      const found = columns.findIndex((c) => c.trim().toLowerCase() === h.trim().toLowerCase());
      if (found >= 0) return found;
      columns.push(h);
      return columns.length - 1;
    });
    // Its rows are numbered after the main sheet's, so every row of an upload has one number.
    let next = (main.rows.length || 1) + 1;
    for (const row of dependents.rows.slice(1) as (PackedRow | null)[]) {
      const number = next++;
      if (row === null) continue;
      const cells = cellsOf(row);
      const placed = new Array<string>(columns.length).fill('');
      cells.forEach((value, i) => {
        placed[position[i] ?? i] = value;
      });
      rows.push(packRow(number, dependents.name, placed));
    }
  }
  return finish({ format, encoding: null, delimiter: null, columns, rows });
}

function finish(upload: ReadUpload): ReadUpload {
  if (upload.rows.length === 0) throw new ImportFileError(IMPORT_MESSAGES.empty);
  if (upload.rows.length > IMPORT_MAX_ROWS) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows);
  return upload;
}
