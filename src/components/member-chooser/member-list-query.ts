import { subscriberQueries } from '../../api/subscriber-queries';
import type { GroupLoaderContext } from '../../lib/router-context';
import { toSubscriberListQuery, type MemberSearch } from './member-search';

export type MemberListOptions = {
  /** False in the terminate flow: termed members are never listed and the checkbox is disabled. */
  termedAllowed?: boolean;
};

export function memberListQuery(search: MemberSearch, employerPK: number, options: MemberListOptions = {}) {
  return subscriberQueries.list(toSubscriberListQuery(search, employerPK, options));
}

/**
 * For the loader of a route that shows the chooser: starts fetching the page the URL names with the
 * same query options the chooser then reads. Not awaited: the screen (heading, search form) renders
 * while the call runs and the list shows its skeleton until the page comes. A failure does not fail
 * the route: the chooser shows it in its table area and keeps the screen.
 */
export function loadMemberList(
  { queryClient, employerPK }: GroupLoaderContext,
  search: MemberSearch,
  options: MemberListOptions = {},
): void {
  void queryClient.prefetchQuery(memberListQuery(search, employerPK, options));
}
