import { z } from 'zod';
import { isoDate, SORT_DIRECTIONS, sortColumn } from '../../../contracts/common';
import { LIMITS } from '../../../contracts/person-rules';
import type { EndpointBody } from '../../../contracts/endpoint';
import type { endpoints } from '../../../contracts/endpoints';
import { REQUEST_PAGE_SIZE } from '../../../contracts/requests';
import { STATUS_FILTERS, statusFilterFields } from './request-status';
import { directionAfterClick } from '../../../lib/sort-direction';

/** The columns `Request/List` sorts by (its sortColumn contract). */
export const REQUEST_SORT_FIELDS = [
  'dateRequested',
  'type',
  'subscriberLastName',
  'subscriberFirstName',
  'status',
] as const;
export type RequestSortField = (typeof REQUEST_SORT_FIELDS)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
type RequestSort = `${RequestSortField} ${SortDirection}`;

/** The server's own order when none is sent: newest first. */
export const DEFAULT_REQUEST_SORT: RequestSort = 'dateRequested DESC';

// The router parses search values as JSON, so `?lastName=123` arrives as a number: read it as text.
const text = (max: number) =>
  z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().max(max));

/**
 * Search params of the Enrollment Submissions Manager: filters, sort and the one-based page live in
 * the URL so a copied link reproduces the view. Every param is optional, defaults are never written
 * back, and anything malformed reads as absent instead of failing the route.
 */
export const requestSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  sort: sortColumn(REQUEST_SORT_FIELDS).optional().catch(undefined),
  dateFrom: isoDate.optional().catch(undefined),
  dateTo: isoDate.optional().catch(undefined),
  lastName: text(LIMITS.name).optional().catch(undefined),
  firstName: text(LIMITS.name).optional().catch(undefined),
  status: z.enum(STATUS_FILTERS).optional().catch(undefined),
});
export type RequestSearch = z.output<typeof requestSearchSchema>;
type RequestSearchInput = z.input<typeof requestSearchSchema>;
export type RequestFilters = Pick<RequestSearch, 'dateFrom' | 'dateTo' | 'lastName' | 'firstName' | 'status'>;

export function pageOf(search: RequestSearch): number {
  return search.page ?? 1;
}

export function parseSort(sort: string | undefined): { field: RequestSortField; direction: SortDirection } {
  const [field, direction] = (sort ?? DEFAULT_REQUEST_SORT).split(' ') as [RequestSortField, SortDirection];
  return { field, direction };
}

/** Sort after a click on a column header (see directionAfterClick); back to the first page. */
export function nextSort(search: RequestSearch, field: RequestSortField): Pick<RequestSearch, 'sort' | 'page'> {
  return { sort: `${field} ${directionAfterClick(parseSort(search.sort), field)}`, page: 1 };
}

const blankToUndefined = <T extends string>(value: T | undefined) => (value ? value : undefined);

/** Drops defaults so URLs stay short and two ways to the same view give the same link. */
export function compactSearch(search: RequestSearch): RequestSearchInput {
  return {
    page: pageOf(search) > 1 ? search.page : undefined,
    sort: search.sort === DEFAULT_REQUEST_SORT ? undefined : search.sort,
    dateFrom: blankToUndefined(search.dateFrom),
    dateTo: blankToUndefined(search.dateTo),
    lastName: blankToUndefined(search.lastName),
    firstName: blankToUndefined(search.firstName),
    status: blankToUndefined(search.status),
  };
}

/** The `Request/List` body for the URL's view: zero-based page on the wire, 20 records a page. */
export function toRequestListBody(
  search: RequestSearch,
  employerPK: number,
): EndpointBody<typeof endpoints.requestList> {
  return {
    employerPK,
    recordsPerPage: REQUEST_PAGE_SIZE,
    page: pageOf(search) - 1,
    sortColumn: search.sort ?? DEFAULT_REQUEST_SORT,
    firstName: blankToUndefined(search.firstName),
    lastName: blankToUndefined(search.lastName),
    dateFrom: blankToUndefined(search.dateFrom),
    dateTo: blankToUndefined(search.dateTo),
    ...statusFilterFields(search.status),
  };
}
