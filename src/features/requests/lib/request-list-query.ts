import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_EMPLOYER_PK } from '../../../contracts/employers';
import type { Session } from '../../../lib/session';
import { selectCurrentEmployerPK, useAppStore } from '../../../stores/app-store';
import { requestQueries } from '../api/request-queries';
import { toRequestListBody, type RequestSearch } from './request-search';

export function requestListQuery(search: RequestSearch, employerPK: number) {
  return requestQueries.list(toRequestListBody(search, employerPK));
}

/** For the route's loader: the page the URL names, with the options the screen then reads. */
export function loadRequestList(context: { queryClient: QueryClient; session: Session }, search: RequestSearch) {
  const employerPK = selectCurrentEmployerPK(useAppStore.getState(), context.session.groupRoles) ?? DEFAULT_EMPLOYER_PK;
  return context.queryClient.ensureQueryData(requestListQuery(search, employerPK));
}
