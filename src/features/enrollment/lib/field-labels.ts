import type { WizardSection } from './wizard-values';

// Field labels, in the order the fields appear: used by the inputs, the error summary and the
// messages of server errors about another step.

export const SUBSCRIBER_LABELS = {
  firstName: 'First Name',
  middleName: 'Middle Initial',
  lastName: 'Last Name',
  ssn: 'SSN',
  dateOfBirth: 'Date of Birth',
  genderID: 'Gender',
  maritalStatusPK: 'Marital Status',
  address1: 'Address Line 1',
  address2: 'Address Line 2',
  city: 'City',
  stateID: 'State',
  zipCode: 'Zip Code',
  phone1: 'Phone',
  phone2: 'Alternate Phone',
  emailAddress: 'Email',
} as const;

export const EMPLOYMENT_LABELS = {
  dateOfHire: 'Date of Hire',
  effectiveDate: 'Effective Date',
  occupation: 'Occupation',
  jobTitle: 'Job Title',
  payRate: 'Pay Rate',
  payRateFrequencyID: 'Pay Frequency',
  isCoveredByMedicare: 'Covered by Medicare',
} as const;

export const DEPENDENT_LABELS = {
  firstName: 'First Name',
  middleInitial: 'Middle Initial',
  lastName: 'Last Name',
  ssn: 'SSN',
  dateOfBirth: 'Date of Birth',
  relationshipPK: 'Relationship',
  genderPK: 'Gender',
  marriageDate: 'Marriage Date',
  phone1: 'Phone',
  phone2: 'Alternate Phone',
  emailAddress: 'Email',
} as const;

export const PLAN_LABELS = {
  divisions: 'Division',
  isMedicalCoverage: 'Medical Coverage',
  employerPlanPK: 'Medical Plan',
  medicalTierPK: 'Medical Tier',
  groupEffectiveDate: 'Group Effective Date',
  isDentalCoverage: 'Dental Coverage',
  employerDentalPlanPK: 'Dental Plan',
  dentalTierPK: 'Dental Tier',
  isFSA: 'Enroll in FSA',
  fsaPlanPK: 'FSA Plan',
  fsaAmount: 'Contribution Amount',
  FSAElections: 'FSA Elections',
} as const;

const SECTION_TITLES: Record<WizardSection, string> = {
  subscriber: 'Personal Information',
  employment: 'Employment Information',
  dependents: 'Dependent Information',
  plan: 'Choose a Plan',
};

const LABELS: Record<WizardSection, Record<string, string>> = {
  subscriber: SUBSCRIBER_LABELS,
  employment: EMPLOYMENT_LABELS,
  dependents: DEPENDENT_LABELS,
  plan: PLAN_LABELS,
};

/** Field order of a section's form, with `#` for a dependent's index. */
export function fieldOrderOf(section: WizardSection): string[] {
  const names = Object.keys(LABELS[section]);
  return section === 'dependents' ? names.map((n) => `dependents.#.${n}`) : names;
}

/** Label of a form field path of a section (`firstName`, `dependents.1.ssn`). */
export function labelOf(section: WizardSection, name: string): string | undefined {
  const field = section === 'dependents' ? name.replace(/^dependents\.\d+\./, '') : name;
  return LABELS[section][field];
}

/** A field named for a message outside its form: 'Dependent Information – Dependent 2 SSN'. */
export function describeField(section: WizardSection, name: string): string {
  const label = labelOf(section, name) ?? name;
  const index = /^dependents\.(\d+)\./.exec(name)?.[1];
  const field = index === undefined ? label : `Dependent ${Number(index) + 1} ${label}`;
  return `${SECTION_TITLES[section]} – ${field}`;
}
