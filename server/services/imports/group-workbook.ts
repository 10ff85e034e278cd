// The group setup workbook: a template the operator fills in (Group, Divisions, Plans, Tiers sheets)
// and its reading back into the form's shape. Nothing is checked here beyond what the form cannot
// show (a sheet missing, a value that is not one of a list's): the form checks the rest with the
// schema when the operator sends it.
import type ExcelJSType from 'exceljs';
import { EXPORT_CONTENT_TYPES } from '../../../src/contracts/exports';
import { PLAN_TYPES, USUAL_TIERS } from '../../../src/contracts/group-setup';
import type { FileAnswer } from '../../lib/file-answer';
import { invalidFields } from '../../lib/field-errors';
import { neutraliseFormula } from '../../lib/spreadsheet-text';
import { ImportFileError } from './files/import-file-error';
import { readXlsx, type SheetRows } from './files/read-xlsx';
import { checkUpload } from './files/upload-check';

/** Rows of each list sheet that get drop-downs: bounded, as checkUpload refuses huge validations. */
export const GROUP_WORKBOOK_ROWS = 200;

const GROUP_LABELS = {
  employerName: 'Group Name',
  employerID: 'Group ID',
  taxID: 'Tax ID',
  groupEffectiveDate: 'Group Effective Date',
  mfaRequired: 'MFA Required (Yes/No)',
  adminEmail: 'First GroupAdmin Email',
  adminFirstName: 'First GroupAdmin First Name',
  adminLastName: 'First GroupAdmin Last Name',
} as const;

const DIVISION_COLUMNS = ['Location Code', 'Description'] as const;
const PLAN_COLUMNS = [
  'Plan Type',
  'Plan Name',
  'Plan Code',
  'Network Code',
  'Description',
  'Contract Begin Date',
  'Contract End Date',
  'Divisions',
] as const;
const TIER_COLUMNS = ['Coverage', 'Tier Name', 'Tier Code', 'Requires Dependents'] as const;

const EXAMPLE_GROUP: Record<keyof typeof GROUP_LABELS, string> = {
  employerName: 'Example Manufacturing Co',
  employerID: 'G000123',
  taxID: '12-3456789',
  groupEffectiveDate: '2027-01-01',
  mfaRequired: 'Yes',
  adminEmail: 'hr.lead@example.com',
  adminFirstName: 'Pat',
  adminLastName: 'Example',
};
const EXAMPLE_DIVISIONS = [['HQ', 'Headquarters']];
const EXAMPLE_PLANS = [
  ['Medical', 'PPO 1000', 'MPPO1000', 'NET-PPO', 'PPO with a $1,000 deductible', '2027-01-01', '2027-12-31', ''],
  ['Dental', 'Dental Basic', 'DBASIC', 'NET-DEN', 'Preventive and basic care', '2027-01-01', '2027-12-31', 'HQ'],
];
const EXAMPLE_TIERS = (['Medical', 'Dental'] as const).flatMap((coverage) =>
  USUAL_TIERS.map((t) => [coverage, t.name, t.tierCode, t.requiresDependents ? 'Yes' : 'No']),
);

const INSTRUCTIONS = [
  'How to fill in the group setup workbook',
  '',
  'Group: one value per label in column B. Group ID is G followed by 6 digits (G000123); Tax ID is the',
  'EIN, 9 digits (12-3456789). The First GroupAdmin rows are optional: leave all three empty to invite later.',
  'Divisions: one row per division, with its location code (1 to 10 letters or digits) and description.',
  'Plans: one row per plan. Plan Type is Medical, Dental or FSA. Divisions lists the location codes of the',
  'divisions offering the plan, separated by commas; leave it empty when every division offers it.',
  'Tiers: one row per coverage tier. Coverage is Medical or Dental; every division gets every tier, in the',
  'order of the rows. Tier Code is capital letters or digits (EE, ES, EC, FAM).',
  '',
  'Dates: yyyy-MM-dd (2027-01-01) or MM/DD/YYYY (01/01/2027). Yes/No columns take Yes or No.',
  `Drop-downs cover the first ${GROUP_WORKBOOK_ROWS} rows of each sheet. Replace the example rows with your own.`,
  'Nothing is created when the workbook is read: the portal fills the Group Setup form, where you check',
  'everything and send it.',
];

type WithValidations = { dataValidations: { add(address: string, validation: ExcelJSType.DataValidation): void } };

function listValidation(sheet: ExcelJSType.Worksheet, column: string, values: readonly string[], title: string) {
  (sheet as unknown as WithValidations).dataValidations.add(`${column}2:${column}${GROUP_WORKBOOK_ROWS + 1}`, {
    type: 'list',
    allowBlank: true,
    formulae: [`"${values.join(',')}"`],
    showErrorMessage: true,
    errorStyle: 'stop',
    errorTitle: title,
    error: `Choose ${values.join(', ')}.`,
  });
}

function addTable(
  workbook: ExcelJSType.Workbook,
  name: string,
  columns: readonly string[],
  rows: string[][],
  textColumns: readonly number[],
) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((header, i) => ({
    header,
    width: Math.max(16, header.length + 4),
    // Text, so Excel keeps codes and dates as typed.
    ...(textColumns.includes(i) ? { style: { numFmt: '@' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map(neutraliseFormula));
  return sheet;
}

/** The setup workbook to fill in, with example rows and drop-downs. */
export async function groupSetupTemplate(): Promise<FileAnswer> {
  // Loaded with the first spreadsheet: most processes never make one, and exceljs is heavy.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();

  const group = workbook.addWorksheet('Group');
  group.columns = [
    { header: 'Field', width: 32 },
    { header: 'Value', width: 36, style: { numFmt: '@' } },
  ];
  group.getRow(1).font = { bold: true };
  for (const [key, label] of Object.entries(GROUP_LABELS) as [keyof typeof GROUP_LABELS, string][]) {
    group.addRow([label, neutraliseFormula(EXAMPLE_GROUP[key])]);
  }
  group.getColumn(1).font = { bold: true };
  const mfaRow = Object.keys(GROUP_LABELS).indexOf('mfaRequired') + 2;
  group.getCell(`B${mfaRow}`).dataValidation = {
    type: 'list',
    allowBlank: true,
    formulae: ['"Yes,No"'],
    showErrorMessage: true,
    errorStyle: 'stop',
    errorTitle: 'MFA Required',
    error: 'Choose Yes or No.',
  };

  addTable(workbook, 'Divisions', DIVISION_COLUMNS, EXAMPLE_DIVISIONS, [0]);
  const plans = addTable(workbook, 'Plans', PLAN_COLUMNS, EXAMPLE_PLANS, [2, 3, 7]);
  listValidation(plans, 'A', PLAN_TYPES, 'Plan Type');
  const tiers = addTable(workbook, 'Tiers', TIER_COLUMNS, EXAMPLE_TIERS, [2]);
  listValidation(tiers, 'A', ['Medical', 'Dental'], 'Coverage');
  listValidation(tiers, 'D', ['Yes', 'No'], 'Requires Dependents');

  const instructions = workbook.addWorksheet('Instructions');
  instructions.getColumn(1).width = 110;
  INSTRUCTIONS.forEach((line, i) => {
    instructions.getCell(`A${i + 1}`).value = line;
  });
  instructions.getCell('A1').font = { bold: true, size: 14 };

  return {
    fileName: 'Group setup workbook.xlsx',
    contentType: EXPORT_CONTENT_TYPES.xlsx,
    data: Buffer.from(await workbook.xlsx.writeBuffer()),
    disposition: 'attachment',
  };
}

// ---- Reading a filled workbook back ----

const norm = (value: string) => value.trim().toLowerCase().replace(/\s+/g, ' ');

/** yyyy-MM-dd as is; MM/DD/YYYY (or M/D/YYYY) turned into it; anything else left for the form to flag. */
export function workbookDate(value: string): { date: string; ok: boolean } {
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return { date: text, ok: true };
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (us) {
    const [, month = '', day = '', year = ''] = us;
    return { date: `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`, ok: true };
  }
  // A date kept as its serial number (a date put in a text cell by a script): 1900 date system.
  if (/^\d{5}$/.test(text)) {
    const date = new Date(Math.round((Number(text) - 25569) * 86_400_000));
    return { date: date.toISOString().slice(0, 10), ok: true };
  }
  return { date: text, ok: text === '' };
}

/** Yes/No (and the usual other spellings); null when unreadable, undefined when blank. */
function yesNo(value: string): boolean | null | undefined {
  const text = norm(value);
  if (text === '') return undefined;
  if (['yes', 'y', 'true', '1'].includes(text)) return true;
  if (['no', 'n', 'false', '0'].includes(text)) return false;
  return null;
}

const isBlank = (cells: readonly string[]) => cells.every((c) => (c ?? '').trim() === '');

type Table = { rowNumber: number; cell: (column: string) => string }[];

/** A sheet's data rows with cells by header label; missing columns are reported once. */
function tableOf(sheets: SheetRows[], name: string, columns: readonly string[], problems: string[]): Table | null {
  const sheet = sheets.find((s) => norm(s.name) === norm(name));
  if (!sheet) {
    problems.push(`The workbook has no "${name}" sheet.`);
    return null;
  }
  const header = (sheet.rows[0] ?? []).map(norm);
  const index = new Map<string, number>();
  for (const column of columns) {
    const at = header.indexOf(norm(column));
    if (at >= 0) index.set(column, at);
    else problems.push(`${name}: the column "${column}" is missing.`);
  }
  return sheet.rows.flatMap((cells, i) =>
    i === 0 || isBlank(cells)
      ? []
      : [
          {
            rowNumber: i + 1,
            cell: (column: string) => {
              const at = index.get(column);
              return at === undefined ? '' : (cells[at] ?? '').trim();
            },
          },
        ],
  );
}

function readGroupSheet(sheets: SheetRows[], problems: string[]) {
  const sheet = sheets.find((s) => norm(s.name) === 'group');
  if (!sheet) {
    problems.push('The workbook has no "Group" sheet.');
    return {};
  }
  const byLabel = new Map<string, { value: string; rowNumber: number }>();
  sheet.rows.forEach((cells, i) => {
    const label = norm(cells[0] ?? '');
    if (label) byLabel.set(label, { value: (cells[1] ?? '').trim(), rowNumber: i + 1 });
  });
  const value = (key: keyof typeof GROUP_LABELS) => byLabel.get(norm(GROUP_LABELS[key]))?.value ?? '';
  const group: Record<string, unknown> = {
    employerName: value('employerName'),
    employerID: value('employerID').toUpperCase(),
    taxID: value('taxID'),
  };
  const effective = workbookDate(value('groupEffectiveDate'));
  if (!effective.ok)
    problems.push(`Group: ${GROUP_LABELS.groupEffectiveDate} must be a date (yyyy-MM-dd or MM/DD/YYYY).`);
  group.groupEffectiveDate = effective.date;
  const mfa = yesNo(value('mfaRequired'));
  if (mfa === null) problems.push('Group: MFA Required must be Yes or No.');
  group.mfaRequired = mfa ?? true;
  const admin = { email: value('adminEmail'), firstName: value('adminFirstName'), lastName: value('adminLastName') };
  if (admin.email || admin.firstName || admin.lastName) group.firstAdmin = admin;
  return group;
}

function readPlans(table: Table, problems: string[]) {
  return table.map((row) => {
    const typed = row.cell('Plan Type');
    const planType = PLAN_TYPES.find((t) => norm(t) === norm(typed));
    if (!planType) problems.push(`Plans row ${row.rowNumber}: Plan Type must be Medical, Dental or FSA.`);
    const dates = (['Contract Begin Date', 'Contract End Date'] as const).map((column) => {
      const read = workbookDate(row.cell(column));
      if (!read.ok) problems.push(`Plans row ${row.rowNumber}: ${column} must be a date (yyyy-MM-dd or MM/DD/YYYY).`);
      return read.date;
    });
    return {
      planType: planType ?? '',
      planName: row.cell('Plan Name'),
      planCode: row.cell('Plan Code'),
      networkCode: row.cell('Network Code'),
      planDescription: row.cell('Description'),
      contractBeginDate: dates[0],
      contractEndDate: dates[1],
      divisions: row
        .cell('Divisions')
        .split(/[,;]/)
        .map((code) => code.trim())
        .filter(Boolean),
    };
  });
}

function readTiers(table: Table, problems: string[]) {
  return table.map((row) => {
    const coverage = norm(row.cell('Coverage'));
    if (coverage !== 'medical' && coverage !== 'dental')
      problems.push(`Tiers row ${row.rowNumber}: Coverage must be Medical or Dental.`);
    const requires = yesNo(row.cell('Requires Dependents'));
    if (requires === null) problems.push(`Tiers row ${row.rowNumber}: Requires Dependents must be Yes or No.`);
    return {
      isMedical: coverage !== 'dental',
      name: row.cell('Tier Name'),
      tierCode: row.cell('Tier Code').toUpperCase(),
      requiresDependents: requires ?? false,
    };
  });
}

/**
 * A filled setup workbook in the shape of groupSetupBody (unchecked: the form checks it), with the
 * problems of the workbook itself. A file that is not a readable .xlsx is a 400 on `file`.
 */
export async function readGroupWorkbook(
  bytes: Buffer,
  fileName = 'Group setup workbook.xlsx',
): Promise<{ group: Record<string, unknown>; problems: string[] }> {
  let sheets: SheetRows[];
  try {
    if (checkUpload(bytes, fileName).format !== 'xlsx')
      throw new ImportFileError('The setup workbook is an .xlsx file: download the template and fill it in.');
    sheets = await readXlsx(bytes);
    const names = new Set(sheets.map((s) => norm(s.name)));
    if (!['group', 'divisions', 'plans', 'tiers'].some((name) => names.has(name)))
      throw new ImportFileError(
        'This is not a group setup workbook (no Group, Divisions, Plans or Tiers sheet): download the template and fill it in.',
      );
  } catch (error) {
    if (error instanceof ImportFileError) throw invalidFields({ file: [error.message] });
    throw error;
  }
  const problems: string[] = [];
  const group = readGroupSheet(sheets, problems);
  const divisions = tableOf(sheets, 'Divisions', DIVISION_COLUMNS, problems);
  const plans = tableOf(sheets, 'Plans', PLAN_COLUMNS, problems);
  const tiers = tableOf(sheets, 'Tiers', TIER_COLUMNS, problems);
  return {
    group: {
      ...group,
      divisions: (divisions ?? []).map((row) => ({
        locationCode: row.cell('Location Code'),
        description: row.cell('Description'),
      })),
      plans: plans ? readPlans(plans, problems) : [],
      tiers: tiers ? readTiers(tiers, problems) : [],
    },
    problems,
  };
}
