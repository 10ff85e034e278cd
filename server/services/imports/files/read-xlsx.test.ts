import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '../../../../src/contracts/imports';
import { ImportFileError } from './import-file-error';
import { cellText, numberText, readXlsx } from './read-xlsx';
import { checkUpload } from './upload-check';

const bytesOf = async (workbook: ExcelJS.Workbook) => Buffer.from(await workbook.xlsx.writeBuffer());

describe('readXlsx', () => {
  it('reads every kind of cell as its stored value, never evaluating formulas', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Enrollments');
    sheet.addRow(['Sum', 'Link', 'Date of Birth', 'Amount', 'Count', 'Flag', 'Rich', 'Site', 'Error', 'Name', 'Hire']);
    sheet.addRow([
      { formula: '1+1', result: 2 },
      // The cached result says "cached", not what evaluating the formula would give ("y").
      { formula: 'HYPERLINK("http://x","y")', result: 'cached' },
      new Date(Date.UTC(1980, 4, 17)),
      1234.4999999999998,
      12,
      true,
      { richText: [{ text: 'Fran' }, { text: 'çois', font: { bold: true } }] },
      { text: 'our site', hyperlink: 'https://example.com' },
      { error: '#N/A' },
      '  Muñoz  ',
      { formula: 'DATE(2020,1,2)', result: 43832 },
    ]);
    sheet.getCell('C2').numFmt = 'mm/dd/yyyy';
    sheet.getCell('K2').numFmt = 'yyyy-mm-dd';
    sheet.addRow([{ formula: 'A2*3' }]);
    sheet.addRow(['end']);
    const [read] = await readXlsx(await bytesOf(workbook));
    expect(read!.name).toBe('Enrollments');
    expect(read!.rows[1]).toEqual([
      '2',
      'cached',
      '1980-05-17',
      '1234.5',
      '12',
      'TRUE',
      'François',
      'our site',
      '',
      'Muñoz',
      '2020-01-02',
    ]);
    // A formula without a cached result reads as empty: nothing is computed here.
    expect(read!.rows[2]).toEqual(['', '', '', '', '', '', '', '', '', '', '']);
  });

  it('keeps row numbers, drops trailing empty rows and pads rows to the header', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Enrollments');
    sheet.addRow(['A', 'B', 'C']);
    sheet.getCell('A2').value = 'x';
    sheet.getCell('B5').value = 'y';
    sheet.getCell('C9').value = '   ';
    sheet.getCell('A12').numFmt = '@';
    const [read] = await readXlsx(await bytesOf(workbook));
    expect(read!.rows).toEqual([
      ['A', 'B', 'C'],
      ['x', '', ''],
      ['', '', ''],
      ['', '', ''],
      ['', 'y', ''],
    ]);
  });

  it('reads every visible sheet, with a dependents sheet second, and leaves hidden ones out', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Enrollments').addRow(['Employee Key', 'Relationship']);
    workbook.addWorksheet('Dependents').addRows([
      ['Employee Key', 'Relationship'],
      ['E1', 'Spouse'],
    ]);
    workbook.addWorksheet('Lists', { state: 'veryHidden' }).addRow(['Employee']);
    const sheets = await readXlsx(await bytesOf(workbook));
    expect(sheets).toEqual([
      { name: 'Enrollments', rows: [['Employee Key', 'Relationship']] },
      {
        name: 'Dependents',
        rows: [
          ['Employee Key', 'Relationship'],
          ['E1', 'Spouse'],
        ],
      },
    ]);
  });

  it('refuses a sheet with data past the most rows allowed', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Enrollments');
    sheet.addRow(['A']);
    sheet.getCell(`A${IMPORT_MAX_ROWS + 1}`).value = 'last allowed';
    expect((await readXlsx(await bytesOf(workbook)))[0]!.rows).toHaveLength(IMPORT_MAX_ROWS + 1);
    sheet.getCell(`A${IMPORT_MAX_ROWS + 2}`).value = 'one too many';
    await expect(readXlsx(await bytesOf(workbook))).rejects.toThrow(new ImportFileError(IMPORT_MESSAGES.tooManyRows));
  });

  it('answers bytes that are not a workbook with an ImportFileError', async () => {
    await expect(readXlsx(Buffer.from('PK\x03\x04 not really a zip'))).rejects.toThrow(ImportFileError);
  });

  it('keeps accented text whole where the XML is cut into pieces for the parser', async () => {
    // Shared strings of 3,000 names far past one piece: nearly every byte belongs to a two-byte
    // character, so the cuts between pieces fall inside characters.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Enrollments');
    const names = Array.from({ length: 3000 }, (_, i) => `${'éñ'.repeat(20)}${i}`);
    sheet.addRow(['First Name']);
    for (const name of names) sheet.addRow([name]);
    const [read] = await readXlsx(await bytesOf(workbook));
    expect(read!.rows.slice(1).map((row) => row[0])).toEqual(names);
  });

  it('reads 10,000 rows of 28 columns', async () => {
    // Written with the streaming writer: the in-memory Workbook takes seconds to build this.
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
    const sheet = writer.addWorksheet('Enrollments');
    sheet.addRow(Array.from({ length: 28 }, (_, i) => `Column ${i}`)).commit();
    for (let r = 0; r < 10_000; r += 1) {
      sheet.addRow(Array.from({ length: 28 }, (_, i) => (i % 2 ? `v${r}-${i}` : r + i))).commit();
    }
    sheet.commit();
    await writer.commit();
    const bytes = Buffer.concat(chunks);
    let started = performance.now();
    checkUpload(bytes, 'big.xlsx');
    const checked = performance.now() - started;
    started = performance.now();
    const [read] = await readXlsx(bytes);
    const elapsed = performance.now() - started;
    console.info(
      `10,000 x 28 xlsx (${bytes.length} bytes): checkUpload ${checked.toFixed(0)} ms, readXlsx ${elapsed.toFixed(0)} ms`,
    );
    expect(read!.rows).toHaveLength(10_001);
    expect(read!.rows[10_000]).toContain('v9999-1');
    expect(read!.rows[10_000]![0]).toBe('9999');
  });
});

describe('cellText', () => {
  it('writes numbers as plain decimals without float noise', () => {
    expect(numberText(0.1 + 0.2)).toBe('0.3');
    expect(numberText(1e21)).toBe('1000000000000000000000');
    expect(numberText(1.5e-7)).toBe('0.00000015');
    expect(numberText(-2.5e-7)).toBe('-0.00000025');
    expect(numberText(123456789)).toBe('123456789');
    expect(numberText(-0)).toBe('0');
    expect(cellText(null)).toBe('');
    expect(cellText({ formula: 'X', result: { error: '#DIV/0!' } } as ExcelJS.CellValue)).toBe('');
  });
});
