import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '../../../../src/contracts/imports';
import { ImportFileError } from './import-file-error';
import { UPLOAD_MESSAGES, checkUpload } from './upload-check';

type FixtureEntry = { name: string; data: Buffer; stored?: boolean; declaredSize?: number; compressed?: Buffer };

/** A zip written by hand, so a test can make it say what a real tool never would. */
function zip(entries: FixtureEntry[], hidden: Buffer = Buffer.alloc(0)): Buffer {
  const locals: Buffer[] = [hidden];
  const centrals: Buffer[] = [];
  let offset = hidden.length;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const body = entry.compressed ?? (entry.stored ? entry.data : deflateRawSync(entry.data));
    const size = entry.declaredSize ?? entry.data.length;
    const method = entry.stored ? 0 : 8;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';

function sheetXml(inner: string, dimension = 'A1:B2'): string {
  return `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="${dimension}"/><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row></sheetData>${inner}</worksheet>`;
}

function workbookZip(sheet: string, extra: FixtureEntry[] = [], contentTypes = CONTENT_TYPES): Buffer {
  return zip([
    { name: '[Content_Types].xml', data: Buffer.from(contentTypes) },
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) },
    ...extra,
  ]);
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ImportFileError);
    return (error as Error).message;
  }
  throw new Error('expected the upload to be refused');
}

/** Zeros deflated in 1 MiB chunks: the bomb never exists inflated in this process either. */
async function deflatedZeros(megabytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i += 1) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

let bombBytes: Promise<Buffer> | undefined;
/** 520 MB of zeros, deflated once for both bomb tests. */
const bomb520 = () => (bombBytes ??= deflatedZeros(520));

describe('checkUpload', () => {
  it('accepts a real workbook written by exceljs, whatever its name says', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Enrollments').addRow(['Employee Key', 'First Name']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(checkUpload(bytes, 'census.xlsx')).toEqual({ format: 'xlsx' });
    expect(checkUpload(bytes, 'census.CSV')).toEqual({ format: 'xlsx' });
  });

  it('accepts text under a .csv or .txt name only', () => {
    const text = Buffer.from('Employee Key,First Name\r\n1,Ann\r\n');
    expect(checkUpload(text, 'census.csv')).toEqual({ format: 'csv' });
    expect(checkUpload(text, 'CENSUS.TXT')).toEqual({ format: 'csv' });
    expect(refusal(() => checkUpload(text, 'census.xlsx'))).toBe(IMPORT_MESSAGES.fileType);
    expect(refusal(() => checkUpload(text, 'census.pdf'))).toBe(IMPORT_MESSAGES.fileType);
    expect(refusal(() => checkUpload(text, 'census'))).toBe(IMPORT_MESSAGES.fileType);
  });

  it('refuses binary bytes named .csv but lets UTF-16 text (with its BOM) through', () => {
    expect(refusal(() => checkUpload(Buffer.from([0x41, 0x00, 0x42]), 'x.csv'))).toBe(IMPORT_MESSAGES.fileType);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b\r\n', 'utf16le')]);
    expect(checkUpload(utf16, 'x.csv')).toEqual({ format: 'csv' });
  });

  it('refuses an empty file and one over the size limit', () => {
    expect(refusal(() => checkUpload(Buffer.alloc(0), 'x.csv'))).toBe(IMPORT_MESSAGES.empty);
    expect(refusal(() => checkUpload(Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41), 'x.csv'))).toBe(
      IMPORT_MESSAGES.tooLarge,
    );
  });

  it('refuses an OLE compound file (encrypted .xlsx or legacy .xls) with its own message', () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    expect(refusal(() => checkUpload(ole, 'census.xlsx'))).toBe(UPLOAD_MESSAGES.encrypted);
    expect(refusal(() => checkUpload(ole, 'census.xls'))).toBe(UPLOAD_MESSAGES.encrypted);
  });

  it('refuses a zip that is not a workbook', () => {
    const docx = zip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);
    expect(refusal(() => checkUpload(docx, 'census.xlsx'))).toBe(IMPORT_MESSAGES.fileType);
  });

  it('refuses macro-enabled workbooks by entry name or by content type', () => {
    const vba = workbookZip(sheetXml(''), [{ name: 'xl/vbaProject.bin', data: Buffer.alloc(10) }]);
    expect(refusal(() => checkUpload(vba, 'census.xlsx'))).toBe(UPLOAD_MESSAGES.macro);
    const types = CONTENT_TYPES.replace('sheet.main+xml', 'sheet.macroEnabled.main+xml');
    expect(refusal(() => checkUpload(workbookZip(sheetXml(''), [], types), 'census.xlsx'))).toBe(UPLOAD_MESSAGES.macro);
  });

  it('refuses truncated or inconsistent zips as damaged', () => {
    const good = workbookZip(sheetXml(''));
    expect(checkUpload(good, 'x.xlsx')).toEqual({ format: 'xlsx' });
    expect(refusal(() => checkUpload(good.subarray(0, good.length - 30), 'x.xlsx'))).toBe(UPLOAD_MESSAGES.damaged);
    // A local entry the directory does not list: a streaming reader (exceljs) would still meet it.
    const unlisted = zip([{ name: 'xl/worksheets/sheet9.xml', data: Buffer.from('<worksheet/>') }]);
    const smuggled = zip(
      [
        { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
        { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      ],
      unlisted.subarray(0, unlisted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))),
    );
    expect(refusal(() => checkUpload(smuggled, 'x.xlsx'))).toBe(UPLOAD_MESSAGES.damaged);
  });

  it('refuses more than 10,000 entries', () => {
    const many = Array.from({ length: 10_001 }, (_, i) => ({ name: `x/${i}`, data: Buffer.alloc(0), stored: true }));
    expect(refusal(() => checkUpload(workbookZip(sheetXml(''), many), 'x.xlsx'))).toBe(UPLOAD_MESSAGES.tooBig);
  });

  it('refuses a 0.5 MB zip bomb from its directory sizes, without inflating it', async () => {
    const bomb = await bomb520();
    const bytes = workbookZip(sheetXml(''), [
      { name: 'xl/worksheets/sheet2.xml', data: Buffer.alloc(0), compressed: bomb, declaredSize: 520 * 1024 * 1024 },
    ]);
    expect(bytes.length).toBeLessThan(600 * 1024);
    expect(bytes.length).toBeGreaterThan(500 * 1024);
    const before = process.memoryUsage().arrayBuffers;
    expect(refusal(() => checkUpload(bytes, 'bomb.xlsx'))).toBe(UPLOAD_MESSAGES.tooBig);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * 1024 * 1024);
  });

  it('stops a bomb whose directory lies about its size at the declared size', async () => {
    const bomb = await bomb520();
    for (const name of ['xl/worksheets/sheet2.xml', 'xl/styles.xml']) {
      const bytes = workbookZip(sheetXml(''), [{ name, data: Buffer.alloc(0), compressed: bomb, declaredSize: 4096 }]);
      const before = process.memoryUsage().arrayBuffers;
      expect(refusal(() => checkUpload(bytes, 'liar.xlsx'))).toBe(UPLOAD_MESSAGES.tooBig);
      expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * 1024 * 1024);
    }
  });

  it('refuses an entry compressed more than 100 times once it is over 1 MB', () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 0x20);
    const bytes = workbookZip(sheetXml(''), [{ name: 'xl/media/pad.bin', data: big }]);
    expect(refusal(() => checkUpload(bytes, 'x.xlsx'))).toBe(UPLOAD_MESSAGES.tooBig);
  });

  it('refuses dimensions and cell references outside Excel’s grid', () => {
    expect(refusal(() => checkUpload(workbookZip(sheetXml('', 'A1:XFE2')), 'x.xlsx'))).toBe(
      UPLOAD_MESSAGES.outsideGrid,
    );
    expect(refusal(() => checkUpload(workbookZip(sheetXml('', 'A1:B1048577')), 'x.xlsx'))).toBe(
      UPLOAD_MESSAGES.outsideGrid,
    );
    const farCell = sheetXml('').replace('<c r="A1"', '<c r="A2000000"');
    expect(refusal(() => checkUpload(workbookZip(farCell), 'x.xlsx'))).toBe(UPLOAD_MESSAGES.outsideGrid);
    const farColumn = sheetXml('').replace('<c r="A1"', '<c r="AAAA1"');
    expect(refusal(() => checkUpload(workbookZip(farColumn), 'x.xlsx'))).toBe(UPLOAD_MESSAGES.outsideGrid);
    expect(checkUpload(workbookZip(sheetXml('', 'A1:XFD1048576')), 'x.xlsx')).toEqual({ format: 'xlsx' });
  });

  it('refuses data validations over more than 100,000 cells in total', () => {
    const dv = (sqref: string) =>
      `<dataValidations count="1"><dataValidation type="list" sqref="${sqref}"><formula1>Lists!$A$2:$A$5</formula1></dataValidation></dataValidations>`;
    expect(checkUpload(workbookZip(sheetXml(dv('B2:B5001 C2:K5001'))), 'x.xlsx')).toEqual({ format: 'xlsx' });
    expect(refusal(() => checkUpload(workbookZip(sheetXml(dv('A1:A1048576'))), 'x.xlsx'))).toBe(
      UPLOAD_MESSAGES.validations,
    );
    expect(refusal(() => checkUpload(workbookZip(sheetXml(dv('A:A'))), 'x.xlsx'))).toBe(UPLOAD_MESSAGES.validations);
    const many = Array.from({ length: 30 }, () => dv('A1:A5000')).join('');
    expect(refusal(() => checkUpload(workbookZip(sheetXml(many)), 'x.xlsx'))).toBe(UPLOAD_MESSAGES.validations);
    const x14 =
      '<extLst><ext><x14:dataValidations><x14:dataValidation><xm:sqref>A1:Z100000</xm:sqref></x14:dataValidation></x14:dataValidations></ext></extLst>';
    expect(refusal(() => checkUpload(workbookZip(sheetXml(x14)), 'x.xlsx'))).toBe(UPLOAD_MESSAGES.validations);
  });
});
