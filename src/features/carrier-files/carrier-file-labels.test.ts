import { describe, expect, it } from 'vitest';
import { usDate } from './carrier-file-labels';

describe('usDate', () => {
  it('shows a calendar date as MM/DD/YYYY without a time-zone shift', () => {
    expect(usDate('2026-01-01')).toBe('01/01/2026');
    expect(usDate('')).toBe('');
  });
});
