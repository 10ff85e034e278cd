import { afterEach, describe, expect, it, vi } from 'vitest';
import { birthDate, todayIsoDate } from './person-rules';

afterEach(() => {
  vi.useRealTimers();
});

describe('todayIsoDate', () => {
  it('turns to the next date at local midnight, and follows the clock set back', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 1, 23, 59, 58));
    expect(todayIsoDate()).toBe('2026-03-01');
    vi.setSystemTime(new Date(2026, 2, 1, 23, 59, 59, 999));
    expect(todayIsoDate()).toBe('2026-03-01');
    vi.setSystemTime(new Date(2026, 2, 2, 0, 0, 0));
    expect(todayIsoDate()).toBe('2026-03-02');
    vi.setSystemTime(new Date(2025, 11, 31, 12, 0, 0));
    expect(todayIsoDate()).toBe('2025-12-31');
  });

  it('gives the date of an instant it is handed', () => {
    expect(todayIsoDate(new Date(2024, 1, 29, 8, 30))).toBe('2024-02-29');
  });

  it('lets a birth date of today pass and refuses tomorrow, as the day changes', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 30, 23, 0, 0));
    const schema = birthDate();
    expect(schema.safeParse('2026-07-01').success).toBe(false);
    vi.setSystemTime(new Date(2026, 6, 1, 0, 30, 0));
    expect(schema.safeParse('2026-07-01').success).toBe(true);
  });
});
