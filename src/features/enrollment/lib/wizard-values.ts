import { DEFAULT_MARITAL_STATUS_PK } from '../../../contracts/lookups';
// What each wizard step's form holds. Text inputs hold strings ('' when empty), dropdowns hold pks
// (undefined until chosen), dates hold `yyyy-MM-dd` text, Yes/No questions hold booleans.

export type SubscriberValues = {
  firstName: string;
  middleName: string;
  lastName: string;
  /** Masked 999-99-9999 while typed; never written to browser storage. */
  ssn: string;
  /** Last four digits of an SSN already stored with the request or the member. */
  ssnLast4?: string;
  dateOfBirth: string;
  genderID?: number;
  maritalStatusPK?: number;
  address1: string;
  address2: string;
  city: string;
  stateID?: number;
  zipCode: string;
  phone1: string;
  phone2: string;
  emailAddress: string;
};

export type EmploymentValues = {
  dateOfHire: string;
  effectiveDate: string;
  occupation: string;
  jobTitle: string;
  payRate?: number;
  payRateFrequencyID?: number;
  isCoveredByMedicare?: boolean;
};

export type DependentValues = {
  dependentPK?: number;
  firstName: string;
  middleInitial: string;
  lastName: string;
  ssn: string;
  ssnLast4?: string;
  dateOfBirth: string;
  relationshipPK?: number;
  genderPK?: number;
  maritalStatusPK?: number;
  marriageDate: string;
  phone1: string;
  phone2: string;
  emailAddress: string;
};

export type DependentsValues = {
  /** Known once the step was saved: false after Skip, true after Next. */
  hasDependents?: boolean;
  dependents: DependentValues[];
};

export type FsaElection = { pk: number; amount: string };

export type PlanValues = {
  divisions?: number;
  isMedicalCoverage?: boolean;
  employerPlanPK?: number;
  medicalTierPK?: number;
  /** Contract begin date of the chosen medical plan. */
  groupEffectiveDate: string;
  isDentalCoverage?: boolean;
  employerDentalPlanPK?: number;
  dentalTierPK?: number;
  isFSA?: boolean;
  FSAElections: FsaElection[];
  /** The FSA election being composed, before 'Add FSA Election'. */
  fsaPlanPK?: number;
  fsaAmount: string;
};

/** The four parts of the enrollment request, one per step. */
export type WizardSections = {
  subscriber?: SubscriberValues;
  employment?: EmploymentValues;
  dependents?: DependentsValues;
  plan?: PlanValues;
};
export type WizardSection = keyof WizardSections;

export const DEFAULT_MARITAL_STATUS = DEFAULT_MARITAL_STATUS_PK;

export const emptySubscriber = (): SubscriberValues => ({
  firstName: '',
  middleName: '',
  lastName: '',
  ssn: '',
  dateOfBirth: '',
  maritalStatusPK: DEFAULT_MARITAL_STATUS,
  address1: '',
  address2: '',
  city: '',
  zipCode: '',
  phone1: '',
  phone2: '',
  emailAddress: '',
});

export const emptyEmployment = (): EmploymentValues => ({
  dateOfHire: '',
  effectiveDate: '',
  occupation: '',
  jobTitle: '',
});

export const emptyDependent = (): DependentValues => ({
  firstName: '',
  middleInitial: '',
  lastName: '',
  ssn: '',
  dateOfBirth: '',
  maritalStatusPK: DEFAULT_MARITAL_STATUS,
  marriageDate: '',
  phone1: '',
  phone2: '',
  emailAddress: '',
});

export const emptyPlan = (): PlanValues => ({ groupEffectiveDate: '', FSAElections: [], fsaAmount: '' });

/** True when nothing has been entered for a dependent (the editor's initial, blank form). */
export function isBlankDependent(d: DependentValues): boolean {
  const text = [
    d.firstName,
    d.middleInitial,
    d.lastName,
    d.ssn,
    d.dateOfBirth,
    d.marriageDate,
    d.phone1,
    d.phone2,
    d.emailAddress,
  ];
  return text.every((v) => !v) && d.relationshipPK === undefined && d.genderPK === undefined;
}

export function dependentName(d: Pick<DependentValues, 'firstName' | 'lastName'> | undefined, index: number): string {
  const name = `${d?.firstName ?? ''} ${d?.lastName ?? ''}`.trim();
  return name || `Dependent ${index + 1}`;
}
