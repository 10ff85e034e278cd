import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { applyServerFieldErrors, fieldsNamed } from './server-field-errors';

const fields = ['city', 'address.zipCode'];

const invalid = (errors: Record<string, string[]>) => new ApiError(400, { title: 'Bad Request', status: 400, errors });

describe('applyServerFieldErrors', () => {
  it('puts each message on its form field and the rest on the form itself', () => {
    const setError = vi.fn();
    const error = invalid({
      'dependent.city': ['City is required.'],
      'dependent.address.zipCode': ['Bad zip.'],
      employerPK: ['Unknown.'],
    });
    const options = { fieldOf: fieldsNamed(fields, 'dependent'), unplacedOnRoot: true };
    expect(applyServerFieldErrors({ setError }, error, options)).not.toBeNull();
    expect(setError).toHaveBeenCalledWith('city', { type: 'server', message: 'City is required.' });
    expect(setError).toHaveBeenCalledWith('address.zipCode', { type: 'server', message: 'Bad zip.' });
    expect(setError).toHaveBeenCalledWith('root.server', { type: 'server', message: 'Unknown.' });
  });

  it('leaves failures without field errors to the call layer', () => {
    const setError = vi.fn();
    const conflict = new ApiError(409, { title: 'Conflict', status: 409, detail: 'Already pending.' });
    expect(applyServerFieldErrors({ setError }, conflict, { fieldOf: fieldsNamed(fields, 'subscriber') })).toBeNull();
    expect(setError).not.toHaveBeenCalled();
  });

  it('returns what it placed and what it could not, merging paths that name one field', () => {
    const setError = vi.fn();
    const error = invalid({ ssn: ['SSN required'], ssnLast4: ['Bad last 4'], saveStep: ['Not yet.'], _: ['Skip me'] });
    const result = applyServerFieldErrors({ setError }, error, {
      fieldOf: (path) => (path.startsWith('ssn') ? 'ssn' : undefined),
      ignore: (message) => message === 'Skip me',
      typesPerMessage: true,
    });
    expect(result).toEqual({
      fields: [{ name: 'ssn', messages: ['SSN required', 'Bad last 4'] }],
      unplaced: [{ path: 'saveStep', messages: ['Not yet.'] }],
    });
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('ssn', {
      type: 'server',
      message: 'SSN required',
      types: { server0: 'SSN required', server1: 'Bad last 4' },
    });
  });

  it('places nothing without a form or a field mapping', () => {
    const result = applyServerFieldErrors(null, invalid({ startDate: ['Bad date.'] }));
    expect(result).toEqual({ fields: [], unplaced: [{ path: 'startDate', messages: ['Bad date.'] }] });
  });
});
