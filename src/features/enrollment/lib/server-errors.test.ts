import { describe, expect, it, vi } from 'vitest';
import { START_BEFORE_GROUP_MESSAGE } from '../../../contracts/requests';
import { ApiError } from '../../../lib/api-client';
import { applyStepServerErrors } from './server-errors';
import type { WizardSection } from './wizard-values';

const invalid = (errors: Record<string, string[]>) => new ApiError(400, { title: 'Bad Request', status: 400, errors });

/** What a step makes of a save's field errors, without a form to put them on. */
function mapServerErrors(errors: Record<string, string[]>, current: WizardSection) {
  const mapped = applyStepServerErrors(null, invalid(errors), current);
  if (!mapped) throw new Error('field errors expected');
  return mapped;
}

describe('applyStepServerErrors', () => {
  it('puts subscriber errors on the step 1 fields', () => {
    const mapped = mapServerErrors(
      { 'subscriber.firstName': ['Min of 1 character is required.'], 'subscriber.ssnLast4': ['Bad last 4'] },
      'subscriber',
    );
    expect(mapped.fields).toEqual([
      { name: 'firstName', messages: ['Min of 1 character is required.'] },
      { name: 'ssn', messages: ['Bad last 4'] },
    ]);
    expect(mapped.general).toEqual([]);
  });

  it('keeps dependent paths as form paths on step 3', () => {
    const mapped = mapServerErrors({ 'dependents.1.ssn': ['SSN required'] }, 'dependents');
    expect(mapped.fields).toEqual([{ name: 'dependents.1.ssn', messages: ['SSN required'] }]);
  });

  it('words errors of other steps (or of no field) as sentences', () => {
    const mapped = mapServerErrors(
      {
        'subscriber.ssn': ['SSN required'],
        'dependents.0.lastName': ['Last name is required. Maximum length of 25 characters allowed.'],
        saveStep: ['A request is submitted from the plan page (step 4).'],
        _: ['Something general'],
      },
      'plan',
    );
    expect(mapped.fields).toEqual([]);
    expect(mapped.general).toEqual([
      'Personal Information – SSN: SSN required',
      'Dependent Information – Dependent 1 Last Name: Last name is required. Maximum length of 25 characters allowed.',
      'saveStep: A request is submitted from the plan page (step 4).',
      'Something general',
    ]);
  });

  it('maps plan fields on step 4 and recognises the start-date refusal', () => {
    const mapped = mapServerErrors(
      {
        employerPlanPK: ['Choose a medical plan offered to this division.'],
        effectiveDate: [START_BEFORE_GROUP_MESSAGE],
      },
      'plan',
    );
    expect(mapped.fields).toEqual([
      { name: 'employerPlanPK', messages: ['Choose a medical plan offered to this division.'] },
    ]);
    expect(mapped.startBeforeGroup).toBe(true);
    expect(mapped.general).toEqual([]);
  });

  it('maps employment fields on step 2 and tolerates a body. prefix', () => {
    const mapped = mapServerErrors({ 'body.dateOfHire': ['Date of hire must be a valid date.'] }, 'employment');
    expect(mapped.fields).toEqual([{ name: 'dateOfHire', messages: ['Date of hire must be a valid date.'] }]);
  });

  it('puts the errors of the step on its form, one type per message', () => {
    const setError = vi.fn();
    const error = invalid({ 'subscriber.firstName': ['Too short.', 'Letters only.'], dateOfHire: ['Bad date.'] });
    applyStepServerErrors({ setError }, error, 'subscriber');
    // One call, for the field of this step; each message is kept for the summary's list.
    expect(setError.mock.calls).toEqual([
      ['firstName', expect.objectContaining({ types: { server0: 'Too short.', server1: 'Letters only.' } })],
    ]);
  });

  it('leaves failures without field errors to the caller', () => {
    const conflict = new ApiError(409, { title: 'Conflict', status: 409 });
    expect(applyStepServerErrors(null, conflict, 'plan')).toBeNull();
  });
});
