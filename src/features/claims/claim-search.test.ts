import { describe, expect, it } from 'vitest';
import { formatPaymentDate } from './claim-format';
import {
  claimSearchSchema,
  compactClaimSearch,
  DEFAULT_CLAIM_SORT,
  eobQuery,
  nextClaimSort,
  parseClaimSort,
  toClaimSearchBody,
} from './claim-search';

describe('claimSearchSchema', () => {
  it('reads an empty URL as page 1, no filters and newest service first', () => {
    const search = claimSearchSchema.parse({});
    expect(search).toEqual({});
    expect(parseClaimSort(search.sort)).toEqual({ field: 'serviceDate', direction: 'DESC' });
  });

  it('keeps valid filters, sort and page', () => {
    expect(
      claimSearchSchema.parse({
        page: '3',
        sort: 'billedAmount ASC',
        firstName: ' Ann ',
        lastName: 'Lee',
        startDate: '2025-01-01',
        endDate: '2025-03-31',
      }),
    ).toEqual({
      page: 3,
      sort: 'billedAmount ASC',
      firstName: 'Ann',
      lastName: 'Lee',
      startDate: '2025-01-01',
      endDate: '2025-03-31',
    });
  });

  it('drops malformed values instead of failing the route', () => {
    expect(
      claimSearchSchema.parse({
        page: 0,
        sort: 'ssn ASC',
        startDate: '01/02/2025',
        endDate: '2025-02-30',
        lastName: 'x'.repeat(26),
      }),
    ).toEqual({});
  });

  it('reads a name the router parsed as a number back as text', () => {
    expect(claimSearchSchema.parse({ lastName: 123 }).lastName).toBe('123');
  });
});

describe('toClaimSearchBody', () => {
  it('sends 10 claims a page, a zero-based page and the sort as column and order', () => {
    expect(toClaimSearchBody(claimSearchSchema.parse({ page: 2, lastName: 'Lee', startDate: '2025-01-01' }))).toEqual({
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

describe('nextClaimSort', () => {
  it('toggles the sorted column and starts another ascending, back on page 1', () => {
    expect(nextClaimSort({ page: 4 }, 'serviceDate')).toEqual({ sort: 'serviceDate ASC', page: 1 });
    expect(nextClaimSort({ sort: 'serviceDate ASC' }, 'serviceDate').sort).toBe('serviceDate DESC');
    expect(nextClaimSort({ sort: 'serviceDate ASC' }, 'providerName').sort).toBe('providerName ASC');
  });
});

describe('compactClaimSearch', () => {
  it('leaves defaults and blanks out of the URL', () => {
    expect(
      compactClaimSearch({ page: 1, sort: DEFAULT_CLAIM_SORT, firstName: '', lastName: 'Lee', startDate: '' }),
    ).toEqual({
      page: undefined,
      sort: undefined,
      firstName: undefined,
      lastName: 'Lee',
      startDate: undefined,
      endDate: undefined,
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
