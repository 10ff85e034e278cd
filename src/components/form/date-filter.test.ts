import { describe, expect, it } from 'vitest';
import { dateOrderMessage, inDateOrder, optionalDateFilter } from './date-filter';
import { INVALID_DATE_VALUE } from '../../lib/calendar-date';

describe('date filters', () => {
  const startDate = optionalDateFilter('Start Date');

  it('accepts no date or a real calendar date', () => {
    expect(startDate.safeParse('').success).toBe(true);
    expect(startDate.safeParse('2024-02-29').success).toBe(true);
  });

  it('refuses an incomplete or impossible date with a message naming the field', () => {
    for (const value of [INVALID_DATE_VALUE, '2025-02-29', '02/01/2025']) {
      expect(startDate.safeParse(value).error?.issues[0]?.message).toBe(
        'Start Date must be a valid date in MM/DD/YYYY format.',
      );
    }
  });

  it('wants the end on or after the start, when both are given', () => {
    expect(inDateOrder('2025-01-01', '2025-01-01')).toBe(true);
    expect(inDateOrder('2025-01-02', '2025-01-01')).toBe(false);
    expect(inDateOrder('', '2025-01-01')).toBe(true);
    expect(inDateOrder('2025-01-01', undefined)).toBe(true);
    expect(inDateOrder(INVALID_DATE_VALUE, '2025-01-01')).toBe(true);
    expect(dateOrderMessage('Start Date', 'End Date')).toBe('End Date must not be before Start Date.');
  });
});
