import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_EMPLOYER_PK } from '../../contracts/employers';
import type { Session } from '../../lib/session';
import { selectCurrentEmployerPK, useAppStore } from '../../stores/app-store';
import { subscriberQueries } from './api/subscriber-queries';
import { toSubscriberListQuery, type MemberSearch } from './member-search';

export type MemberListOptions = {
  /** False in the terminate flow: termed members are never listed and the checkbox is disabled. */
  termedAllowed?: boolean;
};

export function memberListQuery(search: MemberSearch, employerPK: number, options: MemberListOptions = {}) {
  return subscriberQueries.list(toSubscriberListQuery(search, employerPK, options));
}

/**
 * For the loader of a route that shows the chooser: fetches the page the URL names with the same
 * query options the chooser then reads with useSuspenseQuery.
 */
export function loadMemberList(
  context: { queryClient: QueryClient; session: Session },
  search: MemberSearch,
  options: MemberListOptions = {},
) {
  const employerPK = selectCurrentEmployerPK(useAppStore.getState(), context.session.groupRoles) ?? DEFAULT_EMPLOYER_PK;
  return context.queryClient.ensureQueryData(memberListQuery(search, employerPK, options));
}
