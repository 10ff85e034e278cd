import { describe, expect, it } from 'vitest';
import { pageOf } from '../../lib/list-search';
import { memberSearch, memberSearchSchema, memberSort, toSubscriberListQuery } from './member-search';

describe('memberSearchSchema', () => {
  it('defaults to the first page, no filters and the server sort, without writing them to the URL', () => {
    const search = memberSearchSchema.parse({});
    expect(search).toEqual({});
    expect(pageOf(search)).toBe(1);
    expect(memberSort.parse(search.sort)).toEqual({ field: 'lastName', direction: 'ASC' });
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
      sortColumn: memberSort.defaultSort,
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

describe('memberSort.next', () => {
  it('flips the list’s own last-name order on a first click on Last Name', () => {
    expect(memberSort.next({ page: 5 }, 'lastName')).toEqual({ sort: 'lastName DESC', page: 1 });
  });
});

describe('memberSearch.compact', () => {
  it('writes the SSN as a number, so the URL says ssn=3771', () => {
    expect(memberSearch.compact({ ssn: '3771' }).ssn).toBe(3771);
    expect(memberSearch.compact({ ssn: '0012' }).ssn).toBe(12);
  });

  it('leaves defaults out of the URL', () => {
    expect(
      memberSearch.compact({
        page: 1,
        sort: memberSort.defaultSort,
        firstName: '',
        lastName: 'Li',
        ssn: '',
        termed: false,
      }),
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
