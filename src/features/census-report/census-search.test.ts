import { describe, expect, it } from 'vitest';
import { censusBody, censusSearchOf, censusSearchSchema } from './census-search';

describe('census search', () => {
  it('keeps real calendar dates and drops anything else from the URL', () => {
    expect(censusSearchSchema.parse({ startDate: '2026-01-01', endDate: '2026-02-30' })).toEqual({
      startDate: '2026-01-01',
      endDate: undefined,
    });
    expect(censusSearchSchema.parse({ startDate: '01/01/2026' })).toEqual({ startDate: undefined, endDate: undefined });
  });

  it('leaves blank dates out of the URL and of the call', () => {
    const search = censusSearchOf({ startDate: '', endDate: '2026-03-31' });
    expect(search).toEqual({ startDate: undefined, endDate: '2026-03-31' });
    expect(censusBody(search, 2)).toEqual({ employerPK: 2, endDate: '2026-03-31' });
    expect(censusBody({}, 5)).toEqual({ employerPK: 5 });
  });
});
