import { describe, expect, it } from 'vitest';
import type { DropdownLists } from '../../../contracts/lookups';
import { reviewSections, type ReviewNames } from './review-rows';
import { emptyDependent, emptyEmployment, emptyPlan, emptySubscriber, type WizardSections } from './wizard-values';

const lists = {
  genders: [{ pk: 1, name: 'Female' }],
  maritalStatuses: [{ pk: 1, name: 'Single' }],
  userTypes: [],
  states: [{ pk: 5, name: 'Texas', code: 'TX' }],
  relationships: [{ pk: 3, name: 'Child' }],
  payFrequencies: [{ pk: 2, name: 'Monthly' }],
  changePlanReasons: [],
  terminatePlanReasons: [],
} satisfies DropdownLists;

const names: ReviewNames = {
  lists,
  divisions: [{ pk: 7, locationCode: 'D01', description: 'Head Office' }],
  plans: [
    {
      pk: 11,
      planName: 'Gold PPO',
      planDescription: '',
      contractBeginDate: '2026-01-01',
      contractEndDate: '2026-12-31',
    },
    {
      pk: 31,
      planName: 'Health FSA',
      planDescription: '',
      contractBeginDate: '2026-01-01',
      contractEndDate: '2026-12-31',
    },
  ],
  tiers: [{ pk: 21, name: 'Employee + Family' }],
};

const sections: WizardSections = {
  subscriber: {
    ...emptySubscriber(),
    firstName: 'Ana',
    lastName: 'Lopez',
    ssn: '123-45-6789',
    dateOfBirth: '1990-02-03',
    genderID: 1,
    address1: '1 Main St',
    city: 'Austin',
    stateID: 5,
    zipCode: '78701',
    phone1: '5125550100',
    emailAddress: 'ana@example.com',
  },
  employment: { ...emptyEmployment(), dateOfHire: '2026-01-05', payRate: 3000, payRateFrequencyID: 2 },
  dependents: {
    dependents: [
      {
        ...emptyDependent(),
        firstName: 'Leo',
        lastName: 'Lopez',
        dateOfBirth: '2020-06-01',
        relationshipPK: 3,
        ssnLast4: '4321',
      },
    ],
  },
  plan: {
    ...emptyPlan(),
    divisions: 7,
    isMedicalCoverage: true,
    employerPlanPK: 11,
    medicalTierPK: 21,
    groupEffectiveDate: '2026-01-01',
    isDentalCoverage: false,
    isFSA: true,
    FSAElections: [{ pk: 31, amount: '1,250.00' }],
  },
};

const valueOf = (title: string, label: string) =>
  reviewSections(sections, names)
    .find((s) => s.title === title)
    ?.rows.find((r) => r.label === label)?.value;

describe('reviewSections', () => {
  it('words every answer: names for lists, US dates, dollars, and only the last four of an SSN', () => {
    expect(valueOf('Personal Information', 'Name')).toBe('Ana Lopez');
    expect(valueOf('Personal Information', 'SSN')).toBe('Ending in 6789');
    expect(valueOf('Personal Information', 'Date of Birth')).toBe('02/03/1990');
    expect(valueOf('Personal Information', 'Address')).toBe('1 Main St, Austin, TX, 78701');
    expect(valueOf('Employment Information', 'Pay Rate')).toBe('$3,000.00');
    expect(valueOf('Employment Information', 'Pay Frequency')).toBe('Monthly');
    expect(valueOf('Employment Information', 'Occupation')).toBe('Not given');
    expect(valueOf('Dependent Information', 'Leo Lopez')).toBe('Child, Date of Birth 06/01/2020, SSN ending in 4321');
    expect(valueOf('Choose a Plan', 'Division')).toBe('D01 – Head Office');
    expect(valueOf('Choose a Plan', 'Medical')).toBe('Gold PPO – Employee + Family');
    expect(valueOf('Choose a Plan', 'Dental')).toBe('No coverage');
    expect(valueOf('Choose a Plan', 'FSA')).toBe('Health FSA: $1,250.00');
  });

  it('takes the group’s start as the coverage start when no effective date was given', () => {
    expect(valueOf('Choose a Plan', 'Coverage begins')).toBe('01/01/2026');
  });

  it('links each block to its step and says when there are no dependents', () => {
    const without = reviewSections({ ...sections, dependents: { hasDependents: false, dependents: [] } }, names);
    expect(without.map((s) => s.step)).toEqual([1, 2, 3, 4]);
    expect(without[2]?.rows).toEqual([{ label: 'Dependents', value: 'None' }]);
    expect(JSON.stringify(without)).not.toContain('123-45');
  });
});
