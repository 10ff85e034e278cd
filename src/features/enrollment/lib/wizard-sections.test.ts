import { describe, expect, it } from 'vitest';
import type { EnrollmentDraft } from '../../../contracts/enrollment';
import type { SubscriberDetail } from '../../../contracts/subscribers';
import {
  buildEnrollmentRequest,
  mergeSections,
  sectionsFromDraft,
  startsBeforeGroup,
  subscriberFromDetail,
} from './wizard-sections';
import { emptyDependent, emptyPlan, emptySubscriber, type WizardSections } from './wizard-values';

const pointers = { employerPK: 2, requestPK: 7, subscriberPK: null, changeReasonPK: null };

describe('buildEnrollmentRequest', () => {
  it('sends a typed SSN, else names the stored one by its last 4', () => {
    const typed = buildEnrollmentRequest({
      saveStep: 1,
      pointers: { ...pointers, requestPK: null },
      sections: { subscriber: { ...emptySubscriber(), ssn: '123-45-6789' } },
    });
    expect(typed.subscriber).toMatchObject({ ssn: '123-45-6789' });
    expect(typed).not.toHaveProperty('requestPK');

    const stored = buildEnrollmentRequest({
      saveStep: 2,
      pointers,
      sections: { subscriber: { ...emptySubscriber(), ssnLast4: '6789' } },
    });
    expect(stored.subscriber).toMatchObject({ ssnLast4: '6789' });
    expect(stored.subscriber).not.toHaveProperty('ssn');
    expect(stored.requestPK).toBe(7);
  });

  it('carries every section reached so far, and nothing of the later ones', () => {
    const sections: WizardSections = {
      subscriber: emptySubscriber(),
      employment: { dateOfHire: '2026-01-05', effectiveDate: '2026-02-01', occupation: 'IT', jobTitle: 'Dev' },
    };
    const body = buildEnrollmentRequest({ saveStep: 2, pointers, sections });
    expect(body).toMatchObject({ saveStep: 2, employerPK: 2, dateOfHire: '2026-01-05', effectiveDate: '2026-02-01' });
    expect(body).not.toHaveProperty('dependents');
    expect(body).not.toHaveProperty('divisions');
  });

  it('drops the blank dependent form and sends none when there are no dependents', () => {
    const kid = { ...emptyDependent(), firstName: 'Kid', lastName: 'Doe', ssnLast4: '1111' };
    const some = buildEnrollmentRequest({
      saveStep: 3,
      pointers,
      sections: { dependents: { dependents: [kid, emptyDependent()] } },
    });
    expect(some.hasDependents).toBe(true);
    expect(some.dependents).toHaveLength(1);
    expect(some.dependents?.[0]).toMatchObject({ firstName: 'Kid', ssnLast4: '1111' });

    const skipped = buildEnrollmentRequest({
      saveStep: 3,
      pointers,
      sections: { dependents: { hasDependents: false, dependents: [kid] } },
    });
    expect(skipped).toMatchObject({ hasDependents: false, dependents: [] });
  });

  it('sends the plan fields, not the FSA election being composed', () => {
    const body = buildEnrollmentRequest({
      saveStep: 4,
      pointers,
      submit: true,
      sections: {
        plan: {
          ...emptyPlan(),
          divisions: 3,
          isFSA: true,
          FSAElections: [{ pk: 9, amount: '500.00' }],
          fsaAmount: '12',
        },
      },
    });
    expect(body).toMatchObject({
      submit: true,
      divisions: 3,
      isFSA: true,
      FSAElections: [{ pk: 9, amount: '500.00' }],
    });
    expect(body).not.toHaveProperty('fsaAmount');
  });
});

describe('change of coverage (an existing member)', () => {
  it('prefills step 1 from the member on file and names the member and the reason', () => {
    const detail = {
      ssnLast4: '4321',
      subscriber: {
        firstName: 'Lee',
        middleName: null,
        lastName: 'Park',
        dateOfBirth: '1980-02-03',
        genderID: 1,
        maritalStatusPK: null,
        maritalStatusID: 2,
        address1: '1 Main St',
        address2: null,
        city: 'Dayton',
        state: 'Ohio',
        stateID: 35,
        zipCode: '45402',
        phone1: '9375550100',
        phone2: null,
        emailAddress: null,
        email: 'lee.park@example.com',
      },
    } as unknown as SubscriberDetail;
    const subscriber = subscriberFromDetail(detail);
    expect(subscriber).toMatchObject({
      firstName: 'Lee',
      middleName: '',
      ssn: '',
      ssnLast4: '4321',
      maritalStatusPK: 2,
      emailAddress: 'lee.park@example.com',
    });
    const body = buildEnrollmentRequest({
      saveStep: 1,
      pointers: { employerPK: 2, requestPK: null, subscriberPK: 88, changeReasonPK: 3 },
      sections: { subscriber },
    });
    expect(body).toMatchObject({ subscriberPK: 88, changeReasonPK: 3, subscriber: { ssnLast4: '4321' } });
    expect(body.subscriber).not.toHaveProperty('ssn');
  });
});

describe('sectionsFromDraft and mergeSections', () => {
  const draft = {
    requestPK: 7,
    status: 'Incomplete',
    saveStep: 3,
    employerPK: 2,
    subscriber: { firstName: 'Ann', lastName: 'Lee', ssnLast4: '6789', genderID: 2 },
    dateOfHire: '2026-01-05',
    hasDependents: true,
    dependents: [{ firstName: 'Kid', lastName: 'Lee', dateOfBirth: '2015-04-01', ssnLast4: '1111', relationshipPK: 3 }],
  } as unknown as EnrollmentDraft;

  it('restores each section the draft reached', () => {
    const sections = sectionsFromDraft(draft);
    expect(sections.subscriber).toMatchObject({
      firstName: 'Ann',
      ssn: '',
      ssnLast4: '6789',
      genderID: 2,
      maritalStatusPK: 1,
    });
    expect(sections.employment).toMatchObject({ dateOfHire: '2026-01-05' });
    expect(sections.dependents?.dependents[0]).toMatchObject({ firstName: 'Kid', ssnLast4: '1111', relationshipPK: 3 });
    expect(sections.plan).toBeUndefined();
  });

  it('keeps the dependents of a draft saved again at an earlier step (a Change from the review page)', () => {
    const sections = sectionsFromDraft({ ...draft, saveStep: 2 } as EnrollmentDraft);
    expect(sections.dependents?.dependents[0]).toMatchObject({ firstName: 'Kid', ssnLast4: '1111' });
  });

  it('lays typed values over the draft, with the stored SSN markers of the same people', () => {
    const typed: WizardSections = {
      subscriber: { ...emptySubscriber(), firstName: 'Anne' },
      dependents: {
        dependents: [
          { ...emptyDependent(), firstName: 'Kid', lastName: 'Lee', dateOfBirth: '2015-04-01' },
          { ...emptyDependent(), firstName: 'New', lastName: 'Lee', dateOfBirth: '2020-01-01' },
        ],
      },
    };
    const merged = mergeSections(sectionsFromDraft(draft), typed);
    expect(merged.subscriber).toMatchObject({ firstName: 'Anne', ssnLast4: '6789' });
    expect(merged.dependents?.dependents.map((d) => d.ssnLast4)).toEqual(['1111', undefined]);
    expect(merged.employment?.dateOfHire).toBe('2026-01-05');
  });
});

describe('startsBeforeGroup', () => {
  const withDates = (effectiveDate: string, groupEffectiveDate: string): WizardSections => ({
    employment: { dateOfHire: '', effectiveDate, occupation: '', jobTitle: '' },
    plan: { ...emptyPlan(), groupEffectiveDate },
  });
  it('is true only when both dates are set and the subscriber starts first', () => {
    expect(startsBeforeGroup(withDates('2025-01-01', '2026-01-01'))).toBe(true);
    expect(startsBeforeGroup(withDates('2026-01-01', '2026-01-01'))).toBe(false);
    expect(startsBeforeGroup(withDates('', '2026-01-01'))).toBe(false);
    expect(startsBeforeGroup(withDates('2025-01-01', ''))).toBe(false);
  });
});
