import { describe, expect, it } from 'vitest';
import { formatPaymentDate } from './claim-format';
import { claimSearch, claimSort, eobQuery, toClaimSearchBody } from './claim-search';

describe('claim search params', () => {
  it('reads an empty URL as page 1, no filters and newest service first', () => {
    const search = claimSearch.schema.parse({});
    expect(search).toEqual({});
    expect(claimSort.parse(search.sort)).toEqual({ field: 'serviceDate', direction: 'DESC' });
  });

  it('keeps valid filters, sort and page, and writes them back as they came', () => {
    const url = {
      page: 3,
      sort: 'billedAmount ASC',
      firstName: 'Ann',
      lastName: 'Lee',
      startDate: '2025-01-01',
      endDate: '2025-03-31',
    };
    expect(claimSearch.schema.parse({ ...url, page: '3', firstName: ' Ann ' })).toEqual(url);
    expect(claimSearch.compact(claimSearch.schema.parse(url))).toEqual(url);
  });

  it('drops a claim column it cannot sort by and a name over 25 characters', () => {
    expect(claimSearch.schema.parse({ sort: 'ssn ASC', lastName: 'x'.repeat(26) })).toEqual({});
  });

  it('leaves the default sort out of the URL', () => {
    expect(claimSearch.compact({ sort: 'serviceDate DESC', lastName: 'Lee' })).toMatchObject({
      sort: undefined,
      lastName: 'Lee',
    });
  });
});

describe('toClaimSearchBody', () => {
  it('sends 10 claims a page, a zero-based page and the sort as column and order', () => {
    expect(toClaimSearchBody(claimSearch.schema.parse({ page: 2, lastName: 'Lee', startDate: '2025-01-01' }))).toEqual({
      startDate: '2025-01-01',
      endDate: undefined,
      firstName: undefined,
      lastName: 'Lee',
      recordsPerPage: 10,
      page: 1,
      sortColumn: 'serviceDate',
      sortOrder: 'DESC',
    });
    expect(toClaimSearchBody({ sort: 'paymentDate ASC' })).toMatchObject({
      sortColumn: 'paymentDate',
      sortOrder: 'ASC',
      page: 0,
    });
  });
});

describe('eobQuery', () => {
  it('names the dependent only for a dependent’s claim', () => {
    expect(eobQuery({ claimID: 7, subscriberPK: 3, patientPK: 9 })).toEqual({
      claimPK: 7,
      subscriberPK: 3,
      dependentPK: 9,
    });
    const own = eobQuery({ claimID: 7, subscriberPK: 3, patientPK: null });
    expect(own).toEqual({ claimPK: 7, subscriberPK: 3 });
    expect('dependentPK' in own).toBe(false);
  });
});

describe('formatPaymentDate', () => {
  it('shows a missing payment date as In-Process', () => {
    expect(formatPaymentDate(null)).toBe('In-Process');
    expect(formatPaymentDate('2025-02-03')).toBe('02/03/2025');
  });
});
