import { describe, expect, it } from 'vitest';
import {
  canAddFsaElection,
  employmentStep,
  FSA_MESSAGES,
  planStep,
  RELATIONSHIP_MESSAGE,
  subscriberSchemaFor,
  wizardDependent,
  wizardExistingDependent,
} from './enrollment';
import { MESSAGES } from './person-rules';
import { PLAN_MESSAGES } from './plans';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

const dependent = {
  firstName: 'Ana',
  lastName: 'Lopez',
  middleInitial: '',
  dateOfBirth: '2015-06-01',
  relationshipPK: 3,
  genderPK: 2,
  ssn: '321-54-9876',
  phone1: '',
  phone2: '',
  emailAddress: '',
};

describe('plan step (spec 1 §5)', () => {
  it('lists every missing answer at once, spelling included', () => {
    expect(messagesOf(planStep.safeParse({}))).toEqual([
      PLAN_MESSAGES.division,
      'Medical Coverage Infromation Is Required!',
      'Dental Coverage Infromation Is Required!',
    ]);
  });

  it('asks for plan and tier when coverage is answered Yes', () => {
    const errors = messagesOf(
      planStep.safeParse({ divisions: 1, isMedicalCoverage: true, isDentalCoverage: true, employerPlanPK: 0 }),
    );
    expect(errors).toEqual([
      'Medical Plan Information Required',
      'Medical Tier Required',
      'Dental Plan Information Required',
      'Dental Tier Required',
    ]);
  });

  it('accepts No to both, and a complete answer with FSA elections', () => {
    expect(planStep.safeParse({ divisions: 1, isMedicalCoverage: false, isDentalCoverage: false }).success).toBe(true);
    const full = {
      divisions: 1,
      isMedicalCoverage: true,
      employerPlanPK: 5,
      medicalTierPK: 7,
      isDentalCoverage: false,
      isFSA: true,
      FSAElections: [{ pk: 9, amount: '1,250.00' }],
    };
    expect(planStep.safeParse(full).success).toBe(true);
  });

  it('refuses an FSA plan twice, an FSA Yes without elections, and a bad amount', () => {
    const base = { divisions: 1, isMedicalCoverage: false, isDentalCoverage: false, isFSA: true };
    expect(messagesOf(planStep.safeParse({ ...base, FSAElections: [] }))).toEqual([FSA_MESSAGES.none]);
    expect(
      messagesOf(
        planStep.safeParse({
          ...base,
          FSAElections: [
            { pk: 9, amount: '100.00' },
            { pk: 9, amount: '200.00' },
          ],
        }),
      ),
    ).toEqual([FSA_MESSAGES.duplicate]);
    expect(messagesOf(planStep.safeParse({ ...base, FSAElections: [{ pk: 9, amount: '12,34.5' }] }))).toEqual([
      FSA_MESSAGES.amount,
    ]);
  });
});

describe('adding an FSA election', () => {
  it('needs both plan and amount, a valid amount and a plan not yet added', () => {
    expect(canAddFsaElection([], { pk: 9 })).toEqual({ ok: false, message: FSA_MESSAGES.incomplete });
    expect(canAddFsaElection([], { amount: '100.00' })).toEqual({ ok: false, message: FSA_MESSAGES.incomplete });
    expect(canAddFsaElection([], { pk: 9, amount: '1,00' })).toEqual({ ok: false, message: FSA_MESSAGES.amount });
    expect(canAddFsaElection([{ pk: 9 }], { pk: 9, amount: '100.00' })).toEqual({
      ok: false,
      message: FSA_MESSAGES.duplicate,
    });
    expect(canAddFsaElection([{ pk: 9 }], { pk: 10, amount: '2,500' })).toEqual({ ok: true });
  });
});

describe('dependent of the wizard (spec 1 §5)', () => {
  it('accepts a complete dependent', () => {
    expect(messagesOf(wizardDependent.safeParse(dependent))).toEqual([]);
  });

  it('uses the spec’s messages for names, birth date, SSN and phones', () => {
    const errors = messagesOf(
      wizardDependent.safeParse({
        ...dependent,
        firstName: 'An4',
        middleInitial: 'AB',
        dateOfBirth: '',
        ssn: '',
        phone1: '12a',
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        MESSAGES.nameChars,
        MESSAGES.middleMax,
        'A Birth date is a required field.',
        'SSN required',
        'All values must be numerical.',
      ]),
    );
    expect(messagesOf(wizardDependent.safeParse({ ...dependent, dateOfBirth: '2999-01-01' }))).toEqual([
      MESSAGES.dobFuture,
    ]);
    expect(messagesOf(wizardDependent.safeParse({ ...dependent, phone2: '123456789012' }))).toContain(
      MESSAGES.phoneMax,
    );
  });

  it('offers only Spouse, Child and Domestic Partner', () => {
    for (const relationshipPK of [1, 3, 24])
      expect(wizardDependent.safeParse({ ...dependent, relationshipPK }).success).toBe(true);
    expect(messagesOf(wizardDependent.safeParse({ ...dependent, relationshipPK: 2 }))).toEqual([RELATIONSHIP_MESSAGE]);
  });

  it('lets a dependent of an existing member leave the SSN out', () => {
    expect(wizardExistingDependent.safeParse({ ...dependent, ssn: '' }).success).toBe(true);
    expect(wizardDependent.safeParse({ ...dependent, ssn: '' }).success).toBe(false);
  });
});

describe('employment step', () => {
  it('accepts empty dates and refuses invalid ones', () => {
    expect(employmentStep.safeParse({ dateOfHire: '', effectiveDate: '' }).success).toBe(true);
    expect(messagesOf(employmentStep.safeParse({ dateOfHire: '2025-02-30' }))).toEqual([
      'Date of hire must be a valid date.',
    ]);
    expect(messagesOf(employmentStep.safeParse({ effectiveDate: 'soon' }))).toEqual([
      'Effective date must be a valid date.',
    ]);
  });
});

describe('subscriber schema of each wizard case', () => {
  const person = {
    firstName: 'Ann',
    lastName: 'Lee',
    dateOfBirth: '1980-01-01',
    genderID: 2,
    address1: '1 Main St',
    zipCode: '12345',
    city: 'C'.repeat(30),
    stateID: 1,
    phone1: '5551234567',
    emailAddress: 'ann@example.com',
  };

  it('keeps the 25-character city for a new enrollment, stored SSN or not; 30 for an existing member', () => {
    const stored = subscriberSchemaFor({ existingMember: false, ssnStored: true }).safeParse({
      ...person,
      ssnLast4: '1234',
    });
    expect(messagesOf(stored)).toContain('Max 25 characters allowable.');
    const existing = subscriberSchemaFor({ existingMember: true, ssnStored: false }).safeParse({
      ...person,
      ssnLast4: '1234',
    });
    expect(existing.success).toBe(true);
    const fresh = subscriberSchemaFor({ existingMember: false, ssnStored: false }).safeParse({
      ...person,
      city: 'Town',
    });
    expect(messagesOf(fresh)).toEqual(['SSN required']);
  });

  it('says the birth date format in the spec’s words', () => {
    const result = subscriberSchemaFor({ existingMember: true, ssnStored: false }).safeParse({
      ...person,
      ssnLast4: '1234',
      dateOfBirth: '1980-13-45',
    });
    expect(messagesOf(result)).toContain(MESSAGES.dobFormat);
  });
});
