import { z } from 'zod';
import { LIMITS } from '../../../contracts/person-rules';
import type { EndpointBody } from '../../../contracts/endpoint';
import type { endpoints } from '../../../contracts/endpoints';
import { REQUEST_PAGE_SIZE } from '../../../contracts/requests';
import {
  countParam,
  dateParam,
  pickFilters,
  listSearch,
  optionalParam,
  sortOrder,
  textParam,
} from '../../../lib/list-search';
import { STATUS_FILTERS, statusFilterFields } from './request-status';

/** The columns `Request/List` sorts by (its sortColumn contract). */
export const REQUEST_SORT_FIELDS = [
  'dateRequested',
  'type',
  'subscriberLastName',
  'subscriberFirstName',
  'status',
] as const;
export type RequestSortField = (typeof REQUEST_SORT_FIELDS)[number];

/** Without a sort in the URL the server's own order applies: newest first. */
export const requestSort = sortOrder(REQUEST_SORT_FIELDS, 'dateRequested DESC');

/** Search params of the Enrollment Submissions Manager: filters, sort and the one-based page. */
export const requestSearch = listSearch(
  {
    page: countParam(),
    sort: requestSort.param,
    dateFrom: dateParam(),
    dateTo: dateParam(),
    lastName: textParam(LIMITS.name),
    firstName: textParam(LIMITS.name),
    status: optionalParam(z.enum(STATUS_FILTERS)),
  },
  { sort: requestSort.defaultSort },
);
export type RequestSearch = z.output<typeof requestSearch.schema>;
export type RequestFilters = Pick<RequestSearch, 'dateFrom' | 'dateTo' | 'lastName' | 'firstName' | 'status'>;

/** The `Request/List` body for the URL's view: zero-based page on the wire, 20 records a page. */
export function toRequestListBody(
  search: RequestSearch,
  employerPK: number,
): EndpointBody<typeof endpoints.requestList> {
  return {
    employerPK,
    ...pickFilters(search, ['dateFrom', 'dateTo', 'lastName', 'firstName']),
    ...statusFilterFields(search.status),
    ...requestSort.pageRequest(search, REQUEST_PAGE_SIZE),
  };
}
