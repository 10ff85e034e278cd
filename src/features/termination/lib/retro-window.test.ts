import { format, subDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { isBeyondRetroWindow } from './retro-window';

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
const today = new Date(2025, 6, 24, 15, 30); // 24 July 2025, mid-afternoon local time

describe('isBeyondRetroWindow', () => {
  it('allows a date exactly 90 days back', () => {
    expect(isBeyondRetroWindow(iso(subDays(today, 90)), today)).toBe(false);
  });

  it('refuses a date 91 days back', () => {
    expect(isBeyondRetroWindow(iso(subDays(today, 91)), today)).toBe(true);
    expect(isBeyondRetroWindow('2025-04-24', today)).toBe(true);
    expect(isBeyondRetroWindow('2025-04-25', today)).toBe(false);
  });

  it('allows today and future dates', () => {
    expect(isBeyondRetroWindow('2025-07-24', today)).toBe(false);
    expect(isBeyondRetroWindow('2026-01-01', today)).toBe(false);
  });

  it('counts calendar days, whatever the time of day', () => {
    const lateEvening = new Date(2025, 6, 24, 23, 59);
    const earlyMorning = new Date(2025, 6, 24, 0, 1);
    expect(isBeyondRetroWindow('2025-04-25', lateEvening)).toBe(false);
    expect(isBeyondRetroWindow('2025-04-24', earlyMorning)).toBe(true);
  });

  it('leaves unparsable text to the required-date rule', () => {
    expect(isBeyondRetroWindow('invalid-date', today)).toBe(false);
  });
});
