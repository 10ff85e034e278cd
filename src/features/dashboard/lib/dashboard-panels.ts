import { insightQueries } from '../../../api/insight-queries';
import { endpoints } from '../../../contracts/endpoints';
import { canAccess, type Role } from '../../../contracts/permissions';
import type { GroupLoaderContext } from '../../../lib/router-context';

export type PanelKey = 'membership' | 'enrollment' | 'requests' | 'claims' | 'funding' | 'invoice';

/** Each panel and the endpoint of its numbers: the permission table decides who sees it. */
const PANEL_ENDPOINTS = {
  membership: endpoints.membershipInsight,
  enrollment: endpoints.enrollmentInsight,
  requests: endpoints.requestsInsight,
  claims: endpoints.claimsInsight,
  funding: endpoints.fundingInsight,
  invoice: endpoints.invoiceInsight,
} as const satisfies Record<PanelKey, unknown>;

export function panelsFor(roles: readonly Role[]): PanelKey[] {
  return (Object.keys(PANEL_ENDPOINTS) as PanelKey[]).filter((key) => canAccess(roles, PANEL_ENDPOINTS[key].area));
}

/**
 * The home loader: the numbers of every panel the user may see, asked for together. Not awaited:
 * each panel is drawn at once and fills in when its numbers come (a failure shows in the panel).
 */
export function prefetchDashboard({ queryClient, employerPK }: GroupLoaderContext, roles: readonly Role[]) {
  const prefetch = {
    membership: () => queryClient.prefetchQuery(insightQueries.membership(employerPK)),
    enrollment: () => queryClient.prefetchQuery(insightQueries.enrollment(employerPK)),
    requests: () => queryClient.prefetchQuery(insightQueries.requests(employerPK)),
    claims: () => queryClient.prefetchQuery(insightQueries.claims(employerPK)),
    funding: () => queryClient.prefetchQuery(insightQueries.funding(employerPK)),
    invoice: () => queryClient.prefetchQuery(insightQueries.invoice(employerPK)),
  } satisfies Record<PanelKey, () => Promise<void>>;
  for (const key of panelsFor(roles)) void prefetch[key]();
}

/** `2026-03` → `Mar 2026`. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(year, m - 1, 1).toLocaleString('en-US', { month: 'short', year: 'numeric' });
}
