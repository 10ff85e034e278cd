import { describe, expect, it } from 'vitest';
import { INVALID_DATE_VALUE } from '../../lib/calendar-date';
import { claimFilterForm } from './claim-filter-form';

const blank = { firstName: '', lastName: '', startDate: '', endDate: '' };
const errorsOf = (values: Partial<typeof blank>) =>
  Object.fromEntries(
    (claimFilterForm.safeParse({ ...blank, ...values }).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
  );

describe('claim filters', () => {
  it('trims names and accepts blank or real dates in order', () => {
    expect(
      claimFilterForm.parse({ ...blank, lastName: '  Jones ', startDate: '2026-01-01', endDate: '2026-01-31' }),
    ).toEqual({
      ...blank,
      lastName: 'Jones',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
  });

  it('names an unreadable date and a backwards range instead of searching without them', () => {
    expect(errorsOf({ startDate: INVALID_DATE_VALUE })).toEqual({
      startDate: 'Start Date must be a valid date in MM/DD/YYYY format.',
    });
    expect(errorsOf({ startDate: '2026-02-01', endDate: '2026-01-01' })).toEqual({
      endDate: 'End Date must not be before Start Date.',
    });
  });
});
