import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from './server-field-errors';

const fields = ['city', 'address.zipCode'];

describe('applyServerFieldErrors', () => {
  it('puts each message on its form field and the rest on the form itself', () => {
    const setError = vi.fn();
    const error = new ApiError(400, {
      title: 'Bad Request',
      status: 400,
      errors: {
        'dependent.city': ['City is required.'],
        'dependent.address.zipCode': ['Bad zip.'],
        employerPK: ['Unknown.'],
      },
    });
    expect(applyServerFieldErrors(error, setError, { prefix: 'dependent', fields })).toBe(true);
    expect(setError).toHaveBeenCalledWith('city', { type: 'server', message: 'City is required.' });
    expect(setError).toHaveBeenCalledWith('address.zipCode', { type: 'server', message: 'Bad zip.' });
    expect(setError).toHaveBeenCalledWith('root.server', { type: 'server', message: 'Unknown.' });
  });

  it('leaves failures without field errors to the call layer', () => {
    const setError = vi.fn();
    const conflict = new ApiError(409, { title: 'Conflict', status: 409, detail: 'Already pending.' });
    expect(applyServerFieldErrors(conflict, setError, { prefix: 'subscriber', fields })).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
