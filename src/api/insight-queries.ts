import { endpoints } from '../contracts/endpoints';
import { endpointQueryOptions } from '../lib/endpoint-query';

const ROOT = 'insight';

/** The home dashboard's aggregates, one per panel. Keys are ['insight', verb, input]. */
export const insightQueries = {
  all: () => [ROOT] as const,
  membership: (employerPK: number) =>
    endpointQueryOptions(ROOT, 'membership', endpoints.membershipInsight, { query: { employerPK } }),
  enrollment: (employerPK: number) =>
    endpointQueryOptions(ROOT, 'enrollment', endpoints.enrollmentInsight, { query: { employerPK } }),
  requests: (employerPK: number) =>
    endpointQueryOptions(ROOT, 'requests', endpoints.requestsInsight, { query: { employerPK } }),
  claims: (employerPK: number) =>
    endpointQueryOptions(ROOT, 'claims', endpoints.claimsInsight, { query: { employerPK } }),
  funding: (employerPK: number) =>
    endpointQueryOptions(ROOT, 'funding', endpoints.fundingInsight, { query: { employerPK } }),
  invoice: (employerPK: number) =>
    endpointQueryOptions(ROOT, 'invoice', endpoints.invoiceInsight, { query: { employerPK } }),
};
