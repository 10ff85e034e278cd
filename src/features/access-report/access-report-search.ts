import { z } from 'zod';
import {
  ACCESS_OUTCOMES,
  ACCESS_REPORT_PAGE_SIZE,
  ACCESS_SORT_FIELDS,
  type AccessReportFilters,
  type AccessReportQuery,
  type AccessSortField,
} from '../../contracts/access-report';
import {
  countParam,
  dateParam,
  directionAfterClick,
  pickFilters,
  listSearch,
  optionalParam,
  pageRequest,
} from '../../lib/list-search';

// Unlike the other lists, a value the router parsed as a number (`?member=1234`) reads as absent.
const text = (max: number) => optionalParam(z.string().trim().max(max));

const DEFAULT_SORT = { field: 'at', direction: 'DESC' } as const;

/** Search params of the Access Report: filters, sort (column and order apart) and the one-based page. */
export const accessReportSearch = listSearch(
  {
    from: dateParam(),
    to: dateParam(),
    user: text(100),
    member: text(50),
    endpoint: optionalParam(z.string().regex(/^[A-Za-z]{1,60}$/)),
    outcome: optionalParam(z.enum(ACCESS_OUTCOMES)),
    sort: optionalParam(z.enum(ACCESS_SORT_FIELDS)),
    order: optionalParam(z.enum(['ASC', 'DESC'])),
    page: countParam(),
  },
  { sort: DEFAULT_SORT.field, order: DEFAULT_SORT.direction },
);
export type AccessReportSearch = z.output<typeof accessReportSearch.schema>;

/** The filter fields of the form (everything but sort and page). */
export type AccessReportFilterValues = Pick<
  AccessReportSearch,
  'from' | 'to' | 'user' | 'member' | 'endpoint' | 'outcome'
>;

export const sortOf = (search: AccessReportSearch) => ({
  field: search.sort ?? DEFAULT_SORT.field,
  direction: search.order ?? DEFAULT_SORT.direction,
});

/** The filters as the server takes them (list and CSV alike). */
export function toAccessReportFilters(search: AccessReportSearch, employerPK: number): AccessReportFilters {
  const { field, direction } = sortOf(search);
  return {
    employerPK,
    ...pickFilters(search, ['from', 'to', 'user', 'member', 'endpoint', 'outcome']),
    sort: field,
    order: direction,
  };
}

/** The list call's query: zero-based page on the wire. */
export function toAccessReportQuery(search: AccessReportSearch, employerPK: number): AccessReportQuery {
  return {
    ...toAccessReportFilters(search, employerPK),
    ...pageRequest(search, ACCESS_REPORT_PAGE_SIZE),
  };
}

/** New filters start at the first page. */
export function withFilters(search: AccessReportSearch, filters: AccessReportFilterValues): AccessReportSearch {
  return { ...search, ...filters, page: undefined };
}

/** A click on a column header (see directionAfterClick); back to page 1. */
export function withSort(search: AccessReportSearch, field: AccessSortField): AccessReportSearch {
  return { ...search, sort: field, order: directionAfterClick(sortOf(search), field), page: undefined };
}
