import { describe, expect, it } from 'vitest';
import {
  compactSearch,
  DEFAULT_MEMBER_SORT,
  memberSearchSchema,
  nextSort,
  pageOf,
  parseSort,
  toSubscriberListQuery,
} from './member-search';

describe('memberSearchSchema', () => {
  it('defaults to the first page, no filters and the server sort, without writing them to the URL', () => {
    const search = memberSearchSchema.parse({});
    expect(search).toEqual({});
    expect(pageOf(search)).toBe(1);
    expect(parseSort(search.sort)).toEqual({ field: 'lastName', direction: 'ASC' });
  });

  it('keeps a one-based page from the URL', () => {
    expect(pageOf(memberSearchSchema.parse({ page: 3 }))).toBe(3);
    expect(pageOf(memberSearchSchema.parse({ page: '4' }))).toBe(4);
  });

  it('falls back to defaults for malformed values instead of failing', () => {
    expect(memberSearchSchema.parse({ page: 0, sort: 'password ASC', ssn: '12345', termed: 'yes' })).toEqual({});
    expect(pageOf(memberSearchSchema.parse({ page: -2 }))).toBe(1);
    expect(pageOf(memberSearchSchema.parse({ page: 'two' }))).toBe(1);
  });

  it('accepts the sort fields of the subscriber list in both directions', () => {
    expect(memberSearchSchema.parse({ sort: 'employmentDetails.dateOfHire DESC' }).sort).toBe(
      'employmentDetails.dateOfHire DESC',
    );
    expect(memberSearchSchema.parse({ sort: 'firstName ASC' }).sort).toBe('firstName ASC');
  });

  it('reads an SSN filter written as a number back as four digits, and nothing else', () => {
    expect(memberSearchSchema.parse({ ssn: 1234 }).ssn).toBe('1234');
    expect(memberSearchSchema.parse({ ssn: 12 }).ssn).toBe('0012');
    expect(memberSearchSchema.parse({ ssn: '0012' }).ssn).toBe('0012');
    expect(memberSearchSchema.parse({ ssn: '37' }).ssn).toBeUndefined();
  });
});

describe('toSubscriberListQuery', () => {
  it('sends a zero-based page, 20 records and the default sort', () => {
    expect(toSubscriberListQuery(memberSearchSchema.parse({ page: 3, lastName: 'Smith' }), 2)).toEqual({
      employerPK: 2,
      recordsPerPage: 20,
      page: 2,
      sortColumn: DEFAULT_MEMBER_SORT,
      firstName: undefined,
      lastName: 'Smith',
      ssn: undefined,
      includeTermedMembers: false,
    });
  });

  it('never includes termed members where they are not allowed', () => {
    const search = memberSearchSchema.parse({ termed: true });
    expect(toSubscriberListQuery(search, 2).includeTermedMembers).toBe(true);
    expect(toSubscriberListQuery(search, 2, { termedAllowed: false }).includeTermedMembers).toBe(false);
  });
});

describe('nextSort', () => {
  const at = (page: number, sort?: string) => memberSearchSchema.parse({ page, sort });

  it('toggles the sorted column between DESC and ASC', () => {
    expect(nextSort(at(1), 'lastName').sort).toBe('lastName DESC');
    expect(nextSort(at(1, 'lastName DESC'), 'lastName').sort).toBe('lastName ASC');
    expect(nextSort(at(1, 'ssnLast4 ASC'), 'ssnLast4').sort).toBe('ssnLast4 DESC');
  });

  it('starts another column ascending', () => {
    expect(nextSort(at(1, 'lastName DESC'), 'dateOfBirth').sort).toBe('dateOfBirth ASC');
  });

  it('goes back to the first page', () => {
    expect(nextSort(at(5, 'firstName ASC'), 'firstName').page).toBe(1);
    expect(
      compactSearch({ ...at(5, 'firstName ASC'), ...nextSort(at(5, 'firstName ASC'), 'firstName') }).page,
    ).toBeUndefined();
  });
});

describe('compactSearch', () => {
  it('writes the SSN as a number, so the URL says ssn=3771', () => {
    expect(compactSearch({ ssn: '3771' }).ssn).toBe(3771);
    expect(compactSearch({ ssn: '0012' }).ssn).toBe(12);
  });

  it('leaves defaults out of the URL', () => {
    expect(
      compactSearch({ page: 1, sort: DEFAULT_MEMBER_SORT, firstName: '', lastName: 'Li', ssn: '', termed: false }),
    ).toEqual({
      page: undefined,
      sort: undefined,
      firstName: undefined,
      lastName: 'Li',
      ssn: undefined,
      termed: undefined,
    });
  });
});
