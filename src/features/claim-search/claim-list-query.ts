import { claimQueries } from '../../api/claim-queries';
import type { GroupLoaderContext } from '../../lib/router-context';
import { toClaimSearchBody, type ClaimSearch } from './claim-search';

export function claimListQuery(search: ClaimSearch, employerPK: number) {
  return claimQueries.list(employerPK, toClaimSearchBody(search));
}

/**
 * For the route's loader: the page the URL names, with the options the screen then reads. A failure
 * does not fail the route: the screen shows it in its table area.
 */
export function loadClaimList({ queryClient, employerPK }: GroupLoaderContext, search: ClaimSearch) {
  return queryClient.ensureQueryData(claimListQuery(search, employerPK)).catch(() => undefined);
}
