import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_FIELDS } from '../../../../src/contracts/imports';
import { decodeText } from './decode-text';
import { readCsv } from './read-csv';
import { readXlsx } from './read-xlsx';
import { checkUpload } from './upload-check';
import { TEMPLATE_ROWS, type TemplateLists, writeTemplate } from './write-template';

const LISTS: TemplateLists = {
  relationship: ['Employee', 'Spouse', 'Child', 'Domestic Partner'],
  gender: ['Female', 'Male'],
  maritalStatus: ['Single', 'Married'],
  state: ['CA', 'NY', 'TX'],
  division: ['HQ', 'West'],
  medicalPlan: ['PPO 500', 'HMO'],
  medicalTier: ['Employee Only', 'Family'],
  dentalPlan: ['Dental Basic'],
  dentalTier: ['Employee Only', 'Family'],
  fsaPlan: [],
};
const LABELS = IMPORT_FIELDS.map((f) => f.label);
/** The Enrollments column of a field: A–Z, then AA (FSA Plan is the 27th field). */
const column = (key: string) => {
  const index = IMPORT_FIELDS.findIndex((f) => f.key === key);
  return (index >= 26 ? 'A' : '') + String.fromCharCode(65 + (index % 26));
};

describe('writeTemplate', () => {
  it('writes a CSV of the header row in UTF-8 with a BOM', async () => {
    const bytes = await writeTemplate('csv', LISTS);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(checkUpload(bytes, 'template.csv')).toEqual({ format: 'csv' });
    const { text, encoding } = decodeText(bytes);
    expect(encoding).toBe('UTF-8 with BOM');
    expect((await readCsv(text)).rows).toEqual([LABELS]);
  });

  it('writes an .xlsx that passes the upload checks and reads back as the header labels', async () => {
    const bytes = await writeTemplate('xlsx', LISTS);
    expect(checkUpload(bytes, 'template.xlsx')).toEqual({ format: 'xlsx' });
    expect(bytes.length).toBeLessThan(100 * 1024);
    const sheets = await readXlsx(bytes);
    expect(sheets.map((s) => s.name)).toEqual(['Enrollments', 'Instructions']);
    expect(sheets[0]!.rows).toEqual([LABELS]);
    expect(sheets[1]!.rows.flat().join('\n')).toMatch(/Employee Key/);
  });

  it('has drop-downs over bounded ranges, fed by the hidden Lists sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await writeTemplate('xlsx', LISTS)) as unknown as ExcelJS.Buffer);
    const lists = workbook.getWorksheet('Lists')!;
    expect(lists.state).toBe('veryHidden');
    expect(lists.getCell('A1').value).toBe('Relationship');
    expect(lists.getCell('A5').value).toBe('Domestic Partner');

    const sheet = workbook.getWorksheet('Enrollments')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).font?.bold).toBe(true);
    // exceljs expands each range into one entry per cell when it reads a file back.
    const model = (sheet as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } })
      .dataValidations.model;
    const rel = column('relationship');
    expect(model[`${rel}2`]).toMatchObject({ type: 'list', formulae: ['Lists!$A$2:$A$5'] });
    expect(model[`${rel}${TEMPLATE_ROWS + 1}`]).toBeDefined();
    expect(model[`${rel}${TEMPLATE_ROWS + 2}`]).toBeUndefined();
    expect(model[`${rel}1`]).toBeUndefined();
    expect(model[`${column('state')}2`]).toMatchObject({ formulae: ['Lists!$D$2:$D$4'] });
    // 9 lists with values, the empty FSA list none: each over exactly the template's rows.
    expect(Object.keys(model)).toHaveLength(9 * TEMPLATE_ROWS);
    expect(column('fsaPlan')).toBe('AA');
    expect(model[`${column('fsaPlan')}2`]).toBeUndefined();
    expect(model[`${column('dentalTier')}2`]).toMatchObject({ formulae: ['Lists!$I$2:$I$3'] });
    expect(sheet.getCell(`${column('dateOfBirth')}1`).note).toBeDefined();
  });
});
