import { describe, expect, it } from 'vitest';
import { INVALID_DATE_VALUE } from '../../../lib/calendar-date';
import { DATE_ORDER_MESSAGE, filterFormValues, filtersOf, NO_FILTERS, requestFilterForm } from './request-filter-form';

const empty = filterFormValues({});

const errorsOf = (values: object) => {
  const result = requestFilterForm.safeParse({ ...empty, ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('requestFilterForm', () => {
  it('accepts an empty form as no filter at all', () => {
    expect(filtersOf(requestFilterForm.parse(empty))).toEqual(NO_FILTERS);
    expect(Object.values(NO_FILTERS).every((value) => value === undefined)).toBe(true);
  });

  it('trims names and keeps the chosen range and status', () => {
    const values = requestFilterForm.parse({
      ...empty,
      lastName: '  Li ',
      dateFrom: '2025-01-01',
      dateTo: '2025-01-01',
      status: 'Processed',
    });
    expect(filtersOf(values)).toEqual({
      dateFrom: '2025-01-01',
      dateTo: '2025-01-01',
      lastName: 'Li',
      firstName: undefined,
      status: 'Processed',
    });
  });

  it('refuses a date that is not a real one and a range in the wrong order', () => {
    expect(errorsOf({ dateFrom: INVALID_DATE_VALUE })).toEqual({
      dateFrom: 'Date From must be a valid date in MM/DD/YYYY format.',
    });
    expect(errorsOf({ dateFrom: '2025-02-01', dateTo: '2025-01-31' })).toEqual({ dateTo: DATE_ORDER_MESSAGE });
  });

  it('shows the URL filters in the fields, blanks for the absent ones', () => {
    expect(filterFormValues({ lastName: 'Li', status: 'Failed' })).toEqual({
      ...empty,
      lastName: 'Li',
      status: 'Failed',
    });
  });
});
