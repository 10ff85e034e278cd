// From a file's rows to checked families. A family is an employee row and the dependent rows after it
// (or sharing its Employee Key). Each family becomes the wizard's own enrollment payload and is checked
// with the wizard's schemas and plan rules, so an upload has no rules of its own beyond the file's:
// relationships and list values that must mean something, SSNs that must be unique.
import {
  EMPLOYEE_RELATIONSHIP,
  IMPORT_FIELDS,
  IMPORT_LIST_FIELDS,
  IMPORT_MESSAGES,
  type ImportField,
  type ImportListField,
  type ImportMapping,
  type ImportRowChange,
  type ImportRowError,
  type ImportRowKind,
  type ImportValueMappings,
} from '../../../src/contracts/imports';
import { newSubscriberForm } from '../../../src/contracts/subscribers';
import { ssnLast4Of, todayIsoDate } from '../../../src/contracts/person-rules';
import { addError, type FieldErrors } from '../../lib/field-errors';
import {
  checkDependents,
  checkEmployment,
  checkPlanChoicesAgainst,
  checkPlanAnswers,
  mergeDependentSsns,
  mergeSubscriberSsn,
  type EnrollmentPayload,
} from '../enrollment';
import { planFor, resolveValue, tierFor, type ImportContext } from './import-context';
import { importCellText } from './cell-text';

export type StoredRow = {
  rowNumber: number;
  sheet: string;
  cells: string[];
  fixes: Partial<Record<ImportField, string>>;
};

/** A member of the group as the comparison of an update reads it. */
export type MemberOnFile = {
  subscriberPK: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  dateOfBirth: string;
  genderPK: number;
  maritalStatusPK: number;
  address1: string;
  address2: string | null;
  city: string;
  statePK: number;
  zipCode: string;
  phone1: string;
  phone2: string | null;
  email: string;
};

/** What the check needs to know beyond the file, read for the SSNs the file holds. */
export type Facts = {
  members: ReadonlyMap<string, MemberOnFile>;
  /** SSN → a new-enrollment request of the group still on its way (submitted, approved, not applied). */
  pendingNew: ReadonlyMap<string, number>;
  /** Members with a demographic update request still on its way. */
  pendingUpdate: ReadonlySet<number>;
  /** SSNs of subscribers of other groups. */
  otherGroup: ReadonlySet<string>;
  /** SSNs that appear on more than one row of the upload. */
  duplicates: ReadonlySet<string>;
};

export type Setup = {
  ctx: ImportContext;
  columns: readonly string[];
  mapping: ImportMapping;
  valueMappings: ImportValueMappings;
  /** Today's date, for plans in force when a row gives no effective date. */
  today?: string;
  /**
   * A roster (the operator's 834) may hold members of other groups: it brings a whole membership,
   * and one person can be covered through two employers. A spreadsheet upload may not.
   */
  otherGroupsAllowed?: boolean;
};

export type CheckedRow = {
  rowNumber: number;
  familyRow: number;
  isEmployee: boolean;
  ssn: string | null;
  kind: ImportRowKind;
  errors: ImportRowError[];
  changes: ImportRowChange[];
  subscriberPK: number | null;
  /** The pending request an unchanged new enrollment already has. */
  requestPK: number | null;
};

/** What a committable family turns into: a new enrollment or a demographic update. */
export type FamilyRequest =
  | {
      type: 'NewEnrollment';
      payload: Record<string, unknown>;
      ssn: string;
      dependentSsns: (string | null)[];
      firstName: string;
      lastName: string;
    }
  | {
      type: 'Subscriber';
      subscriberPK: number;
      payload: Record<string, unknown>;
      firstName: string;
      lastName: string;
    };

export type CheckedFamily = { rows: CheckedRow[]; request: FamilyRequest | null; kind: ImportRowKind };

const LABELS = new Map<string, string>(IMPORT_FIELDS.map((f) => [f.key, f.label]));

/** The field's text in a row: the typed fix, else the mapped column's cell. */
export function cellOf(row: StoredRow, setup: Setup, field: ImportField): string {
  const fixed = row.fixes[field];
  if (fixed !== undefined) return fixed.trim();
  const index = setup.mapping[field];
  return index === null || index === undefined ? '' : (row.cells[index] ?? '').trim();
}

function listValue(row: StoredRow, setup: Setup, field: ImportListField) {
  const raw = cellOf(row, setup, field);
  return { raw, code: resolveValue(setup.ctx, field, raw, setup.valueMappings[field]) };
}

/** The relationship code of a row: the employee's, a dependent's pk, or null when unknown. */
function relationshipOf(row: StoredRow, setup: Setup): string | null {
  if (setup.mapping.relationship === null || setup.mapping.relationship === undefined) return EMPLOYEE_RELATIONSHIP;
  return listValue(row, setup, 'relationship').code ?? null;
}

export type Family<R = StoredRow> = { employee: R; dependents: R[] };

/** How rows that are stored rows already are opened: as they are. */
export const asStored = <R>(row: R) => row as StoredRow;

/**
 * Rows grouped into families: by Employee Key when the file has one, else by position. The families
 * hold the rows as given; `open` gives each one's cells (an upload's worker keeps its rows packed).
 */
export function familiesOf<R = StoredRow>(rows: readonly R[], setup: Setup, open: (row: R) => StoredRow = asStored) {
  const families: Family<R>[] = [];
  const orphans: R[] = [];
  const byKey = new Map<string, Family<R>>();
  const keyed = setup.mapping.employeeKey !== null && setup.mapping.employeeKey !== undefined;
  let last: { family: Family<R>; sheet: string } | undefined;
  for (const kept of rows) {
    const row = open(kept);
    const relationship = relationshipOf(row, setup);
    if (relationship === EMPLOYEE_RELATIONSHIP) {
      last = { family: { employee: kept, dependents: [] }, sheet: row.sheet };
      families.push(last.family);
      const key = keyed ? cellOf(row, setup, 'employeeKey') : '';
      if (key && !byKey.has(key)) byKey.set(key, last.family);
      continue;
    }
    const key = keyed ? cellOf(row, setup, 'employeeKey') : '';
    // With a key the family is found by it (a "Dependents" sheet lists them apart); without, by position.
    // Without a key a dependent belongs to the employee above it on the same sheet.
    const family = key ? byKey.get(key) : last?.sheet === row.sheet ? last.family : undefined;
    // A row whose relationship is not understood stays with its family, so the family waits for it.
    if (family) family.dependents.push(kept);
    else orphans.push(kept);
  }
  return { families, orphans };
}

/** Which field of which row a wizard error path names. */
function fieldOfPath(path: string): { dependent: number | null; field: ImportField | 'relationship' } | null {
  const parts = path.split('.');
  const DIRECT: Record<string, ImportField> = {
    firstName: 'firstName',
    lastName: 'lastName',
    middleName: 'middleName',
    middleInitial: 'middleName',
    ssn: 'ssn',
    ssnLast4: 'ssn',
    dateOfBirth: 'dateOfBirth',
    genderID: 'gender',
    genderPK: 'gender',
    maritalStatusPK: 'maritalStatus',
    address1: 'address1',
    address2: 'address2',
    city: 'city',
    stateID: 'state',
    zipCode: 'zipCode',
    phone1: 'phone1',
    phone2: 'phone2',
    emailAddress: 'email',
    relationshipPK: 'relationship',
    dateOfHire: 'dateOfHire',
    effectiveDate: 'effectiveDate',
    occupation: 'occupation',
    jobTitle: 'jobTitle',
    divisions: 'division',
    isMedicalCoverage: 'medicalPlan',
    employerPlanPK: 'medicalPlan',
    medicalTierPK: 'medicalTier',
    isDentalCoverage: 'dentalPlan',
    employerDentalPlanPK: 'dentalPlan',
    dentalTierPK: 'dentalTier',
    isFSA: 'fsaPlan',
  };
  if (parts[0] === 'subscriber') return { dependent: null, field: DIRECT[parts[1] ?? ''] ?? 'firstName' };
  if (parts[0] === 'dependents') return { dependent: Number(parts[1]), field: DIRECT[parts[2] ?? ''] ?? 'firstName' };
  if (parts[0] === 'FSAElections') return { dependent: null, field: parts[2] === 'amount' ? 'fsaAmount' : 'fsaPlan' };
  const field = DIRECT[parts[0] ?? ''];
  return field ? { dependent: null, field } : null;
}

function rowError(setup: Setup, field: ImportField, message: string): ImportRowError {
  const index = setup.mapping[field];
  const column = index === null || index === undefined ? null : (setup.columns[index] ?? null);
  return { field, column: column ?? LABELS.get(field) ?? field, message };
}

const dash = (value: string | null | undefined) => value ?? '';

/** Demographic differences between the file and the member on file; names count as identity. */
function differences(member: MemberOnFile, s: Record<string, unknown>, ctx: ImportContext): ImportRowChange[] {
  const changes: ImportRowChange[] = [];
  const compare = (field: string, from: string, to: string) => {
    if (from.trim().toLowerCase() !== to.trim().toLowerCase()) changes.push({ field, from, to });
  };
  compare('firstName', member.firstName, String(s.firstName ?? ''));
  compare('lastName', member.lastName, String(s.lastName ?? ''));
  compare('middleName', dash(member.middleName), String(s.middleName ?? ''));
  compare('dateOfBirth', member.dateOfBirth, String(s.dateOfBirth ?? ''));
  compare('gender', ctx.labelOf('gender', String(member.genderPK)), ctx.labelOf('gender', String(s.genderID ?? '')));
  compare(
    'maritalStatus',
    ctx.labelOf('maritalStatus', String(member.maritalStatusPK)),
    ctx.labelOf('maritalStatus', String(s.maritalStatusPK ?? '')),
  );
  compare('address1', member.address1, String(s.address1 ?? ''));
  compare('address2', dash(member.address2), String(s.address2 ?? ''));
  compare('city', member.city, String(s.city ?? ''));
  compare('state', ctx.labelOf('state', String(member.statePK)), ctx.labelOf('state', String(s.stateID ?? '')));
  compare('zipCode', member.zipCode, String(s.zipCode ?? ''));
  compare('phone1', member.phone1, String(s.phone1 ?? ''));
  compare('phone2', dash(member.phone2), String(s.phone2 ?? ''));
  compare('email', member.email, String(s.emailAddress ?? ''));
  return changes;
}

const IDENTITY_FIELDS = new Set(['firstName', 'lastName']);

/** A row's person block in the wizard's field names, and the list values it could not map. */
function personOf(row: StoredRow, setup: Setup, errors: FieldErrors, prefix: string) {
  const text = (field: ImportField) => importCellText(field, cellOf(row, setup, field));
  const list = (field: ImportListField, target: string) => {
    const { raw, code } = listValue(row, setup, field);
    if (code === null) addError(errors, `${prefix}${target}`, `${IMPORT_MESSAGES.unmappedValue} ("${raw}")`);
    return code ?? undefined;
  };
  const number = (code: string | undefined) => (code === undefined ? undefined : Number(code));
  return { text, list, number };
}

function subscriberOf(row: StoredRow, setup: Setup, errors: FieldErrors) {
  const { text, list, number } = personOf(row, setup, errors, 'subscriber.');
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    middleName: text('middleName'),
    ssn: text('ssn'),
    dateOfBirth: text('dateOfBirth'),
    genderID: number(list('gender', 'genderID')),
    maritalStatusPK: number(list('maritalStatus', 'maritalStatusPK')) ?? 1,
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    stateID: number(list('state', 'stateID')),
    zipCode: text('zipCode'),
    phone1: text('phone1'),
    phone2: text('phone2'),
    emailAddress: text('email'),
  };
}

/** The member's fields as subscriberOf names them, beside the import field each comes from. */
const ON_FILE: readonly [ImportField, keyof ReturnType<typeof subscriberOf>, (m: MemberOnFile) => unknown][] = [
  ['middleName', 'middleName', (m) => m.middleName ?? ''],
  ['gender', 'genderID', (m) => m.genderPK],
  ['maritalStatus', 'maritalStatusPK', (m) => m.maritalStatusPK],
  ['address1', 'address1', (m) => m.address1],
  ['address2', 'address2', (m) => m.address2 ?? ''],
  ['city', 'city', (m) => m.city],
  ['state', 'stateID', (m) => m.statePK],
  ['zipCode', 'zipCode', (m) => m.zipCode],
  ['phone1', 'phone1', (m) => m.phone1],
  ['phone2', 'phone2', (m) => m.phone2 ?? ''],
  ['email', 'emailAddress', (m) => m.email],
];

/**
 * An update proposes only what the file says. A field it has no column for (an 834 carries no second
 * phone) keeps the member's value, and so does a blank marital status (DMG04 is optional in an 834,
 * and a member always has one): neither is read as "clear it" or "Single".
 */
function keepWhatTheFileLacks(
  fromFile: ReturnType<typeof subscriberOf>,
  member: MemberOnFile,
  row: StoredRow,
  setup: Setup,
): ReturnType<typeof subscriberOf> {
  const kept: Record<string, unknown> = { ...fromFile };
  for (const [field, key, onFile] of ON_FILE) {
    const unmapped = setup.mapping[field] === null || setup.mapping[field] === undefined;
    const blankStatus = field === 'maritalStatus' && cellOf(row, setup, field).trim() === '';
    if (unmapped || blankStatus) kept[key] = onFile(member);
  }
  return kept as ReturnType<typeof subscriberOf>;
}

function dependentOf(row: StoredRow, setup: Setup, errors: FieldErrors, index: number) {
  const { text, list, number } = personOf(row, setup, errors, `dependents.${index}.`);
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    middleInitial: text('middleName'),
    ssn: text('ssn'),
    dateOfBirth: text('dateOfBirth'),
    relationshipPK: number(listValue(row, setup, 'relationship').code ?? undefined),
    genderPK: number(list('gender', 'genderPK')),
    maritalStatusPK: number(list('maritalStatus', 'maritalStatusPK')) ?? 1,
    phone1: text('phone1'),
    phone2: text('phone2'),
    emailAddress: text('email'),
    sameAddress: true,
  };
}

/** The plan page's answers from the employee row's plan columns. */
function planOf(row: StoredRow, setup: Setup, errors: FieldErrors, effectiveDate: string) {
  const { ctx } = setup;
  const { list } = personOf(row, setup, errors, '');
  const divisionCode =
    list('division', 'divisions') ?? (ctx.divisions.length === 1 ? ctx.divisions[0]!.locationCode : undefined);
  const division = ctx.divisions.find((d) => d.locationCode === divisionCode);
  const divisionPK = division?.divisionPK;
  const medical = list('medicalPlan', 'employerPlanPK');
  const medicalTier = list('medicalTier', 'medicalTierPK');
  const dental = list('dentalPlan', 'employerDentalPlanPK');
  const dentalTier = list('dentalTier', 'dentalTierPK');
  const fsa = list('fsaPlan', 'FSAElections');
  const day = effectiveDate || setup.today || todayIsoDate();
  const planPK = (type: 'Medical' | 'Dental' | 'FSA', name: string | undefined) =>
    name && divisionPK ? (planFor(ctx, divisionPK, type, name, day)?.planPK ?? -1) : undefined;
  const tierPK = (isMedical: boolean, code: string | undefined) =>
    code && divisionPK ? (tierFor(ctx, divisionPK, isMedical, code)?.coverageOptionPK ?? -1) : undefined;
  const isMedicalCoverage = Boolean(cellOf(row, setup, 'medicalPlan') || cellOf(row, setup, 'medicalTier'));
  const isDentalCoverage = Boolean(cellOf(row, setup, 'dentalPlan') || cellOf(row, setup, 'dentalTier'));
  const isFSA = Boolean(cellOf(row, setup, 'fsaPlan') || cellOf(row, setup, 'fsaAmount'));
  const fsaPK = planPK('FSA', fsa);
  return {
    // A division that is not the group's reads as the wizard's "choose a division" (-1 is no pk).
    divisions: divisionPK ?? (divisionCode ? -1 : undefined),
    isMedicalCoverage,
    employerPlanPK: isMedicalCoverage ? planPK('Medical', medical) : undefined,
    medicalTierPK: isMedicalCoverage ? tierPK(true, medicalTier) : undefined,
    isDentalCoverage,
    employerDentalPlanPK: isDentalCoverage ? planPK('Dental', dental) : undefined,
    dentalTierPK: isDentalCoverage ? tierPK(false, dentalTier) : undefined,
    isFSA,
    FSAElections:
      isFSA && fsaPK ? [{ pk: fsaPK, amount: importCellText('fsaAmount', cellOf(row, setup, 'fsaAmount')) }] : [],
  };
}

function emptyRow(row: StoredRow, familyRow: number, isEmployee: boolean, ssn: string | null): CheckedRow {
  return {
    rowNumber: row.rowNumber,
    familyRow,
    isEmployee,
    ssn,
    kind: 'new',
    errors: [],
    changes: [],
    subscriberPK: null,
    requestPK: null,
  };
}

/** The SSN a row's check uses (normalised as the wizard's mask would), or null when not one. */
export function ssnOfRow(row: StoredRow, setup: Setup): string | null {
  const ssn = importCellText('ssn', cellOf(row, setup, 'ssn'));
  return /^\d{3}-\d{2}-\d{4}$/.test(ssn) ? ssn : null;
}

/** Checks one family with the wizard's rules; `employee` null for dependent rows with no employee. */
export function checkFamily(
  family: { employee: StoredRow; dependents: StoredRow[] },
  setup: Setup,
  facts: Facts,
): CheckedFamily {
  const errors: FieldErrors = {};
  const { employee } = family;
  const ssn = ssnOfRow(employee, setup);
  const member = ssn ? facts.members.get(ssn) : undefined;
  const fromFile = subscriberOf(employee, setup, errors);
  const subscriber = member ? keepWhatTheFileLacks(fromFile, member, employee, setup) : fromFile;
  const dependents = family.dependents.map((row, i) => dependentOf(row, setup, errors, i));
  const employment = {
    dateOfHire: importCellText('dateOfHire', cellOf(employee, setup, 'dateOfHire')),
    effectiveDate: importCellText('effectiveDate', cellOf(employee, setup, 'effectiveDate')),
    occupation: cellOf(employee, setup, 'occupation') || undefined,
    jobTitle: cellOf(employee, setup, 'jobTitle') || undefined,
  };

  const rows = [
    emptyRow(employee, employee.rowNumber, true, ssn),
    ...family.dependents.map((row) => emptyRow(row, employee.rowNumber, false, ssnOfRow(row, setup))),
  ];
  const add = (index: number | null, field: ImportField, message: string) => {
    const target = rows[index === null ? 0 : index + 1];
    if (target && !target.errors.some((e) => e.field === field && e.message === message))
      target.errors.push(rowError(setup, field, message));
  };

  // The wizard's own checks: step 1 always, 2 employment, 3 dependents, 4 plans (as on submit).
  const merged = mergeSubscriberSsn(subscriber, null);
  const subscriberCheck = newSubscriberForm.safeParse(merged.forValidation);
  for (const issue of subscriberCheck.error?.issues ?? [])
    addError(errors, ['subscriber', ...issue.path].join('.'), issue.message);
  const payload = { ...employment, saveStep: 4, employerPK: setup.ctx.employerPK, subscriber } as EnrollmentPayload;
  checkEmployment(errors, payload);

  let request: FamilyRequest | null = null;
  if (member) {
    // An existing member: the row proposes a demographic update; coverage columns are not read.
    const changes = subscriberCheck.success ? differences(member, subscriber, setup.ctx) : [];
    // Only a row that changes something clashes with the update already on its way.
    if (changes.length > 0 && facts.pendingUpdate.has(member.subscriberPK))
      add(null, 'firstName', 'This member already has an update request on its way; approve or cancel it first.');
    rows[0]!.changes = changes;
    rows[0]!.subscriberPK = member.subscriberPK;
    const { ssn: _ssn, ...person } = merged.forStorage;
    request = {
      type: 'Subscriber',
      subscriberPK: member.subscriberPK,
      payload: {
        subscriberPK: member.subscriberPK,
        employerPK: setup.ctx.employerPK,
        subscriber: { ...person, middleName: subscriber.middleName, ssnLast4: ssnLast4Of(ssn!) },
        changeReasonDetails: null,
      },
      firstName: subscriber.firstName,
      lastName: subscriber.lastName,
    };
  } else {
    const plan = planOf(employee, setup, errors, employment.effectiveDate);
    const full = {
      ...payload,
      ...plan,
      hasDependents: dependents.length > 0,
      dependents,
      submit: true,
    } as EnrollmentPayload;
    const mergedDependents = mergeDependentSsns(dependents, []);
    checkDependents(errors, mergedDependents, false);
    checkPlanAnswers(errors, full, true);
    const division = setup.ctx.divisions.find((d) => d.divisionPK === plan.divisions);
    const groupEffectiveDate = checkPlanChoicesAgainst(errors, full, {
      divisionFound: Boolean(division),
      plans: setup.ctx.plans.filter((p) => p.divisionPK === plan.divisions),
      tiers: setup.ctx.tiers
        .filter((t) => t.divisionPK === plan.divisions)
        .map((t) => ({ pk: t.coverageOptionPK, isMedical: t.isMedical })),
    });
    if (ssn && facts.otherGroup.has(ssn) && !setup.otherGroupsAllowed) add(null, 'ssn', IMPORT_MESSAGES.otherGroupSsn);
    const { submit: _submit, ...stored } = full;
    request = {
      type: 'NewEnrollment',
      payload: {
        ...stored,
        subscriber: merged.forStorage,
        dependents: mergedDependents.map((d) => d.forStorage),
        groupEffectiveDate,
      },
      ssn: ssn ?? '',
      dependentSsns: mergedDependents.map((d) => d.ssn),
      firstName: subscriber.firstName,
      lastName: subscriber.lastName,
    };
    const pending = ssn ? facts.pendingNew.get(ssn) : undefined;
    if (pending) rows[0]!.requestPK = pending;
  }

  for (const [path, messages] of Object.entries(errors)) {
    const at = fieldOfPath(path);
    if (!at) continue;
    for (const message of messages) add(at.dependent, at.field as ImportField, message);
  }
  family.dependents.forEach((row, i) => {
    if (listValue(row, setup, 'relationship').code === null) add(i, 'relationship', IMPORT_MESSAGES.relationship);
  });
  for (const [i, row] of rows.entries()) {
    if (row.ssn && facts.duplicates.has(row.ssn)) add(i === 0 ? null : i - 1, 'ssn', IMPORT_MESSAGES.duplicateSsn);
  }

  const hasError = rows.some((r) => r.errors.length > 0);
  let kind: ImportRowKind;
  if (hasError) kind = 'error';
  else if (member) {
    const changes = rows[0]!.changes;
    kind =
      changes.length === 0 ? 'unchanged' : changes.some((c) => IDENTITY_FIELDS.has(c.field)) ? 'identity' : 'update';
  } else kind = rows[0]!.requestPK ? 'unchanged' : 'new';
  for (const row of rows) row.kind = kind;
  return { rows, request: kind === 'error' || kind === 'unchanged' ? null : request, kind };
}

/** A dependent row with no employee to belong to: an error of its own. */
export function checkOrphan(row: StoredRow, setup: Setup): CheckedRow {
  const checked = emptyRow(row, row.rowNumber, false, ssnOfRow(row, setup));
  checked.kind = 'error';
  const relationship = relationshipOf(row, setup);
  checked.errors.push(
    relationship === null
      ? rowError(setup, 'relationship', IMPORT_MESSAGES.relationship)
      : rowError(setup, 'employeeKey', IMPORT_MESSAGES.noEmployee),
  );
  return checked;
}

export type UnmappedValue = { field: ImportListField; value: string; rows: number };

/** Counts the values of list fields that nothing matched, row by row (`add`), for `values()`. */
export function unmappedCounter(setup: Setup) {
  const counts = new Map<string, UnmappedValue>();
  return {
    add(row: StoredRow) {
      for (const field of IMPORT_LIST_FIELDS) {
        if (setup.mapping[field] === null || setup.mapping[field] === undefined) continue;
        const { raw, code } = listValue(row, setup, field);
        if (code !== null || raw === '') continue;
        const key = `${field}|${raw}`;
        const hit = counts.get(key);
        if (hit) hit.rows += 1;
        else counts.set(key, { field, value: raw, rows: 1 });
      }
    },
    values: (): UnmappedValue[] => [...counts.values()].slice(0, 500),
  };
}

/** Values of list fields that nothing matched, with how many rows carry each. */
export function unmappedValues(rows: readonly StoredRow[], setup: Setup): UnmappedValue[] {
  const counter = unmappedCounter(setup);
  for (const row of rows) counter.add(row);
  return counter.values();
}
