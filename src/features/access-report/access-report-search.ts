import { z } from 'zod';
import {
  ACCESS_OUTCOMES,
  ACCESS_REPORT_PAGE_SIZE,
  ACCESS_SORT_FIELDS,
  type AccessReportFilters,
  type AccessReportQuery,
  type AccessSortField,
} from '../../contracts/access-report';
import { isoDate } from '../../contracts/common';
import { directionAfterClick } from '../../lib/sort-direction';

const text = (max: number) => z.string().trim().max(max).optional().catch(undefined);

/**
 * Search params of the Access Report: filters, sort and the one-based page. Anything malformed reads
 * as absent instead of failing the route, and defaults are never written back.
 */
export const accessReportSearchSchema = z.object({
  from: isoDate.optional().catch(undefined),
  to: isoDate.optional().catch(undefined),
  user: text(100),
  member: text(50),
  endpoint: z
    .string()
    .regex(/^[A-Za-z]{1,60}$/)
    .optional()
    .catch(undefined),
  outcome: z.enum(ACCESS_OUTCOMES).optional().catch(undefined),
  sort: z.enum(ACCESS_SORT_FIELDS).optional().catch(undefined),
  order: z.enum(['ASC', 'DESC']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type AccessReportSearch = z.output<typeof accessReportSearchSchema>;

/** The filter fields of the form (everything but sort and page). */
export type AccessReportFilterValues = Pick<
  AccessReportSearch,
  'from' | 'to' | 'user' | 'member' | 'endpoint' | 'outcome'
>;

export const pageOf = (search: AccessReportSearch) => search.page ?? 1;
export const sortOf = (search: AccessReportSearch) => ({
  field: search.sort ?? 'at',
  direction: search.order ?? 'DESC',
});

/** The filters as the server takes them (list and CSV alike). */
export function toAccessReportFilters(search: AccessReportSearch, employerPK: number): AccessReportFilters {
  const { field, direction } = sortOf(search);
  return {
    employerPK,
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
    ...(search.user ? { user: search.user } : {}),
    ...(search.member ? { member: search.member } : {}),
    ...(search.endpoint ? { endpoint: search.endpoint } : {}),
    ...(search.outcome ? { outcome: search.outcome } : {}),
    sort: field,
    order: direction,
  };
}

/** The list call's query: zero-based page on the wire. */
export function toAccessReportQuery(search: AccessReportSearch, employerPK: number): AccessReportQuery {
  return {
    ...toAccessReportFilters(search, employerPK),
    page: pageOf(search) - 1,
    recordsPerPage: ACCESS_REPORT_PAGE_SIZE,
  };
}

/** Drops empty and default values so two ways of reaching one view give the same link. */
export function compactAccessReportSearch(search: AccessReportSearch): AccessReportSearch {
  const { field, direction } = sortOf(search);
  return {
    from: search.from || undefined,
    to: search.to || undefined,
    user: search.user || undefined,
    member: search.member || undefined,
    endpoint: search.endpoint || undefined,
    outcome: search.outcome || undefined,
    sort: field === 'at' ? undefined : field,
    order: direction === 'DESC' ? undefined : direction,
    page: pageOf(search) > 1 ? search.page : undefined,
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
