import { queryOptions } from '@tanstack/react-query';
import { GROUP_SEARCH_MAX, type AccountGroupsQuery } from '../contracts/account';
import { isStorableText } from '../contracts/common';
import { endpoints } from '../contracts/endpoints';
import { endpointQueryOptions } from '../lib/endpoint-query';
import { pagedListQueryOptions } from '../lib/paged-list-query';

const ROOT = 'account';

/** A role change made by an administrator applies at the next screen: the guard refetches after this. */
export const ACCESS_STALE_TIME = 5_000;

/**
 * The signed-in user's own access (tokens carry the user, not their groups). Keys are
 * ['account', verb, { query }]; they do not depend on the current group's data, so a group switch
 * keeps them (src/api/group-scope.ts).
 */
export const accountQueries = {
  all: () => [ROOT] as const,
  accesses: () => [ROOT, 'access'] as const,
  /** Who the user is, how many groups they hold, and the current group with its roles. */
  access: (employerPK: number | null) =>
    queryOptions({
      ...endpointQueryOptions(ROOT, 'access', endpoints.accountAccess, {
        query: employerPK === null ? {} : { employerPK },
      }),
      staleTime: ACCESS_STALE_TIME,
    }),
  groupLists: () => [ROOT, 'groups'] as const,
  /** A page of the user's groups, searched by name or group ID; the total is counted once per search. */
  groups: (query: AccountGroupsQuery) =>
    pagedListQueryOptions(
      ROOT,
      'groups',
      endpoints.accountGroups,
      { query },
      { in: 'query', pageFields: ['page', 'recordsPerPage'], totalOf: (answer) => answer.recordCount },
      // The home cards and the chooser show a failure in place.
      { notify: false },
    ),
};

/**
 * What typed text searches the user's groups with: trimmed and cut to the contract's length; blank
 * (or text the server would refuse) is no search.
 */
export function groupSearchOf(typed: string): string | undefined {
  const search = typed.trim().slice(0, GROUP_SEARCH_MAX);
  return search && isStorableText(search) ? search : undefined;
}
