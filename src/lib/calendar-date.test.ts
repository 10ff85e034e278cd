import { describe, expect, it } from 'vitest';
import { dateToIso, formatIsoDate, INVALID_DATE_VALUE, isoToDate } from './calendar-date';

describe('calendar-date', () => {
  it('reads yyyy-MM-dd as a local calendar date and writes it back unchanged', () => {
    const date = isoToDate('2000-01-15');
    expect(date?.getFullYear()).toBe(2000);
    expect(date?.getMonth()).toBe(0);
    expect(date?.getDate()).toBe(15);
    expect(dateToIso(date)).toBe('2000-01-15');
  });

  it('keeps the calendar date at any time of day (never shifted through UTC)', () => {
    expect(dateToIso(new Date(2024, 11, 31, 23, 59))).toBe('2024-12-31');
    expect(dateToIso(new Date(2024, 0, 1, 0, 0))).toBe('2024-01-01');
  });

  it('has no date for empty or malformed text, and marks an impossible typed date', () => {
    expect(isoToDate('')).toBeNull();
    expect(isoToDate('01/15/2000')).toBeNull();
    expect(isoToDate('2023-02-30')).toBeNull();
    expect(dateToIso(null)).toBe('');
    expect(dateToIso(new Date(Number.NaN))).toBe(INVALID_DATE_VALUE);
  });

  it('shows a value as MM/dd/yyyy', () => {
    expect(formatIsoDate('2026-01-01')).toBe('01/01/2026');
    expect(formatIsoDate(undefined)).toBe('');
  });
});
