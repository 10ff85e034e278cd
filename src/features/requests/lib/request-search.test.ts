import { describe, expect, it } from 'vitest';
import { requestListQuery } from '../../../contracts/requests';
import { pageOf } from '../../../lib/list-search';
import { REQUEST_SORT_FIELDS, requestSearch, requestSort, toRequestListBody } from './request-search';

describe('request search params', () => {
  it('defaults to the first page, no filters and the newest first, without writing them to the URL', () => {
    const search = requestSearch.schema.parse({});
    expect(search).toEqual({});
    expect(pageOf(search)).toBe(1);
    expect(requestSort.parse(search.sort)).toEqual({ field: 'dateRequested', direction: 'DESC' });
  });

  it('reads every filter, the sort and the page from the URL', () => {
    expect(
      requestSearch.schema.parse({
        page: '3',
        sort: 'subscriberLastName ASC',
        dateFrom: '2025-01-01',
        dateTo: '2025-01-31',
        lastName: ' Smith ',
        firstName: 'Ann',
        status: 'InProgress',
      }),
    ).toEqual({
      page: 3,
      sort: 'subscriberLastName ASC',
      dateFrom: '2025-01-01',
      dateTo: '2025-01-31',
      lastName: 'Smith',
      firstName: 'Ann',
      status: 'InProgress',
    });
  });

  it('falls back to absent values for anything malformed instead of failing the route', () => {
    expect(
      requestSearch.schema.parse({
        page: 0,
        sort: 'ssn ASC',
        dateFrom: '01/05/2025',
        dateTo: '2025-02-30',
        lastName: 'x'.repeat(26),
        status: 'Approved',
      }),
    ).toEqual({});
    expect(pageOf(requestSearch.schema.parse({ page: 'two' }))).toBe(1);
  });

  it('reads a name the router parsed as a number back as text', () => {
    expect(requestSearch.schema.parse({ lastName: 123 }).lastName).toBe('123');
  });
});

describe('toRequestListBody', () => {
  it('sends a zero-based page, 20 records, the default sort and the filters', () => {
    const search = requestSearch.schema.parse({ page: 2, lastName: 'Li', dateFrom: '2025-03-01', status: 'Submitted' });
    expect(toRequestListBody(search, 2)).toEqual({
      employerPK: 2,
      recordsPerPage: 20,
      page: 1,
      sortColumn: requestSort.defaultSort,
      firstName: undefined,
      lastName: 'Li',
      dateFrom: '2025-03-01',
      dateTo: undefined,
      RequestStatus: 'Submitted',
    });
  });

  it('sends a simple status filter as RequestStatusList', () => {
    const body = toRequestListBody(requestSearch.schema.parse({ status: 'Failed' }), 4);
    expect(body).toMatchObject({ employerPK: 4, RequestStatusList: 'Failed' });
    expect(body).not.toHaveProperty('RequestStatus');
  });

  it('builds bodies the list contract accepts for every sort', () => {
    for (const field of REQUEST_SORT_FIELDS) {
      for (const direction of ['ASC', 'DESC']) {
        const search = requestSearch.schema.parse({
          sort: `${field} ${direction}`,
          status: 'Processed',
          dateTo: '2025-12-31',
        });
        expect(requestListQuery.safeParse(toRequestListBody(search, 2)).success).toBe(true);
      }
    }
  });
});

describe('requestSort.next', () => {
  it('flips the newest-first order on a first click on the date, back on the first page', () => {
    expect(requestSort.next({ page: 4 }, 'dateRequested')).toEqual({ sort: 'dateRequested ASC', page: 1 });
  });
});

describe('requestSearch.compact', () => {
  it('leaves defaults and blanks out of the URL', () => {
    expect(
      requestSearch.compact({
        page: 1,
        sort: requestSort.defaultSort,
        dateFrom: '',
        dateTo: '2025-01-31',
        lastName: '',
        firstName: 'Ann',
        status: undefined,
      }),
    ).toEqual({
      page: undefined,
      sort: undefined,
      dateFrom: undefined,
      dateTo: '2025-01-31',
      lastName: undefined,
      firstName: 'Ann',
      status: undefined,
    });
  });

  it('round-trips through the schema', () => {
    const search = requestSearch.schema.parse({ page: 2, sort: 'status ASC', status: 'HRApproved', lastName: 'Li' });
    expect(requestSearch.schema.parse(requestSearch.compact(search))).toEqual(search);
  });
});
