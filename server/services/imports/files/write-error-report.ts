// The upload's rows as an .xlsx with what is wrong with each: the user fixes the file in Excel and
// uploads it again (the added Errors column is just one more column the mapping leaves unmapped).
// exceljs' streaming writer commits each row as it goes, so a 100,000-row report holds only the
// compressed output in memory, never a workbook of rows.
import { PassThrough } from 'node:stream';
import type { Fill } from 'exceljs';
import { neutraliseFormula } from '../../../lib/spreadsheet-text';

export type ErrorReportInput = {
  columns: string[];
  rows: { rowNumber: number; cells: string[]; errors: { columnIndex: number | null; message: string }[] }[];
};

export const ERRORS_HEADER = 'Errors';
/** Excel's "Light red fill". */
export const ERROR_FILL: Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };

export async function writeErrorReport(input: ErrorReportInput): Promise<Buffer> {
  // Loaded with the first spreadsheet: most processes never make one, and exceljs is heavy.
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => out.on('end', resolve).on('error', reject));
  // No shared strings: that table would hold every distinct text of the report until the end.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Enrollments', { views: [{ state: 'frozen', ySplit: 1 }] });
  const width = input.columns.length;
  sheet.columns = [...input.columns, ERRORS_HEADER].map((header, i) => ({
    header: neutraliseFormula(header),
    key: String(i),
    width: i === width ? 60 : Math.min(40, Math.max(12, header.length + 2)),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();

  for (const row of input.rows) {
    const cells = Array.from({ length: width }, (_, i) => neutraliseFormula(row.cells[i] ?? ''));
    // Text typed by users goes back into a spreadsheet: never as something it could run.
    const errors = neutraliseFormula(row.errors.map((e) => e.message).join('; '));
    const added = sheet.addRow([...cells, errors]);
    for (const error of row.errors) {
      if (error.columnIndex !== null && error.columnIndex >= 0 && error.columnIndex < width) {
        added.getCell(error.columnIndex + 1).fill = ERROR_FILL;
      }
    }
    if (row.errors.length > 0) added.getCell(width + 1).fill = ERROR_FILL;
    added.commit();
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}
