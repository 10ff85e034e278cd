// A roster from an X12 834 full file as rows in the template's columns: one row per member (2000
// loop), read one loop at a time, so the same checks, fixes and commit apply as to a spreadsheet.
import {
  IMPORT_FIELDS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportField,
  type ImportMapping,
} from '../../../src/contracts/imports';
import { ImportFileError } from './files/import-file-error';
import { read834, X12FormatError, type Roster834Member } from './files/read-834';
import type { ReadUpload } from './read-upload';
import { packRow, type PackedRow } from './packed-rows';

/** The template's fields a roster fills, in this order. */
export const ROSTER_FIELDS: readonly ImportField[] = [
  'employeeKey',
  'relationship',
  'firstName',
  'middleName',
  'lastName',
  'ssn',
  'dateOfBirth',
  'gender',
  'maritalStatus',
  'address1',
  'address2',
  'city',
  'state',
  'zipCode',
  'phone1',
  'email',
  'dateOfHire',
  'effectiveDate',
  'division',
  'medicalPlan',
  'medicalTier',
  'dentalPlan',
  'dentalTier',
];
const LABELS = new Map<string, string>(IMPORT_FIELDS.map((f) => [f.key, f.label]));
export const ROSTER_COLUMNS = ROSTER_FIELDS.map((f) => LABELS.get(f)!);
export const ROSTER_MAPPING: ImportMapping = Object.fromEntries(ROSTER_FIELDS.map((f, i) => [f, i]));
/** INS02 of the member who is the subscriber. */
export const SELF = '18';

function rowOf(member: Roster834Member, rowNumber: number, division: string): PackedRow {
  const employee = member.relationshipCode === SELF;
  const coverage = (line: string) => member.coverages.find((c) => c.insuranceLine === line);
  const medical = employee ? coverage('HLT') : undefined;
  const dental = employee ? coverage('DEN') : undefined;
  const values: Partial<Record<ImportField, string>> = {
    employeeKey: member.subscriberKey,
    relationship: member.relationshipCode,
    firstName: member.firstName,
    middleName: member.middleName,
    lastName: member.lastName,
    ssn: member.ssn ?? '',
    dateOfBirth: member.dateOfBirth ?? '',
    gender: member.gender,
    maritalStatus: member.maritalStatus,
    address1: member.address1,
    address2: member.address2,
    city: member.city,
    state: member.state,
    zipCode: member.zip,
    phone1: member.phone,
    email: member.email,
    dateOfHire: employee ? (member.dateOfHire ?? '') : '',
    effectiveDate: (medical ?? dental)?.begin ?? '',
    division: employee ? division : '',
    medicalPlan: medical?.planCode ?? '',
    medicalTier: medical?.coverageLevel ?? '',
    dentalPlan: dental?.planCode ?? '',
    dentalTier: dental?.coverageLevel ?? '',
  };
  return packRow(
    rowNumber,
    'Roster',
    ROSTER_FIELDS.map((f) => values[f] ?? ''),
  );
}

/** A roster's members as rows of the template's columns; a file that cannot be read is refused. */
export async function readRoster(bytes: Buffer, division: string): Promise<ReadUpload> {
  const rows: PackedRow[] = [];
  try {
    for await (const event of read834(bytes)) {
      if (event.kind !== 'member') continue;
      if (rows.length >= IMPORT_MAX_ROWS) throw new X12FormatError(IMPORT_MESSAGES.tooManyRows);
      // Row numbers start at 2, as a spreadsheet's first data row, so every upload numbers alike.
      rows.push(rowOf(event.member, rows.length + 2, division));
    }
  } catch (error) {
    if (error instanceof X12FormatError) throw new ImportFileError(error.message);
    throw error;
  }
  if (rows.length === 0) throw new ImportFileError(IMPORT_MESSAGES.empty);
  return { format: 'x12', encoding: null, delimiter: null, columns: [...ROSTER_COLUMNS], rows };
}
