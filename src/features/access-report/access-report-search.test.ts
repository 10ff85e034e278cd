import { describe, expect, it } from 'vitest';
import { accessReportSearch, toAccessReportQuery, withFilters, withSort } from './access-report-search';
import { accessReportFilterForm, filtersOf } from './access-report-filter-form';

describe('access report search params', () => {
  it('reads malformed params as absent instead of failing the route', () => {
    expect(
      accessReportSearch.schema.parse({ from: '2025-13-45', outcome: 'maybe', page: '-2', sort: 'ssn', user: 'hr' }),
    ).toEqual({ user: 'hr' });
  });

  it('sends a zero-based page, the default sort and only the filters that are set', () => {
    const search = accessReportSearch.schema.parse({ member: '1234', page: '3', from: '2025-01-01' });
    expect(toAccessReportQuery(search, 2)).toEqual({
      employerPK: 2,
      from: '2025-01-01',
      member: '1234',
      sort: 'at',
      order: 'DESC',
      page: 2,
      recordsPerPage: 25,
    });
  });

  it('goes back to page 1 on new filters or a new sort, and keeps defaults out of the URL', () => {
    const search = accessReportSearch.schema.parse({ page: '4', user: 'a' });
    expect(accessReportSearch.compact(withFilters(search, { member: 'Smith' }))).toEqual(
      expect.objectContaining({ member: 'Smith', page: undefined }),
    );
    const sorted = withSort(search, 'actorEmail');
    expect(accessReportSearch.compact(sorted)).toMatchObject({ sort: 'actorEmail', order: 'ASC', page: undefined });
    expect(withSort(sorted, 'actorEmail').order).toBe('DESC');
    expect(accessReportSearch.compact(withSort({}, 'at'))).toMatchObject({ sort: undefined, order: 'ASC' });
  });
});

describe('access report filter form', () => {
  it('refuses an end before the start on the end field, and turns blanks into no filter', () => {
    const values = { from: '', to: '', user: ' ', member: 'Lee', endpoint: '', outcome: '' } as const;
    const backwards = accessReportFilterForm.safeParse({ ...values, from: '2025-02-01', to: '2025-01-01' });
    expect(backwards.success).toBe(false);
    expect(backwards.error?.issues[0]?.path).toEqual(['to']);
    expect(filtersOf(accessReportFilterForm.parse(values))).toEqual({
      from: undefined,
      to: undefined,
      user: undefined,
      member: 'Lee',
      endpoint: undefined,
      outcome: undefined,
    });
  });
});
