import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '../../../contracts/endpoints';
import { endpointQueryOptions } from '../../../lib/endpoint-query';

export const employerQueries = {
  all: () => ['employers'] as const,
  // Name, ID and logo of a group do not change during a session.
  details: (employerPK: number) =>
    queryOptions({
      ...endpointQueryOptions('employers', 'details', endpoints.employerDetails, { query: { employerPK } }),
      staleTime: Infinity,
    }),
};
