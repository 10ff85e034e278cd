import { describe, expect, it } from 'vitest';
import { mergeDependentSsns, mergeSubscriberSsn } from './enrollment-ssn';

const A = '901-11-1111';
const B = '902-22-2222';
const B_TWIN = '903-33-2222';

describe('mergeSubscriberSsn', () => {
  it('prefers a typed SSN and never stores it in the payload', () => {
    const merged = mergeSubscriberSsn({ firstName: 'Dana', ssn: B }, A);
    expect(merged).toMatchObject({ ssn: B, ssnStored: false, forStorage: { firstName: 'Dana', ssnLast4: '2222' } });
    expect(merged.forStorage).not.toHaveProperty('ssn');
  });

  it('keeps the stored SSN when none is typed, whatever last 4 the browser sends', () => {
    const merged = mergeSubscriberSsn({ ssn: '', ssnLast4: '9999' }, A);
    expect(merged).toMatchObject({ ssn: A, ssnStored: true, forStorage: { ssnLast4: '1111' } });
    expect(merged.forValidation.ssn).toBeUndefined();
  });

  it('uses the member’s own last 4 for a change of coverage without a typed SSN', () => {
    expect(mergeSubscriberSsn({ ssnLast4: '0000' }, null, '4321')).toMatchObject({
      ssn: null,
      ssnStored: false,
      forStorage: { ssnLast4: '4321' },
    });
  });

  it('hands a non-text SSN to the schema instead of treating it as empty', () => {
    expect(mergeSubscriberSsn({ ssn: 123 }, A).forValidation.ssn).toBe(123);
  });
});

describe('mergeDependentSsns', () => {
  it('matches by last 4 after a deletion, and by position between equal last 4', () => {
    expect(mergeDependentSsns([{ ssnLast4: '2222' }], [A, B]).map((d) => d.ssn)).toEqual([B]);
    const twins = mergeDependentSsns([{ ssnLast4: '2222' }, { ssnLast4: '2222' }], [B, B_TWIN]);
    expect(twins.map((d) => d.ssn)).toEqual([B, B_TWIN]);
  });

  it('uses each stored SSN once and keeps no last 4 that matches nothing', () => {
    const merged = mergeDependentSsns([{ ssnLast4: '1111' }, { ssnLast4: '1111' }, { ssnLast4: '7777' }], [A]);
    expect(merged.map((d) => d.ssn)).toEqual([A, null, null]);
    expect(merged.map((d) => d.forStorage.ssnLast4)).toEqual(['1111', undefined, undefined]);
  });

  it('keeps the last 4 of an existing member’s dependent, and drops a malformed typed SSN', () => {
    const [onFile, typo] = mergeDependentSsns([{ dependentPK: 7, ssnLast4: '5555' }, { ssn: '12-34' }], []);
    expect(onFile).toMatchObject({ ssn: null, ssnStored: false, forStorage: { ssnLast4: '5555' } });
    expect(typo).toMatchObject({ ssn: null, forValidation: { ssn: '12-34' } });
    expect(typo!.forStorage).toEqual({});
  });
});
