import { z } from 'zod';
import { SORT_DIRECTIONS, sortColumn } from '../../contracts/common';
import { LIMITS } from '../../contracts/person-rules';
import {
  SUBSCRIBER_PAGE_LINKS,
  SUBSCRIBER_PAGE_SIZE,
  SUBSCRIBER_SORT_FIELDS,
  type SubscriberListQuery,
} from '../../contracts/subscribers';
import { directionAfterClick } from '../../lib/sort-direction';

export type MemberSortField = (typeof SUBSCRIBER_SORT_FIELDS)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
type MemberSort = `${MemberSortField} ${SortDirection}`;

/** The SSN search takes the last four digits, all of them. */
export const SSN_SEARCH_PATTERN = /^\d{4}$/;
export const SSN_SEARCH_MESSAGE = 'Enter the last 4 digits of the SSN.';

/** What the server sorts by when the URL names no sort (spec 2 §3: the list comes by last name). */
export const DEFAULT_MEMBER_SORT: MemberSort = 'lastName ASC';

// The router parses search values as JSON, so `?ssn=1234` arrives as a number: read it back as text.
const text = (max: number) =>
  z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().max(max));

/**
 * Search params of every screen that shows the member chooser: filters, sort and the one-based
 * page live in the URL so a copied link reproduces the view. Every param is optional and a default
 * is never written back (the plain path stays the first page); anything malformed reads as absent
 * instead of failing the route.
 */
export const memberSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  sort: sortColumn(SUBSCRIBER_SORT_FIELDS).optional().catch(undefined),
  firstName: text(LIMITS.name).optional().catch(undefined),
  lastName: text(LIMITS.name).optional().catch(undefined),
  // Written as a number (`ssn=3771`, not `ssn=%223771%22`), so read back with its leading zeros.
  ssn: z
    .preprocess(
      (value) => (typeof value === 'number' ? String(value).padStart(LIMITS.ssnFilter, '0') : value),
      z.string().trim().regex(SSN_SEARCH_PATTERN),
    )
    .optional()
    .catch(undefined),
  termed: z.boolean().optional().catch(undefined),
});
export type MemberSearch = z.output<typeof memberSearchSchema>;
type MemberSearchInput = z.input<typeof memberSearchSchema>;

/** The one-based page the URL names (the first one when it names none). */
export function pageOf(search: MemberSearch): number {
  return search.page ?? 1;
}

export function parseSort(sort: string | undefined): { field: MemberSortField; direction: SortDirection } {
  const [field, direction] = (sort ?? DEFAULT_MEMBER_SORT).split(' ') as [MemberSortField, SortDirection];
  return { field, direction };
}

/** Sort after a click on a column header (see directionAfterClick); back to the first page. */
export function nextSort(search: MemberSearch, field: MemberSortField): Pick<MemberSearch, 'sort' | 'page'> {
  return { sort: `${field} ${directionAfterClick(parseSort(search.sort), field)}`, page: 1 };
}

const blankToUndefined = (value: string | undefined) => (value ? value : undefined);

/**
 * Drops values equal to their default so URLs stay short and two ways of reaching the same view
 * give the same link.
 */
export function compactSearch(search: MemberSearch): MemberSearchInput {
  return {
    page: pageOf(search) > 1 ? search.page : undefined,
    sort: search.sort === DEFAULT_MEMBER_SORT ? undefined : search.sort,
    firstName: blankToUndefined(search.firstName),
    lastName: blankToUndefined(search.lastName),
    ssn: search.ssn ? Number(search.ssn) : undefined,
    termed: search.termed ? true : undefined,
  };
}

/** The chooser's URL state as the `SubscriberList` body: zero-based page on the wire. */
export function toSubscriberListQuery(
  search: MemberSearch,
  employerPK: number,
  opts: { termedAllowed?: boolean } = {},
): SubscriberListQuery {
  return {
    employerPK,
    recordsPerPage: SUBSCRIBER_PAGE_SIZE,
    page: pageOf(search) - 1,
    sortColumn: search.sort ?? DEFAULT_MEMBER_SORT,
    firstName: blankToUndefined(search.firstName),
    lastName: blankToUndefined(search.lastName),
    ssn: blankToUndefined(search.ssn),
    includeTermedMembers: opts.termedAllowed === false ? false : Boolean(search.termed),
  };
}

/** The chooser's `ListPagination` settings: every screen that shows it pages the same way (spec 1 §9). */
export const memberPaging = {
  pageSize: SUBSCRIBER_PAGE_SIZE,
  pageLinks: SUBSCRIBER_PAGE_LINKS,
  itemLabel: 'Members',
  navLabel: 'Member list pages',
} as const;
