// An .xlsx upload (already passed by checkUpload) as sheets of text rows. exceljs' part readers
// hold one row at a time plus the shared strings, so a 100,000-row sheet never becomes a workbook
// object. Every cell gives the value it shows as stored: formulas are never evaluated, their cached
// result is read instead.
import { Readable } from 'node:stream';
import type { CellValue } from 'exceljs';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '../../../../src/contracts/imports';
import { ImportFileError } from './import-file-error';
import { inflateEntry, readCentralDirectory, type ZipEntry } from './upload-check';

export type SheetRows<T = string[]> = { name: string; rows: T[] };

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A date as yyyy-MM-dd from its UTC parts: exceljs turns a date serial into midnight UTC. */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

/**
 * A number as plain decimal text at Excel's own precision (15 significant digits), so a stored
 * 1234.4999999999998 reads 1234.5, 12 reads 12 and 1E+21 reads all its digits.
 */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  const text = String(Number(value.toPrecision(15)));
  const exponent = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exponent) return text;
  const [, sign = '', whole = '', fraction = '', power = '0'] = exponent;
  const digits = whole + fraction;
  const point = whole.length + Number(power);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Whether a number format shows a date: a d or y outside quoted text and [colour]/[locale] parts. */
function isDateFormat(numFmt: string | undefined): boolean {
  if (!numFmt) return false;
  return /[dy]/i.test(numFmt.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ''));
}

/** A cell's value as the text an import reads. */
export function cellText(value: CellValue | undefined, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  // exceljs turns a date-formatted number into a Date; one its test missed is still shown as a date.
  if (typeof value === 'number') return isDateFormat(numFmt) ? dateText(excelSerialDate(value)) : numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if ('error' in value) return '';
  if ('richText' in value)
    return value.richText
      .map((run) => run.text)
      .join('')
      .trim();
  if ('formula' in value || 'sharedFormula' in value) {
    const result = value.result;
    if (result === undefined || result === null) return '';
    // The streaming reader gives a formula's result as a number even under a date format.
    return cellText(result as CellValue, numFmt);
  }
  if ('hyperlink' in value) return cellText(value.text as CellValue);
  return '';
}

/** Excel's 1900 date system: serial 25569 is 1970-01-01. */
function excelSerialDate(serial: number): Date {
  return new Date(Math.round((serial - 25569) * 86_400_000));
}

/** The parts of exceljs' streaming reader used here, fed one zip entry at a time. */
type PartReader = {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(chunks: Readable, sheetNo: string): Generator<{ eventType: string; value: unknown }>;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { name: string; rId: string; state?: string }[] };
};

/**
 * Bytes handed to exceljs' XML parser at a time. It gathers every event of a piece before yielding
 * them, and all of them live through the young generation's collections meanwhile: in the upload
 * worker, whose young generation is capped (upload-thread.ts), pieces of 64 kB read a 10,000-row
 * sheet in 0.8–1.2 s against 0.3–0.5 s for pieces of 8 kB.
 */
const TEXT_PIECE_BYTES = 8 * 1024;

/**
 * An entry's text, piece by piece. It is inflated at once (checkUpload bounded every entry's size),
 * which spares the hundreds of round trips to zlib's thread pool of an inflating stream, and decoded
 * as one stream: exceljs decodes each chunk on its own, which garbles a character split between two.
 */
function* entryText(bytes: Buffer, entry: ZipEntry): Generator<string> {
  const raw = inflateEntry(bytes, entry, entry.size);
  const decoder = new TextDecoder('utf-8');
  for (let at = 0; at < raw.length; at += TEXT_PIECE_BYTES)
    yield decoder.decode(raw.subarray(at, at + TEXT_PIECE_BYTES), { stream: true });
  const tail = decoder.decode();
  if (tail) yield tail;
}

const entryStream = (bytes: Buffer, entry: ZipEntry): Readable => Readable.from(entryText(bytes, entry));

/** A relationship target as a zip path: relative to xl/, or absolute from the package root. */
const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`).toLowerCase();

/**
 * The visible sheets of a workbook in tab order, each as rows of text: row i is the sheet's row
 * i + 1 (rows missing from the file come back empty, so row numbers match Excel's), trailing empty
 * rows dropped, every row padded with '' to the first row's length. Hidden sheets (a template's
 * lists) are left out.
 *
 * The zip is read here, entry by entry from the central directory, and each part is handed to
 * exceljs' own part parsers in the order they depend on one another (relationships, workbook, shared
 * strings, styles, then each sheet). Its whole-file streaming reader is not used: it races its zip
 * stream and could, now and then, read a workbook's sheets before their shared strings, or miss one.
 */
export async function readXlsx<T = string[]>(
  bytes: Buffer,
  keep: (cells: string[], index: number, sheet: string) => T = (cells) => cells as T,
): Promise<SheetRows<T>[]> {
  const entries = new Map(readCentralDirectory(bytes).map((e) => [e.name.toLowerCase(), e]));
  // Loaded with the first spreadsheet: most processes never read one, and exceljs is heavy.
  const { default: ExcelJS } = await import('exceljs');
  const parts = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as PartReader;
  const unreadable = (cause?: unknown) =>
    new ImportFileError('This workbook could not be read. Save it again as an .xlsx workbook and upload it.', {
      cause,
    });
  try {
    const part = (name: string) => {
      const entry = entries.get(name);
      return entry ? entryStream(bytes, entry) : undefined;
    };
    const rels = part('xl/_rels/workbook.xml.rels');
    const workbook = part('xl/workbook.xml');
    if (!rels || !workbook) throw unreadable();
    await parts._parseRels(rels);
    await parts._parseWorkbook(workbook);
    const strings = part('xl/sharedstrings.xml');
    // A workbook without text cells may have no shared strings; an empty list stands in for it.
    if (strings) await drain(parts._parseSharedStrings(strings));
    else Object.assign(parts, { sharedStrings: [] });
    const styles = part('xl/styles.xml');
    if (styles) await parts._parseStyles(styles);

    const sheets: SheetRows<T>[] = [];
    for (const sheet of parts.model?.sheets ?? []) {
      if (sheet.state === 'hidden' || sheet.state === 'veryHidden') continue;
      const target = parts.workbookRels?.find((rel) => rel.Id === sheet.rId)?.Target;
      const path = target ? partPath(target) : undefined;
      const stream = path ? part(path) : undefined;
      if (!stream) throw unreadable();
      const [emitted] = [...parts._parseWorksheet(stream, /(\d+)\.xml$/.exec(path!)?.[1] ?? '0')];
      const rows = await sheetRows(emitted!.value as AsyncIterable<ExcelRow>, (cells, index) =>
        keep(cells, index, sheet.name),
      );
      sheets.push({ name: sheet.name, rows });
    }
    return sheets;
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw unreadable(error);
  }
}

async function drain(events: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of events);
}

/**
 * A sheet's rows through `keep`, as they are read: rows missing from the file come back empty, and
 * every row is padded with '' to the first row's length.
 */
async function sheetRows<T>(sheet: AsyncIterable<ExcelRow>, keep: (cells: string[], index: number) => T): Promise<T[]> {
  const rows: T[] = [];
  let width = 0;
  const add = (cells: string[]) => {
    while (cells.length < width) cells.push('');
    rows.push(keep(cells, rows.length));
  };
  for await (const row of sheet) {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      cells[column - 1] = cellText(cell.value, cell.numFmt);
    });
    if (!cells.some((text) => text !== '')) continue;
    // Header plus the most data rows: any row below that means too many, empty ones between included.
    if (row.number > IMPORT_MAX_ROWS + 1) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows);
    while (rows.length < row.number - 1) add([]);
    if (row.number === 1) width = cells.length;
    add(Array.from(cells, (text) => text ?? ''));
  }
  return rows;
}

type ExcelRow = {
  number: number;
  eachCell(
    options: { includeEmpty: boolean },
    callback: (cell: { value: CellValue; numFmt?: string }, column: number) => void,
  ): void;
};
