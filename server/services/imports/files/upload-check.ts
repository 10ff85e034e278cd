// The gate every upload passes before a spreadsheet library sees its bytes. exceljs trusts the zip
// it is given (it inflates whatever the entries hold and expands every data-validation range cell by
// cell), so the sizes, names and ranges that could exhaust memory or time are checked here, on the
// zip's own structure, with every inflation bounded.
import { inflateRawSync } from 'node:zlib';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '../../../../src/contracts/imports';
import { ImportFileError } from './import-file-error';

/** Limits of an .xlsx's zip: far above any real census workbook, far below what hurts the server. */
export const XLSX_MAX_ENTRIES = 10_000;
export const XLSX_MAX_UNCOMPRESSED = 200 * 1024 * 1024;
export const XLSX_MAX_RATIO = 100;
/** Entries this small may compress as well as they like: a sheet of empty rows does. */
const RATIO_FREE_SIZE = 1024 * 1024;
/** Cells data validations may cover: exceljs expands each range into one object per cell. */
export const XLSX_MAX_VALIDATION_CELLS = 100_000;
const CONTENT_TYPES_MAX = 1024 * 1024;
const INFLATE_PIECE_MAX = 16 * 1024 * 1024;
const PLAIN_CELL = /^[A-Z]{1,2}[1-9]\d{0,5}$/;
/** Excel's own grid: XFD columns, 1,048,576 rows. */
const EXCEL_MAX_COLUMN = 16_384;
const EXCEL_MAX_ROW = 1_048_576;

export const UPLOAD_MESSAGES = {
  encrypted:
    'This workbook is encrypted or in the old .xls format. Save it as an .xlsx workbook without a password and upload it again.',
  macro: 'Macro-enabled workbooks (.xlsm) are not accepted. Save it as .xlsx and upload it again.',
  damaged: 'This workbook is damaged or not a valid .xlsx file. Save it again as an .xlsx workbook and upload it.',
  tooBig: 'This workbook is too large to read once unpacked. Remove unused sheets or images and upload it again.',
  outsideGrid: 'This workbook has cells outside Excel’s grid. Save it again from Excel and upload it.',
  validations: 'The workbook has data validation over very large ranges; remove it and upload again.',
} as const;

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP_DESCRIPTOR = 0x08074b50;

export type ZipEntry = {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  /** Where the entry's compressed bytes start (after its local header). */
  dataStart: number;
};

const fail = (message: string): never => {
  throw new ImportFileError(message);
};

/**
 * Which reader a file goes to, or an ImportFileError saying why it is refused. A zip or an OLE
 * compound file is judged by its content whatever its name (a workbook renamed .csv is still read as
 * a workbook, an encrypted one gets the message about passwords); anything else is text, accepted
 * only under a .csv or .txt name, because text has no signature to judge by.
 */
export function checkUpload(bytes: Buffer, fileName: string): { format: 'xlsx' | 'csv' } {
  if (bytes.length === 0) fail(IMPORT_MESSAGES.empty);
  if (bytes.length > IMPORT_MAX_BYTES) fail(IMPORT_MESSAGES.tooLarge);
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(OLE_MAGIC)) fail(UPLOAD_MESSAGES.encrypted);
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === ZIP_LOCAL) {
    checkWorkbook(bytes);
    return { format: 'xlsx' };
  }
  if (!/\.(csv|txt)$/i.test(fileName.trim())) fail(IMPORT_MESSAGES.fileType);
  // A NUL never appears in UTF-8 or Windows-1252 text; UTF-16 has them, so its BOM lets it through.
  const utf16 =
    bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
  if (!utf16 && bytes.includes(0)) fail(IMPORT_MESSAGES.fileType);
  return { format: 'csv' };
}

function checkWorkbook(bytes: Buffer): void {
  const entries = readCentralDirectory(bytes);
  let total = 0;
  for (const entry of entries) {
    total += entry.size;
    if (total > XLSX_MAX_UNCOMPRESSED) fail(UPLOAD_MESSAGES.tooBig);
    if (entry.size > RATIO_FREE_SIZE && entry.size > entry.compressedSize * XLSX_MAX_RATIO)
      fail(UPLOAD_MESSAGES.tooBig);
  }
  const names = new Map(entries.map((e) => [e.name.toLowerCase(), e]));
  if (names.has('xl/vbaproject.bin') || entries.some((e) => /macroenabled/i.test(e.name))) fail(UPLOAD_MESSAGES.macro);
  if (!names.has('xl/workbook.xml')) fail(IMPORT_MESSAGES.fileType);
  const contentTypes = names.get('[content_types].xml');
  if (contentTypes) {
    const xml = inflateEntry(bytes, contentTypes, Math.min(contentTypes.size, CONTENT_TYPES_MAX)).toString('latin1');
    if (/macroenabled/i.test(xml)) fail(UPLOAD_MESSAGES.macro);
  }
  // Every entry is inflated (one at a time, each bounded by the size the directory declares) so a
  // directory that lies about a size is caught here, not inside exceljs. Worksheets are also scanned.
  for (const entry of entries) {
    if (entry === contentTypes) continue;
    const data = inflateEntry(bytes, entry, entry.size);
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name)) checkWorksheet(data.toString('latin1'));
  }
}

/**
 * The entries of the zip's central directory, checked against the local headers they point at: the
 * local headers must follow one another with nothing between them, so no reader can meet an entry the
 * directory does not list. Refuses what is not such a zip with an ImportFileError.
 */
export function readCentralDirectory(bytes: Buffer): ZipEntry[] {
  const end = findEndRecord(bytes);
  if (end >= 20 && bytes.readUInt32LE(end - 20) === ZIP64_LOCATOR) fail(UPLOAD_MESSAGES.tooBig);
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  // 0xFFFF / 0xFFFFFFFF say "see the zip64 record": no real census needs zip64, so it is refused.
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) fail(UPLOAD_MESSAGES.tooBig);
  if (bytes.readUInt16LE(end + 4) !== 0 || bytes.readUInt16LE(end + 6) !== 0) fail(UPLOAD_MESSAGES.damaged);
  if (bytes.readUInt16LE(end + 8) !== count) fail(UPLOAD_MESSAGES.damaged);
  if (count > XLSX_MAX_ENTRIES) fail(UPLOAD_MESSAGES.tooBig);
  if (directoryOffset + directorySize > end) fail(UPLOAD_MESSAGES.damaged);

  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== ZIP_CENTRAL) fail(UPLOAD_MESSAGES.damaged);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      dataStart: 0,
    };
    if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff || entry.localOffset === 0xffffffff) {
      fail(UPLOAD_MESSAGES.tooBig);
    }
    // Bit 0: encrypted entry (zip passwords; Excel's own encryption is the OLE case above).
    if (entry.flags & 1) fail(UPLOAD_MESSAGES.encrypted);
    if (entry.method !== 0 && entry.method !== 8) fail(UPLOAD_MESSAGES.damaged);
    if (entry.method === 0 && entry.compressedSize !== entry.size) fail(UPLOAD_MESSAGES.damaged);
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (at !== directoryOffset + directorySize) fail(UPLOAD_MESSAGES.damaged);

  let next = 0;
  for (const entry of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
    const local = entry.localOffset;
    if (local !== next || local + 30 > directoryOffset || bytes.readUInt32LE(local) !== ZIP_LOCAL) {
      fail(UPLOAD_MESSAGES.damaged);
    }
    const flags = bytes.readUInt16LE(local + 6);
    const nameLength = bytes.readUInt16LE(local + 26);
    const extraLength = bytes.readUInt16LE(local + 28);
    const name = bytes.toString('utf8', local + 30, local + 30 + nameLength);
    if (name !== entry.name || bytes.readUInt16LE(local + 8) !== entry.method) fail(UPLOAD_MESSAGES.damaged);
    const descriptor = (flags & 0x8) !== 0;
    // Without a data descriptor the local sizes are what a streaming reader believes: they must agree.
    if (
      !descriptor &&
      (bytes.readUInt32LE(local + 18) !== entry.compressedSize || bytes.readUInt32LE(local + 22) !== entry.size)
    ) {
      fail(UPLOAD_MESSAGES.damaged);
    }
    entry.dataStart = local + 30 + nameLength + extraLength;
    next = entry.dataStart + entry.compressedSize;
    if (descriptor) next += next + 4 <= directoryOffset && bytes.readUInt32LE(next) === ZIP_DESCRIPTOR ? 16 : 12;
    if (next > directoryOffset) fail(UPLOAD_MESSAGES.damaged);
  }
  if (next !== directoryOffset) fail(UPLOAD_MESSAGES.damaged);
  return entries;
}

/** The End of central directory record: the last one, within the 64 KiB a comment may take. */
function findEndRecord(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at -= 1) {
    if (bytes.readUInt32LE(at) === ZIP_END && at + 22 + bytes.readUInt16LE(at + 20) === bytes.length) return at;
  }
  return fail(UPLOAD_MESSAGES.damaged);
}

/** An entry's bytes, never more than `limit`: a deflate stream that goes on is refused, not followed. */
export function inflateEntry(bytes: Buffer, entry: ZipEntry, limit: number): Buffer {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === 0) return data;
  let out: Buffer;
  try {
    // Node refuses a maxOutputLength of 0; an empty entry inflates to nothing anyway. Output comes in
    // pieces of up to 16 MB rather than zlib's 16 kB, which a sheet of megabytes would join again.
    out = inflateRawSync(data, {
      maxOutputLength: Math.max(limit, 1),
      chunkSize: Math.min(Math.max(limit, 64), INFLATE_PIECE_MAX),
    });
  } catch (error) {
    const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
    return fail(tooLarge ? UPLOAD_MESSAGES.tooBig : UPLOAD_MESSAGES.damaged);
  }
  if (out.length !== entry.size && limit === entry.size) fail(UPLOAD_MESSAGES.damaged);
  return out;
}

/** Column number of letters (A = 1), or Infinity when too long to matter. */
function columnNumber(letters: string): number {
  if (letters.length > 3) return Infinity;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** A reference's column and row ("$B$7", "B", "7"); a missing part is null (a whole row or column). */
function parseRef(ref: string): { col: number | null; row: number | null } | null {
  const match = /^\$?([A-Za-z]*)\$?(\d*)$/.exec(ref);
  if (!match || (!match[1] && !match[2])) return null;
  return {
    col: match[1] ? columnNumber(match[1]) : null,
    row: match[2] ? (match[2].length > 8 ? Infinity : Number(match[2])) : null,
  };
}

const insideGrid = (ref: { col: number | null; row: number | null }) =>
  (ref.col === null || (ref.col >= 1 && ref.col <= EXCEL_MAX_COLUMN)) &&
  (ref.row === null || (ref.row >= 1 && ref.row <= EXCEL_MAX_ROW));

/** Cells covered by a space-separated list of ranges ("A1:B10 D4"); outside the grid counts as Infinity. */
function cellsCovered(sqref: string): number {
  let cells = 0;
  for (const range of sqref.trim().split(/\s+/)) {
    if (!range) continue;
    const [from, to = from] = range.split(':') as [string, string?];
    const a = parseRef(from);
    const b = parseRef(to);
    if (!a || !b || !insideGrid(a) || !insideGrid(b)) return Infinity;
    const cols = a.col === null || b.col === null ? EXCEL_MAX_COLUMN : Math.abs(b.col - a.col) + 1;
    const rows = a.row === null || b.row === null ? EXCEL_MAX_ROW : Math.abs(b.row - a.row) + 1;
    cells += cols * rows;
  }
  return cells;
}

/** A worksheet's XML: its dimension, every cell reference and its data validations stay in bounds. */
function checkWorksheet(xml: string): void {
  const dimension = /<(?:\w+:)?dimension\b[^>]*?\bref="([^"]*)"/.exec(xml);
  if (dimension?.[1]) {
    for (const ref of dimension[1].split(':')) {
      const cell = parseRef(ref);
      if (!cell || !insideGrid(cell)) fail(UPLOAD_MESSAGES.outsideGrid);
    }
  }
  for (const match of xml.matchAll(/<(?:\w+:)?c\b[^>]*?\br="([^"]*)"/g)) {
    // Up to column ZZ and row 999,999 a reference is inside the grid: most are, and need no parsing.
    if (PLAIN_CELL.test(match[1]!)) continue;
    const cell = parseRef(match[1]!);
    if (!cell || cell.col === null || cell.row === null || !insideGrid(cell)) fail(UPLOAD_MESSAGES.outsideGrid);
  }
  for (const match of xml.matchAll(/<(?:\w+:)?row\b[^>]*?\br="([^"]*)"/g)) {
    const row = /^\d{1,8}$/.test(match[1]!) ? Number(match[1]) : Infinity;
    if (row < 1 || row > EXCEL_MAX_ROW) fail(UPLOAD_MESSAGES.outsideGrid);
  }
  // Both the classic attribute and the x14 extension's <xm:sqref> element count.
  let covered = 0;
  const ranges = [
    ...xml.matchAll(/<(?:\w+:)?dataValidation\b[^>]*?\bsqref="([^"]*)"/g),
    ...xml.matchAll(/<(?:\w+:)?sqref>([^<]*)</g),
  ];
  for (const match of ranges) {
    covered += cellsCovered(match[1]!);
    if (covered > XLSX_MAX_VALIDATION_CELLS) fail(UPLOAD_MESSAGES.validations);
  }
}
