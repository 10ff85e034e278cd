// Bulk enrollment upload ("Upload Enrollments"): one pipeline from a file to enrollment requests.
// parse → map columns (and list values) → validate every row with the wizard's own schemas → preview →
// commit in batches → result. The rules of each person are the wizard's; this file holds only what an
// upload adds: the columns a file may carry, the row kinds of the preview and the calls' shapes.
import { z } from 'zod';
import { MAX_PAGE, id, pk, pagedList, ssnLast4, text } from './common';
import { terminationChoice } from './terminations';

/** Largest file accepted, checked before any parser sees the bytes. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** Families committed per commit call: each call is one transaction; cancelling stops between calls. */
export const IMPORT_COMMIT_BATCH = 500;
export const IMPORT_ROWS_PAGE_SIZE = 50;

export const IMPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** What an upload was read from: a spreadsheet, or an X12 834 roster (full file). */
export const IMPORT_SOURCES = [...IMPORT_FORMATS, 'x12'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
/** Largest X12 834 roster accepted: a 100,000-member full file is about 35 MB. */
export const ROSTER_MAX_BYTES = 200 * 1024 * 1024;

/**
 * The columns an enrollment file may carry, in template order. `headers` are the other names the
 * automatic mapping recognises (compared without case, spaces or punctuation).
 */
export const IMPORT_FIELDS = [
  {
    key: 'employeeKey',
    label: 'Employee Key',
    headers: ['employee id', 'emp id', 'employee number', 'employee #', 'emp key', 'family id'],
  },
  {
    key: 'relationship',
    label: 'Relationship',
    headers: ['relation', 'rel', 'relationship code', 'member type', 'member relationship'],
  },
  { key: 'firstName', label: 'First Name', headers: ['first', 'given name', 'fname'] },
  { key: 'middleName', label: 'Middle Initial', headers: ['mi', 'middle', 'middle name'] },
  { key: 'lastName', label: 'Last Name', headers: ['last', 'surname', 'family name', 'lname'] },
  { key: 'ssn', label: 'SSN', headers: ['social security number', 'social security', 'ss number', 'ssn number'] },
  { key: 'dateOfBirth', label: 'Date of Birth', headers: ['dob', 'birth date', 'birthdate'] },
  { key: 'gender', label: 'Gender', headers: ['sex'] },
  { key: 'maritalStatus', label: 'Marital Status', headers: ['marital'] },
  { key: 'address1', label: 'Address Line 1', headers: ['address', 'address 1', 'street', 'street address'] },
  { key: 'address2', label: 'Address Line 2', headers: ['address 2', 'apt', 'suite'] },
  { key: 'city', label: 'City', headers: ['town'] },
  { key: 'state', label: 'State', headers: ['st', 'state code'] },
  { key: 'zipCode', label: 'ZIP Code', headers: ['zip', 'postal code', 'zipcode'] },
  { key: 'phone1', label: 'Phone', headers: ['phone 1', 'home phone', 'primary phone', 'phone number'] },
  { key: 'phone2', label: 'Alternate Phone', headers: ['phone 2', 'work phone', 'mobile phone', 'cell phone'] },
  { key: 'email', label: 'Email', headers: ['e-mail', 'email address'] },
  { key: 'dateOfHire', label: 'Date of Hire', headers: ['hire date', 'doh'] },
  { key: 'effectiveDate', label: 'Effective Date', headers: ['coverage effective date', 'coverage start'] },
  { key: 'occupation', label: 'Occupation', headers: [] },
  { key: 'jobTitle', label: 'Job Title', headers: ['title'] },
  { key: 'division', label: 'Division', headers: ['location', 'division code', 'location code'] },
  { key: 'medicalPlan', label: 'Medical Plan', headers: ['medical', 'medical plan code'] },
  { key: 'medicalTier', label: 'Medical Tier', headers: ['medical coverage level', 'medical coverage'] },
  { key: 'dentalPlan', label: 'Dental Plan', headers: ['dental', 'dental plan code'] },
  { key: 'dentalTier', label: 'Dental Tier', headers: ['dental coverage level', 'dental coverage'] },
  { key: 'fsaPlan', label: 'FSA Plan', headers: ['fsa'] },
  { key: 'fsaAmount', label: 'FSA Amount', headers: ['fsa election', 'fsa annual amount'] },
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number]['key'];
export const IMPORT_FIELD_KEYS = IMPORT_FIELDS.map((f) => f.key) as [ImportField, ...ImportField[]];
export const importField = z.enum(IMPORT_FIELD_KEYS);

/** Fields whose values are codes of a list: a file's words for them are mapped too ("Wife" → Spouse). */
export const IMPORT_LIST_FIELDS = [
  'relationship',
  'gender',
  'maritalStatus',
  'state',
  'division',
  'medicalPlan',
  'medicalTier',
  'dentalPlan',
  'dentalTier',
  'fsaPlan',
] as const satisfies readonly ImportField[];
export type ImportListField = (typeof IMPORT_LIST_FIELDS)[number];

/** The relationship of a row that is the employee (subscriber) rather than a dependent. */
export const EMPLOYEE_RELATIONSHIP = 'Employee';

/**
 * The preview's row kinds. `identity` is an update that changes a member's name: it needs its own yes.
 * `termination`: a member of the group a roster (a full file) no longer holds; shown, not committed.
 */
export const IMPORT_ROW_KINDS = ['new', 'update', 'identity', 'unchanged', 'error', 'termination'] as const;
export type ImportRowKind = (typeof IMPORT_ROW_KINDS)[number];

/** `reading`: rows are still being stored (an upload stopped by a restart stays so and can be discarded). */
export const IMPORT_STATUSES = [
  'reading',
  'preview',
  'committing',
  'committed',
  'cancelled',
  'discarded',
  'withdrawn',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_MESSAGES = {
  fileType: 'Choose an .xlsx or .csv file.',
  tooLarge: 'The file is larger than 20 MB.',
  empty: 'The file holds no rows.',
  tooManyRows: 'The file holds more than 100,000 rows.',
  duplicateSsn: 'This SSN appears more than once in the file.',
  otherGroupSsn: 'This SSN belongs to a member of another group.',
  noEmployee: 'A dependent row must follow its employee row or share its Employee Key.',
  unmappedValue: 'Choose what this value means.',
  relationship: 'Relationship must be Employee, Spouse, Child or Domestic Partner.',
  unknownValue: 'Not a value of this list.',
  fixErrorsFirst: 'Fix every error before committing all rows, or commit only the valid rows.',
  confirmIdentity: 'Confirm the name changes before committing them.',
  notPreview: 'This upload can no longer be changed.',
  changedMeanwhile: 'This upload was changed meanwhile. Reload it and try again.',
  nothingToWithdraw: 'None of this upload’s requests can still be withdrawn.',
  rosterType: 'Choose an X12 834 file (.834, .x12, .edi or .txt).',
  rosterTooLarge: 'The file is larger than 200 MB.',
  tooMuchToCheck: 'This file holds more than can be checked at once. Split it into smaller files and upload each.',
  notInRoster: 'Not in the roster: a full file holds every member, so this member would be terminated.',
} as const;

/** Which file column (by index) feeds each field; null for a field the file does not carry. */
export const importMapping = z.partialRecord(importField, z.number().int().min(0).max(1000).nullable());
export type ImportMapping = z.infer<typeof importMapping>;

/** For a list field: each of the file's values (as written) to the code it means, or null for "ask". */
export const importValueMappings = z.partialRecord(
  z.enum(IMPORT_LIST_FIELDS),
  z.record(text(200), text(200).nullable()),
);
export type ImportValueMappings = z.infer<typeof importValueMappings>;

/** One choice of a list field: `code` is what the mapping stores, `label` what the screen shows. */
const listChoice = z.object({ code: z.string(), label: z.string() });

/** A value of the file that no list entry matched: the preview asks what it means. */
const unmappedValue = z.object({ field: z.enum(IMPORT_LIST_FIELDS), value: z.string(), rows: z.number().int() });
export type ImportUnmapped = z.infer<typeof unmappedValue>;

const importCounts = z.object({
  rows: z.number().int(),
  families: z.number().int(),
  new: z.number().int(),
  update: z.number().int(),
  identity: z.number().int(),
  unchanged: z.number().int(),
  error: z.number().int(),
  /** Members of the group a roster no longer holds (0 for a spreadsheet). */
  termination: z.number().int(),
  /** Rows with at least one error (a family counts once in `error`, each of its bad rows here). */
  errorRows: z.number().int(),
  committed: z.number().int(),
  requestsCreated: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCounts>;

/** An upload as the screen shows it: source, mapping, counts and where the commit stands. */
export const importView = z.object({
  importPK: z.number().int(),
  fileName: z.string(),
  format: z.enum(IMPORT_SOURCES),
  /** How the bytes were decoded ('UTF-8', 'UTF-8 with BOM', 'Windows-1252'); null for .xlsx. */
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  status: z.enum(IMPORT_STATUSES),
  /** The file's header row, in order. */
  columns: z.array(z.string()),
  mapping: importMapping,
  valueMappings: importValueMappings,
  /** The codes each list field may take, for the mapping selects. */
  choices: z.partialRecord(z.enum(IMPORT_LIST_FIELDS), z.array(listChoice)),
  unmapped: z.array(unmappedValue),
  counts: importCounts,
  /** Families still to commit in the current commit (0 when none runs). */
  remaining: z.number().int(),
  commitMode: z.enum(['valid', 'all']).nullable(),
  createdAt: z.string(),
  createdByMe: z.boolean(),
  /** True while some of its requests are still Submitted (not approved), so it can be withdrawn. */
  canWithdraw: z.boolean(),
});
export type ImportView = z.infer<typeof importView>;

const rowError = z.object({ field: z.string(), column: z.string().nullable(), message: z.string() });
export type ImportRowError = z.infer<typeof rowError>;
const rowChange = z.object({ field: z.string(), from: z.string(), to: z.string() });
export type ImportRowChange = z.infer<typeof rowChange>;

/** A row of the preview. Cells are as read, by field; the SSN only as its last 4. */
export const importRow = z.object({
  rowNumber: z.number().int(),
  sheet: z.string(),
  /** Row number of the family's employee row (its own for an employee). */
  familyRow: z.number().int(),
  kind: z.enum(IMPORT_ROW_KINDS),
  isEmployee: z.boolean(),
  committed: z.boolean(),
  requestPK: z.number().int().nullable(),
  ssnLast4: ssnLast4.nullable(),
  cells: z.partialRecord(importField, z.string()),
  errors: z.array(rowError),
  /** What an update or identity row changes on the member: field, value on file, value in the file. */
  changes: z.array(rowChange),
});
export type ImportRow = z.infer<typeof importRow>;

export const IMPORT_ROW_FILTERS = ['all', 'errors', 'new', 'update', 'identity', 'unchanged', 'termination'] as const;

export const importUploadQuery = z.object({
  employerPK: pk,
  fileName: text(255).min(1, IMPORT_MESSAGES.fileType),
});
export const importQuery = z.object({ employerPK: pk, importPK: pk });
/** A roster's upload: a full file names no division, so members go to the one given (or the only one). */
export const importRosterQuery = importUploadQuery.extend({ division: text(10).optional() });
export const importListQuery = z.object({ employerPK: pk });
export const importList = z.array(importView);
export const importRowsQuery = z.object({
  employerPK: pk,
  importPK: pk,
  filter: z.enum(IMPORT_ROW_FILTERS).default('all'),
  page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0),
});
export const importRows = pagedList(importRow);

export const importMappingBody = z.object({
  employerPK: id,
  importPK: id,
  mapping: importMapping,
  valueMappings: importValueMappings.default({}),
});
/** A fix in place: the typed cells replace the row's; the row and its family are checked again. */
export const importRowFixBody = z.object({
  employerPK: id,
  importPK: id,
  rowNumber: z.number().int().min(1).max(2_000_000),
  cells: z.partialRecord(importField, text(200)),
});
export const importRowFixAnswer = z.object({ view: importView, rows: z.array(importRow) });

/** One commit step: commits the next batch; the screen calls again until `remaining` is 0. */
export const importCommitBody = z.object({
  employerPK: id,
  importPK: id,
  /** `valid`: only rows without errors; `all`: refused while any row has an error. */
  mode: z.enum(['valid', 'all']),
  /** Required when the preview holds name changes (identity rows) that should be committed. */
  confirmIdentity: z.boolean().default(false),
  /** A roster's members the file no longer holds are terminated with these; left out, they stay. */
  termination: terminationChoice.optional(),
});
export const importCommitAnswer = importView.extend({ requestPKs: z.array(z.number().int()) });
export const importActionBody = z.object({ employerPK: id, importPK: id });
export const importTemplateQuery = z.object({ employerPK: pk, format: z.enum(IMPORT_FORMATS).default('xlsx') });
