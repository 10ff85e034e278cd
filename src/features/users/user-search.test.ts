import { describe, expect, it } from 'vitest';
import { toUserExportBody, toUserListQuery, userSearch, withFilters, withSort } from './user-search';

describe('users search params', () => {
  it('reads malformed params as absent instead of failing the route', () => {
    expect(userSearch.schema.parse({ status: 'gone', sort: 'ssn', order: 'UP', page: '-1', search: 'lee' })).toEqual({
      search: 'lee',
    });
  });

  it('sends a zero-based page, the default sort and only the filters that are set', () => {
    const search = userSearch.schema.parse({ status: 'invited', page: '3' });
    expect(toUserListQuery(search, 7)).toEqual({
      employerPK: 7,
      search: undefined,
      status: 'invited',
      sort: 'name',
      order: 'ASC',
      page: 2,
      recordsPerPage: 25,
    });
    expect(toUserExportBody(search, 7, 'csv')).toEqual({
      employerPK: 7,
      search: undefined,
      status: 'invited',
      sort: 'name',
      order: 'ASC',
      format: 'csv',
    });
  });

  it('goes back to page 1 on new filters or a new sort, and keeps defaults out of the URL', () => {
    const search = userSearch.schema.parse({ page: '4' });
    expect(userSearch.compact(withFilters(search, { search: 'ann', status: undefined }))).toMatchObject({
      search: 'ann',
      page: undefined,
    });
    const byEmail = withSort(search, 'email');
    expect(userSearch.compact(byEmail)).toMatchObject({ sort: 'email', order: undefined, page: undefined });
    expect(withSort(byEmail, 'email').order).toBe('DESC');
    expect(withSort({}, 'name').order).toBe('DESC');
  });
});
