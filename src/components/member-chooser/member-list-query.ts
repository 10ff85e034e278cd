import { subscriberQueries } from '../../api/subscriber-queries';
import { SUBSCRIBER_PAGE_LINKS, SUBSCRIBER_PAGE_SIZE } from '../../contracts/subscribers';
import type { GroupLoaderContext } from '../../lib/router-context';
import type { KeptListKind } from '../list-page/kept-list-panel';
import { toSubscriberListQuery, type MemberSearch } from './member-search';

export type MemberListOptions = {
  /** False in the terminate flow: termed members are never listed and the checkbox is disabled. */
  termedAllowed?: boolean;
};

/** The chooser's list: every screen that shows it pages and words it the same way (spec 1 §9). */
export const MEMBER_LIST: KeptListKind = {
  nouns: ['member', 'members'],
  noMatch: 'No members match your search.',
  paging: { pageSize: SUBSCRIBER_PAGE_SIZE, pageLinks: SUBSCRIBER_PAGE_LINKS },
  queryKey: subscriberQueries.lists(),
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
