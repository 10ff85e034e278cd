// A group's roster from its previous administrator: an X12 834 full file, read one member loop at a
// time into the rows of the same preview as a spreadsheet (one row per member, in the template's
// columns), so the same checks, fixes and commit apply. A full file is the group's whole membership:
// the group's members it does not hold are shown as proposed terminations.
import { and, eq, isNull } from 'drizzle-orm';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportField,
  type ImportMapping,
  type ImportView,
} from '../../../src/contracts/imports';
import type { Db } from '../../db/client';
import { subscribers } from '../../db/schema';
import { invalidFields } from '../../lib/field-errors';
import { storeUpload, type AddedRow, type ImportCaller } from './enrollment-import';
import { read834, X12FormatError, type Roster834Member } from './files/read-834';
import { loadImportContext } from './import-context';
import type { CheckedRow, StoredRow } from './row-model';

/** The template's fields a roster fills, in this order. */
const ROSTER_FIELDS: readonly ImportField[] = [
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
const COLUMNS = ROSTER_FIELDS.map((f) => LABELS.get(f)!);
const MAPPING: ImportMapping = Object.fromEntries(ROSTER_FIELDS.map((f, i) => [f, i]));
/** INS02 of the member who is the subscriber. */
const SELF = '18';
const NOT_IN_FILE = 'Not in file';

function rowOf(member: Roster834Member, rowNumber: number, division: string): StoredRow {
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
  return { rowNumber, sheet: 'Roster', cells: ROSTER_FIELDS.map((f) => values[f] ?? ''), fixes: {} };
}

async function readRoster(bytes: Buffer, division: string): Promise<StoredRow[]> {
  const rows: StoredRow[] = [];
  try {
    for await (const event of read834(bytes)) {
      if (event.kind !== 'member') continue;
      if (rows.length >= IMPORT_MAX_ROWS) throw new X12FormatError(IMPORT_MESSAGES.tooManyRows);
      // Row numbers start at 2, as a spreadsheet's first data row, so every upload numbers alike.
      rows.push(rowOf(event.member, rows.length + 2, division));
    }
  } catch (error) {
    if (error instanceof X12FormatError) throw invalidFields({ file: [error.message] });
    throw error;
  }
  if (rows.length === 0) throw invalidFields({ file: [IMPORT_MESSAGES.empty] });
  return rows;
}

/** The group's active members whose SSN the roster does not hold, as rows after the file's. */
async function proposedTerminations(db: Db, employerPK: number, checked: readonly CheckedRow[], first: number) {
  const inFile = new Set(checked.map((c) => c.ssn).filter((s): s is string => s !== null));
  const members = await db
    .select({
      subscriberPK: subscribers.subscriberPK,
      subscriberID: subscribers.subscriberID,
      ssn: subscribers.ssn,
      firstName: subscribers.firstName,
      lastName: subscribers.lastName,
      dateOfBirth: subscribers.dateOfBirth,
    })
    .from(subscribers)
    .where(and(eq(subscribers.employerPK, employerPK), isNull(subscribers.termDate)))
    .orderBy(subscribers.lastName, subscribers.firstName);
  const added: AddedRow[] = [];
  for (const member of members) {
    if (inFile.has(member.ssn)) continue;
    const rowNumber = first + added.length;
    const values: Partial<Record<ImportField, string>> = {
      employeeKey: member.subscriberID,
      relationship: SELF,
      firstName: member.firstName,
      lastName: member.lastName,
      dateOfBirth: member.dateOfBirth,
    };
    added.push({
      rowNumber,
      sheet: NOT_IN_FILE,
      cells: ROSTER_FIELDS.map((f) => values[f] ?? ''),
      fixes: {},
      checked: {
        rowNumber,
        familyRow: rowNumber,
        isEmployee: true,
        ssn: member.ssn,
        kind: 'termination',
        errors: [],
        changes: [{ field: 'membership', from: 'Member', to: IMPORT_MESSAGES.notInRoster }],
        subscriberPK: member.subscriberPK,
        requestPK: null,
      },
    });
  }
  return added;
}

/** Upload of a roster: read, checked as a spreadsheet of the template's columns would be, stored. */
export async function uploadRoster(
  db: Db,
  caller: ImportCaller,
  input: { fileName: string; bytes: Buffer; division?: string | undefined },
): Promise<ImportView> {
  const ctx = await loadImportContext(db, caller.employerPK);
  const division = input.division?.trim() ?? '';
  if (division && !ctx.divisions.some((d) => d.locationCode === division))
    throw invalidFields({ division: ['Choose a division of this employer group.'] });
  const rows = await readRoster(input.bytes, division);
  return storeUpload(db, caller, {
    fileName: input.fileName,
    bytes: input.bytes,
    upload: { format: 'x12', encoding: null, delimiter: null, columns: [...COLUMNS], rows },
    ctx,
    mapping: MAPPING,
    valueMappings: {},
    added: (checked, next) => proposedTerminations(db, caller.employerPK, checked, next),
  });
}
