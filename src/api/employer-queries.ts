import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '../contracts/endpoints';
import { endpointQueryOptions } from '../lib/endpoint-query';

const ROOT = 'employers';

/** Keys are ['employers', verb, input]. */
export const employerQueries = {
  all: () => [ROOT] as const,
  // Name, ID and logo of a group do not change during a session.
  details: (employerPK: number) =>
    queryOptions({
      ...endpointQueryOptions(ROOT, 'details', endpoints.employerDetails, { query: { employerPK } }),
      staleTime: Infinity,
    }),
};
