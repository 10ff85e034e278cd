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

/** The home loader: the numbers of every panel the user may see, fetched together. */
export function loadDashboard({ queryClient, employerPK }: GroupLoaderContext, roles: readonly Role[]) {
  const load = {
    membership: () => queryClient.ensureQueryData(insightQueries.membership(employerPK)),
    enrollment: () => queryClient.ensureQueryData(insightQueries.enrollment(employerPK)),
    requests: () => queryClient.ensureQueryData(insightQueries.requests(employerPK)),
    claims: () => queryClient.ensureQueryData(insightQueries.claims(employerPK)),
    funding: () => queryClient.ensureQueryData(insightQueries.funding(employerPK)),
    invoice: () => queryClient.ensureQueryData(insightQueries.invoice(employerPK)),
  } satisfies Record<PanelKey, () => Promise<unknown>>;
  return Promise.all(panelsFor(roles).map((key) => load[key]()));
}

/** `2026-03` → `Mar 2026`. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(year, m - 1, 1).toLocaleString('en-US', { month: 'short', year: 'numeric' });
}
