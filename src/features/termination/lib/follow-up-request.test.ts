import { describe, expect, it } from 'vitest';
import type { SubscriberDetail } from '../../../contracts/subscribers';
import { dayAfter, followUpChangeRequest } from './follow-up-request';

describe('dayAfter', () => {
  it('moves to the next calendar day across month, year and DST boundaries', () => {
    expect(dayAfter('2025-07-24')).toBe('2025-07-25');
    expect(dayAfter('2025-01-31')).toBe('2025-02-01');
    expect(dayAfter('2024-02-28')).toBe('2024-02-29');
    expect(dayAfter('2025-12-31')).toBe('2026-01-01');
    expect(dayAfter('2025-03-09')).toBe('2025-03-10');
    expect(dayAfter('2025-11-02')).toBe('2025-11-03');
  });
});

const detail = {
  subscriberPK: 187,
  ssnLast4: '0844',
  subscriber: {
    firstName: 'Bradford',
    middleName: null,
    lastName: 'Altenwerth',
    dateOfBirth: '2000-12-21',
    genderID: 1,
    maritalStatusPK: 2,
    maritalStatusID: 2,
    address1: '3743 W Maple Street',
    address2: null,
    city: 'Flavieboro',
    state: 'North Dakota',
    stateID: 35,
    zipCode: '58422-4523',
    phone1: '7726383260',
    phone2: null,
    emailAddress: 'b@example.com',
    email: 'b@example.com',
  },
  dateOfHire: '2024-01-15',
  occupation: null,
  jobTitle: 'Agent',
  payRate: 4346.27,
  payRateFrequencyID: 2,
  isCoveredByMedicare: false,
} as unknown as SubscriberDetail;

describe('followUpChangeRequest', () => {
  it('is a step-2 change-coverage request with reason 14, marital status 1 and the next day as effective date', () => {
    const request = followUpChangeRequest(detail, 2, '2025-07-31');
    expect(request).toMatchObject({
      saveStep: 2,
      subscriberPK: 187,
      employerPK: 2,
      changeReasonPK: 14,
      effectiveDate: '2025-08-01',
      dateOfHire: '2024-01-15',
      jobTitle: 'Agent',
    });
    expect(request.subscriber).toMatchObject({
      firstName: 'Bradford',
      maritalStatusPK: 1,
      ssnLast4: '0844',
      middleName: '',
      address2: '',
    });
    expect(request.subscriber).not.toHaveProperty('ssn');
    expect(request.occupation).toBeUndefined();
  });
});
