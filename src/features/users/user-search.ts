import { z } from 'zod';
import {
  USER_PAGE_SIZE,
  USER_SORT_FIELDS,
  USER_STATUSES,
  type UserListQuery,
  type UserStatus,
} from '../../contracts/users';
import type { ExportFormat } from '../../contracts/exports';
import {
  countParam,
  directionAfterClick,
  listSearch,
  optionalParam,
  pageRequest,
  pickFilters,
  textParam,
  type SortDirection,
} from '../../lib/list-search';

export type UserSortField = (typeof USER_SORT_FIELDS)[number];

const DEFAULT_SORT = { field: 'name', direction: 'ASC' } as const;

/** Search params of the Users screen: name or e-mail, status, sort (column and order apart) and the one-based page. */
export const userSearch = listSearch(
  {
    search: textParam(100),
    status: optionalParam(z.enum(USER_STATUSES)),
    sort: optionalParam(z.enum(USER_SORT_FIELDS)),
    order: optionalParam(z.enum(['ASC', 'DESC'])),
    page: countParam(100_000),
  },
  { sort: DEFAULT_SORT.field, order: DEFAULT_SORT.direction },
);
export type UserSearch = z.output<typeof userSearch.schema>;

/** The filters of the search form (everything but sort and page). */
export type UserFilters = { search: string | undefined; status: UserStatus | undefined };

export const sortOf = (search: UserSearch): { field: UserSortField; direction: SortDirection } => ({
  field: search.sort ?? DEFAULT_SORT.field,
  direction: search.order ?? DEFAULT_SORT.direction,
});

/** The filters and sort as the server takes them (list and export alike). */
function toUserFilters(search: UserSearch, employerPK: number) {
  const { field, direction } = sortOf(search);
  return { employerPK, ...pickFilters(search, ['search', 'status']), sort: field, order: direction };
}

/** The list call's query: zero-based page on the wire. */
export function toUserListQuery(search: UserSearch, employerPK: number): UserListQuery {
  return { ...toUserFilters(search, employerPK), ...pageRequest(search, USER_PAGE_SIZE) };
}

/** The export call's body: the whole filtered list, never a page. */
export function toUserExportBody(search: UserSearch, employerPK: number, format: ExportFormat) {
  return { ...toUserFilters(search, employerPK), format };
}

/** New filters start at the first page. */
export function withFilters(search: UserSearch, filters: UserFilters): UserSearch {
  return { ...search, ...filters, page: undefined };
}

/** A click on a column header (see directionAfterClick); back to page 1. */
export function withSort(search: UserSearch, field: UserSortField): UserSearch {
  return { ...search, sort: field, order: directionAfterClick(sortOf(search), field), page: undefined };
}
