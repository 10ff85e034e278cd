import { describe, expect, it } from 'vitest';
import { earliestRetroDate, isBeyondRetroWindow } from './terminations';

const today = '2025-07-24';

describe('the 90-day retro window', () => {
  it('allows a date exactly 90 days back and refuses 91', () => {
    expect(earliestRetroDate(today)).toBe('2025-04-25');
    expect(isBeyondRetroWindow('2025-04-25', today)).toBe(false);
    expect(isBeyondRetroWindow('2025-04-24', today)).toBe(true);
  });

  it('allows today and future dates', () => {
    expect(isBeyondRetroWindow(today, today)).toBe(false);
    expect(isBeyondRetroWindow('2026-01-01', today)).toBe(false);
  });

  it('counts calendar days across month ends, leap days, year ends and clock changes', () => {
    expect(earliestRetroDate('2024-05-29')).toBe('2024-02-29');
    expect(earliestRetroDate('2025-03-31')).toBe('2024-12-31');
    expect(earliestRetroDate('2025-01-15')).toBe('2024-10-17');
    // US clocks change on 2025-03-09 and 2025-11-02: still 90 whole days.
    expect(earliestRetroDate('2025-06-01')).toBe('2025-03-03');
    expect(earliestRetroDate('2026-01-30')).toBe('2025-11-01');
  });
});
