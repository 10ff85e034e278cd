import { describe, expect, it } from 'vitest';
import { INVALID_DATE_VALUE } from '../../lib/calendar-date';
import { dateRangeForm, rangeForCall } from './date-range';

const messages = (value: unknown) => {
  const result = dateRangeForm.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('dateRangeForm', () => {
  it('accepts no dates, one date or both', () => {
    expect(messages({ startDate: '', endDate: '' })).toEqual([]);
    expect(messages({ startDate: '2025-01-01', endDate: '' })).toEqual([]);
    expect(messages({ startDate: '2025-01-01', endDate: '2025-12-31' })).toEqual([]);
  });

  it('refuses a date still being typed or one that does not exist', () => {
    expect(messages({ startDate: INVALID_DATE_VALUE, endDate: '2025-02-30' })).toEqual([
      'startDate: Start Date must be a valid date in MM/DD/YYYY format.',
      'endDate: End Date must be a valid date in MM/DD/YYYY format.',
    ]);
  });
});

describe('dateRangeForm order', () => {
  it('refuses an End Date before the Start Date on the End Date field', () => {
    expect(messages({ startDate: '2025-03-01', endDate: '2025-02-01' })).toEqual([
      'endDate: End Date must not be before Start Date.',
    ]);
    expect(messages({ startDate: '2025-03-01', endDate: '2025-03-01' })).toEqual([]);
  });
});

describe('rangeForCall', () => {
  it('leaves blank dates out of the call', () => {
    expect(rangeForCall({ startDate: '', endDate: '2025-12-31' })).toEqual({ endDate: '2025-12-31' });
    expect(rangeForCall({ startDate: '', endDate: '' })).toEqual({});
  });
});
