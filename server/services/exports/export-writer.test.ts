import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type ExportColumn, xlsxStream } from './export-writer';

describe('the exports’ xlsx writer', () => {
  it('writes a formula-looking name as text, and leaves dates and numbers typed', async () => {
    type Row = { name: string; born: string; amount: number };
    const columns: ExportColumn<Row>[] = [
      { header: 'Name', type: 'text', value: (r) => r.name },
      { header: 'Born', type: 'date', value: (r) => r.born },
      { header: 'Amount', type: 'money', value: (r) => r.amount },
    ];
    async function* rows() {
      yield { name: '=HYPERLINK("http://evil","x")', born: '1980-05-17', amount: -12.5 };
      yield { name: 'Ann', born: '1990-01-02', amount: 3 };
    }
    const bytes = await buffer(xlsxStream(columns, rows(), 'Members'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Members')!;
    const evil = sheet.getCell('A2');
    expect(evil.type).toBe(ExcelJS.ValueType.String);
    expect(evil.value).toBe('\'=HYPERLINK("http://evil","x")');
    expect(evil.formula).toBeUndefined();
    expect(sheet.getCell('A3').value).toBe('Ann');
    expect(sheet.getCell('B2').value).toEqual(new Date(Date.UTC(1980, 4, 17)));
    expect(sheet.getCell('C2').value).toBe(-12.5);
  });
});
