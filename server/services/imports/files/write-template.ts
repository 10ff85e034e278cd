// The file HR downloads to fill in: the template's columns are the upload's fields in order, so a
// filled template maps itself. The .xlsx adds drop-downs fed by the group's own lists; the CSV is the
// header row only, for payroll systems that export to it.
import { stringify } from 'csv-stringify/sync';
import type ExcelJSType from 'exceljs';
import { IMPORT_FIELDS, IMPORT_LIST_FIELDS, type ImportField } from '../../../../src/contracts/imports';

export type TemplateLists = Record<
  | 'relationship'
  | 'gender'
  | 'maritalStatus'
  | 'state'
  | 'division'
  | 'medicalPlan'
  | 'medicalTier'
  | 'dentalPlan'
  | 'dentalTier'
  | 'fsaPlan',
  string[]
>;

/** Rows of the Enrollments sheet that get drop-downs: bounded, because a whole-column validation
 * makes the file slow to open and is refused by checkUpload on the way back in. */
export const TEMPLATE_ROWS = 5000;

const DATE_HINT = 'Date as yyyy-MM-dd (1980-05-17) or MM/DD/YYYY (05/17/1980).';
/** Columns kept as text so Excel does not eat leading zeros (SSN, ZIP) or reformat dates and phones. */
const TEXT_FIELDS = new Set<ImportField>([
  'employeeKey',
  'ssn',
  'zipCode',
  'phone1',
  'phone2',
  'dateOfBirth',
  'dateOfHire',
  'effectiveDate',
]);
const HINTS: Partial<Record<ImportField, string>> = {
  employeeKey: 'The same key on the employee row and on each of the employee’s dependents.',
  relationship: 'Employee, Spouse, Child or Domestic Partner.',
  ssn: 'As 123-45-6789.',
  dateOfBirth: DATE_HINT,
  dateOfHire: DATE_HINT,
  effectiveDate: DATE_HINT,
};

const INSTRUCTIONS = [
  'How to fill in the Enrollments sheet',
  '',
  'One row per person. Each employee has one row with Relationship "Employee" (the subscriber),',
  'followed by the rows of the employee’s dependents (Spouse, Child, Domestic Partner).',
  'The employee and the dependents share the same Employee Key.',
  'Dependents may instead be listed on a sheet named "Dependents", keyed by Employee Key.',
  '',
  'Dates: yyyy-MM-dd (1980-05-17) or MM/DD/YYYY (05/17/1980).',
  'SSN: 123-45-6789.',
  'Columns with a drop-down take a value of the list; the drop-downs cover the first 5,000 rows.',
  'Leave a cell empty when it does not apply. Do not rename or reorder the header row.',
];

const columnLetter = (index: number): string => {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
};

type WithValidations = { dataValidations: { add(address: string, validation: ExcelJSType.DataValidation): void } };

export async function writeTemplate(format: 'xlsx' | 'csv', lists: TemplateLists): Promise<Buffer> {
  const labels = IMPORT_FIELDS.map((f) => f.label);
  if (format === 'csv') {
    return Buffer.from(stringify([labels], { bom: true, record_delimiter: 'windows' }), 'utf8');
  }
  // Loaded with the first spreadsheet: most processes never make one, and exceljs is heavy.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Enrollments', { views: [{ state: 'frozen', ySplit: 1 }] });
  const instructions = workbook.addWorksheet('Instructions');
  // veryHidden: not offered by Excel's "Unhide", so the drop-downs' source is not edited by accident.
  const listSheet = workbook.addWorksheet('Lists', { state: 'veryHidden' });

  sheet.columns = IMPORT_FIELDS.map((f) => ({
    header: f.label,
    key: f.key,
    width: Math.max(14, f.label.length + 4),
    ...(TEXT_FIELDS.has(f.key) ? { style: { numFmt: '@' } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  IMPORT_FIELDS.forEach((f, i) => {
    const hint = HINTS[f.key];
    if (hint) header.getCell(i + 1).note = hint;
  });

  IMPORT_LIST_FIELDS.forEach((field, listIndex) => {
    const values = lists[field];
    const letter = columnLetter(listIndex);
    const label = IMPORT_FIELDS.find((f) => f.key === field)!.label;
    listSheet.getCell(`${letter}1`).value = label;
    values.forEach((value, i) => {
      listSheet.getCell(`${letter}${i + 2}`).value = value;
    });
    // An empty list would make a drop-down that refuses everything: that column is left free.
    if (values.length === 0) return;
    const target = columnLetter(IMPORT_FIELDS.findIndex((f) => f.key === field));
    (sheet as unknown as WithValidations).dataValidations.add(`${target}2:${target}${TEMPLATE_ROWS + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`Lists!$${letter}$2:$${letter}$${values.length + 1}`],
      showErrorMessage: true,
      // A warning, not a stop: the upload maps other words for a value ("Wife" → Spouse) itself.
      errorStyle: 'warning',
      errorTitle: label,
      error: `Not a value of the ${label} list.`,
    });
  });

  instructions.getColumn(1).width = 100;
  INSTRUCTIONS.forEach((line, i) => {
    instructions.getCell(`A${i + 1}`).value = line;
  });
  instructions.getCell('A1').font = { bold: true, size: 14 };

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
