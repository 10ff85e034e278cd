import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { availablePlanQuery, coverageOptionsQuery } from '../contracts/employers';
import { endpoints } from '../contracts/endpoints';
import type { EnrollmentDraft } from '../contracts/enrollment';
import type { SubscriberDetail } from '../contracts/subscribers';
import { callEndpoint } from '../lib/api-client';
import { endpointQueryOptions } from '../lib/endpoint-query';

const ROOT = 'enrollment';

/** Enrollment request drafts and what the wizard reads around them; keys are ['enrollment', verb, input]. */
export const enrollmentQueries = {
  all: () => [ROOT] as const,
  drafts: () => [ROOT, 'draft'] as const,
  /** The saved draft of a request; null before the request exists (nothing to load). */
  draft: (requestPK: number | null) =>
    queryOptions<EnrollmentDraft | null>({
      queryKey: [...enrollmentQueries.drafts(), requestPK],
      queryFn: ({ signal }) =>
        requestPK === null ? null : callEndpoint(endpoints.getEnrollmentRequest, { query: { requestPK } }, { signal }),
      ...(requestPK === null && { initialData: null, staleTime: Infinity }),
    }),
  /** The existing member a change of coverage starts from; null for a new enrollment. */
  member: (subscriberPK: number | null) =>
    queryOptions<SubscriberDetail | null>({
      queryKey: [ROOT, 'member', subscriberPK],
      queryFn: ({ signal }) =>
        subscriberPK === null
          ? null
          : callEndpoint(endpoints.subscriberDetails, { query: { pk: subscriberPK } }, { signal }),
      ...(subscriberPK === null && { initialData: null, staleTime: Infinity }),
    }),
  divisions: (employerPK: number) =>
    endpointQueryOptions(ROOT, 'divisions', endpoints.employerDivisions, { query: { employerPK } }),
  plans: (query: z.input<typeof availablePlanQuery>) =>
    endpointQueryOptions(ROOT, 'plans', endpoints.availablePlanList, { query }),
  tiers: (query: z.input<typeof coverageOptionsQuery>) =>
    endpointQueryOptions(ROOT, 'tiers', endpoints.coverageOptions, { query }),
};
