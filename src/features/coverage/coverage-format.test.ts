import { describe, expect, it } from 'vitest';
import { cityAndState, maskSsn, personName } from './coverage-format';

describe('maskSsn', () => {
  it('shows only the last 4 digits behind a mask', () => {
    expect(maskSsn('1234')).toBe('***-**-1234');
    expect(maskSsn('0007')).toBe('***-**-0007');
  });

  it('shows nothing without an SSN', () => {
    expect(maskSsn(null)).toBe('');
    expect(maskSsn('')).toBe('');
  });
});

describe('cityAndState', () => {
  it('joins city and state, leaving out a missing part', () => {
    expect(cityAndState('Austin', 'TX')).toBe('Austin, TX');
    expect(cityAndState('Austin', null)).toBe('Austin');
    expect(cityAndState(' ', 'TX')).toBe('TX');
  });
});

describe('personName', () => {
  it('skips a missing middle name', () => {
    expect(personName('Ann', null, 'Lee')).toBe('Ann Lee');
    expect(personName('Ann', 'B', 'Lee')).toBe('Ann B Lee');
  });
});
