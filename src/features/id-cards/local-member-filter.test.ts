import { describe, expect, it } from 'vitest';
import {
  EMPTY_LOCAL_FILTER,
  filterMembers,
  isLocalFilterEmpty,
  localSsnInput,
  matchesLocalFilter,
} from './local-member-filter';

const member = (lastName: string, firstName: string, ssnLast4: string) => ({ lastName, firstName, ssnLast4 });
const filter = (patch: Partial<typeof EMPTY_LOCAL_FILTER>) => ({ ...EMPTY_LOCAL_FILTER, ...patch });

const page = [
  member('McAllister', 'Ann', '1234'),
  member('Allen', 'Marcus', '9012'),
  member("O'Brien", 'Dana', '4123'),
];

describe('matchesLocalFilter', () => {
  it('matches names by case-insensitive substring anywhere in the name', () => {
    expect(matchesLocalFilter(page[0]!, filter({ lastName: 'ALLI' }))).toBe(true);
    expect(matchesLocalFilter(page[0]!, filter({ lastName: 'mca' }))).toBe(true);
    expect(matchesLocalFilter(page[1]!, filter({ firstName: 'rcu' }))).toBe(true);
    expect(matchesLocalFilter(page[1]!, filter({ firstName: 'ann' }))).toBe(false);
  });

  it('matches the SSN by substring of the last 4 digits', () => {
    expect(matchesLocalFilter(page[0]!, filter({ ssn: '23' }))).toBe(true);
    expect(matchesLocalFilter(page[0]!, filter({ ssn: '1234' }))).toBe(true);
    expect(matchesLocalFilter(page[0]!, filter({ ssn: '4321' }))).toBe(false);
  });

  it('requires every filled field to match', () => {
    expect(matchesLocalFilter(page[0]!, filter({ lastName: 'all', firstName: 'ann', ssn: '12' }))).toBe(true);
    expect(matchesLocalFilter(page[0]!, filter({ lastName: 'all', firstName: 'marcus' }))).toBe(false);
  });

  it('ignores blank fields and surrounding spaces', () => {
    expect(matchesLocalFilter(page[2]!, EMPTY_LOCAL_FILTER)).toBe(true);
    expect(matchesLocalFilter(page[2]!, filter({ lastName: '  brien ', ssn: ' ' }))).toBe(true);
  });

  it('takes punctuation literally', () => {
    expect(matchesLocalFilter(page[2]!, filter({ lastName: "o'b" }))).toBe(true);
    expect(matchesLocalFilter(page[0]!, filter({ lastName: '.*' }))).toBe(false);
  });
});

describe('filterMembers', () => {
  it('keeps the rows that match, in their order', () => {
    expect(filterMembers(page, filter({ lastName: 'all' })).map((m) => m.lastName)).toEqual(['McAllister', 'Allen']);
    expect(filterMembers(page, filter({ ssn: '12' })).map((m) => m.lastName)).toEqual([
      'McAllister',
      'Allen',
      "O'Brien",
    ]);
    expect(filterMembers(page, filter({ ssn: '41' })).map((m) => m.lastName)).toEqual(["O'Brien"]);
    expect(filterMembers(page, filter({ firstName: 'zz' }))).toEqual([]);
  });

  it('returns the page itself when the filter is empty', () => {
    expect(filterMembers(page, EMPTY_LOCAL_FILTER)).toBe(page);
    expect(isLocalFilterEmpty(filter({ firstName: '  ' }))).toBe(true);
  });
});

describe('localSsnInput', () => {
  it('keeps at most 4 digits', () => {
    expect(localSsnInput('123456')).toBe('1234');
    expect(localSsnInput('12-a3')).toBe('123');
    expect(localSsnInput('')).toBe('');
  });
});
