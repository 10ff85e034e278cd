import { describe, expect, it } from 'vitest';
import { parseIsoDate, startOfDayAfter } from './calendar';

describe('startOfDayAfter', () => {
  it('ends a range of whole days at the start of the next day, across months and years', () => {
    expect(startOfDayAfter('2026-02-28')).toEqual(parseIsoDate('2026-03-01'));
    expect(startOfDayAfter('2026-12-31')).toEqual(parseIsoDate('2027-01-01'));
  });

  it('gives no end for the last calendar day, which has no day after it', () => {
    expect(startOfDayAfter('9999-12-31')).toBeNull();
  });
});
