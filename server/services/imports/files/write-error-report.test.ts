import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readXlsx } from './read-xlsx';
import { checkUpload } from './upload-check';
import { ERROR_FILL, writeErrorReport } from './write-error-report';

const COLUMNS = ['Employee Key', 'First Name', 'Date of Birth'];

describe('writeErrorReport', () => {
  it('writes the rows with an Errors column, the bad cells filled light red', async () => {
    const bytes = await writeErrorReport({
      columns: COLUMNS,
      rows: [
        { rowNumber: 2, cells: ['E1', 'Ann', '1980-02-31'], errors: [{ columnIndex: 2, message: 'Not a date.' }] },
        { rowNumber: 3, cells: ['E1', '=cmd|"/c calc"!A1'], errors: [] },
        {
          rowNumber: 4,
          cells: ['', 'Bob', '1990-01-01'],
          errors: [
            { columnIndex: 0, message: 'Employee Key is required.' },
            { columnIndex: null, message: 'A dependent row must follow its employee row.' },
          ],
        },
      ],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Enrollments')!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...COLUMNS, 'Errors']);
    expect(sheet.getCell('C2').fill).toEqual(ERROR_FILL);
    expect(sheet.getCell('D2').fill).toEqual(ERROR_FILL);
    expect(sheet.getCell('D2').value).toBe('Not a date.');
    expect(sheet.getCell('A2').fill).toBeUndefined();
    expect(sheet.getCell('B2').fill).toBeUndefined();
    // A row without errors: nothing filled, its formula-looking cell written as text.
    expect(sheet.getCell('B3').value).toBe('\'=cmd|"/c calc"!A1');
    expect(sheet.getCell('B3').formula).toBeUndefined();
    expect(sheet.getCell('D3').fill).toBeUndefined();
    expect(sheet.getCell('A4').fill).toEqual(ERROR_FILL);
    expect(sheet.getCell('D4').value).toBe('Employee Key is required.; A dependent row must follow its employee row.');
  });

  it('passes the upload checks and reads back, so a fixed report can be uploaded again', async () => {
    const bytes = await writeErrorReport({
      columns: COLUMNS,
      rows: [{ rowNumber: 2, cells: ['E1', 'François'], errors: [{ columnIndex: 2, message: 'Required.' }] }],
    });
    expect(checkUpload(bytes, 'errors.xlsx')).toEqual({ format: 'xlsx' });
    expect(await readXlsx(bytes)).toEqual([
      {
        name: 'Enrollments',
        rows: [
          [...COLUMNS, 'Errors'],
          ['E1', 'François', '', 'Required.'],
        ],
      },
    ]);
  });

  it('writes 20,000 rows without holding a workbook of them', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      rowNumber: i + 2,
      cells: [`E${i}`, `Name ${i}`, '1980-01-01'],
      errors: i % 10 ? [] : [{ columnIndex: 1, message: 'Check the name.' }],
    }));
    const started = performance.now();
    const bytes = await writeErrorReport({ columns: COLUMNS, rows });
    const elapsed = performance.now() - started;
    console.info(`error report 20,000 rows: ${elapsed.toFixed(0)} ms, ${bytes.length} bytes`);
    expect(checkUpload(bytes, 'errors.xlsx')).toEqual({ format: 'xlsx' });
    const [sheet] = await readXlsx(bytes);
    expect(sheet!.rows).toHaveLength(20_001);
    expect(sheet!.rows[20_000]).toEqual(['E19999', 'Name 19999', '1980-01-01', '']);
  });
});
