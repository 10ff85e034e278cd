import { describe, expect, it } from 'vitest';
import { existingSubscriberForm, newSubscriberForm, subscriberListQuery } from './subscribers';

const valid = {
  firstName: "D'Angelo",
  lastName: 'Smith-Jones',
  middleName: 'Q',
  ssn: '123-45-6789',
  dateOfBirth: '1980-02-29',
  genderID: 1,
  address1: '12 Main St.',
  address2: 'Apt #4',
  zipCode: '12345-6789',
  city: 'Springfield',
  stateID: 5,
  phone1: '15551234567',
  emailAddress: 'a@example.com',
};

const messages = (
  input: unknown,
  schema: typeof newSubscriberForm | typeof existingSubscriberForm = newSubscriberForm,
) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('subscriber form rules (spec 1 §5)', () => {
  it('accepts a complete new subscriber', () => {
    expect(messages(valid)).toEqual([]);
  });

  it('lists every error together, in the spec’s words', () => {
    const errors = messages({
      ...valid,
      firstName: 'J0hn',
      middleName: 'AB',
      ssn: '123456789',
      zipCode: '1234',
      phone1: '12a',
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        'Only alpha characters, spaces, hyphens, apostrophes, and graves allowed.',
        'Max 1 character allowable.',
        'Please enter a valid social security number (SSN).',
        'Zipcode must be exactly 5 digits (e.g., 12345) or 9 digits (e.g., 12345-6789).',
        'All values must be numerical.',
      ]),
    );
  });

  it('requires names, gender, state and address with their messages', () => {
    const errors = messages({
      ...valid,
      firstName: undefined,
      lastName: '',
      genderID: undefined,
      stateID: undefined,
      address1: '',
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        'First name is required. Maximum length of 25 characters allowed.',
        'Min of 1 character is required.',
        'Gender is required.',
        'State is required.',
        'Address is required.',
      ]),
    );
  });

  it('covers the remaining SSN, middle name, birth date, phone and email messages', () => {
    expect(messages({ ...valid, ssn: '12345678901' })).toContain('Please enter the correct SSN code');
    expect(messages({ ...valid, ssn: '' })).toContain('SSN required');
    expect(messages({ ...valid, middleName: '1' })).toContain('Middle name must be a single letter or left blank.');
    expect(messages({ ...valid, dateOfBirth: '' })).toContain('Birth date is required');
    expect(messages({ ...valid, phone1: '123456789012' })).toContain(
      'Max 11 characters allowable, (Country code + phone number) e.g. 1123456789',
    );
    expect(messages({ ...valid, phone2: '' })).toEqual([]);
    expect(messages({ ...valid, emailAddress: `${'a'.repeat(60)}@example.com` })).toContain(
      'Max 64 characters allowable.',
    );
    expect(messages({ ...valid, address2: 'Apt; 4' }).length).toBe(1);
    expect(messages({ ...valid, address1: '#1 Main' }).length).toBe(1);
  });

  it('rejects a birth date in the future and names longer than 25', () => {
    expect(messages({ ...valid, dateOfBirth: '2999-01-01' })).toEqual(['Date of birth cannot be in the future.']);
    expect(messages({ ...valid, lastName: 'A'.repeat(26) })).toContain('Max 25 characters allowable.');
  });

  it('lets an existing subscriber omit the SSN but not its last 4, and allows a 30-character city', () => {
    const { ssn: _ssn, ...withoutSsn } = valid;
    expect(messages({ ...withoutSsn, ssnLast4: '6789', city: 'C'.repeat(30) }, existingSubscriberForm)).toEqual([]);
    expect(messages({ ...withoutSsn, city: 'C'.repeat(30) }, existingSubscriberForm).length).toBeGreaterThan(0);
    expect(messages({ ...valid, city: 'C'.repeat(30) })).toContain('Max 25 characters allowable.');
  });
});

describe('subscriber list query', () => {
  it('defaults to the first page of 20 and accepts only known sort columns', () => {
    expect(subscriberListQuery.parse({ employerPK: 2 })).toMatchObject({
      page: 0,
      recordsPerPage: 20,
      includeTermedMembers: false,
    });
    expect(
      subscriberListQuery.safeParse({ employerPK: 2, sortColumn: 'employmentDetails.dateOfHire DESC' }).success,
    ).toBe(true);
    expect(subscriberListQuery.safeParse({ employerPK: 2, sortColumn: 'ssn ASC' }).success).toBe(false);
    expect(subscriberListQuery.safeParse({ employerPK: 2, ssn: '12345' }).success).toBe(false);
  });
});
