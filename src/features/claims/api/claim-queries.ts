import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { claimSearchBody } from '../../../contracts/claims';
import { DEFAULT_EMPLOYER_PK } from '../../../contracts/employers';
import { endpoints } from '../../../contracts/endpoints';
import { endpointQueryOptions } from '../../../lib/endpoint-query';
import type { Session } from '../../../lib/session';
import { selectCurrentEmployerPK, useAppStore } from '../../../stores/app-store';
import { toClaimSearchBody, type ClaimSearch } from '../claim-search';

/** Keys are ['claims', verb, input]. */
export const claimQueries = {
  all: () => ['claims'] as const,
  list: (employerPK: number, body: z.input<typeof claimSearchBody>) =>
    endpointQueryOptions('claims', 'list', endpoints.claimDetails, { query: { employerPK }, body }),
};

export function claimListQuery(search: ClaimSearch, employerPK: number) {
  return claimQueries.list(employerPK, toClaimSearchBody(search));
}

/** For the route's loader: the page the URL names, with the options the screen then reads. */
export function loadClaimList(context: { queryClient: QueryClient; session: Session }, search: ClaimSearch) {
  const employerPK = selectCurrentEmployerPK(useAppStore.getState(), context.session.groupRoles) ?? DEFAULT_EMPLOYER_PK;
  return context.queryClient.ensureQueryData(claimListQuery(search, employerPK));
}
