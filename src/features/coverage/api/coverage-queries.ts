import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '../../../contracts/endpoints';
import { endpointQueryOptions } from '../../../lib/endpoint-query';

/** Keys are ['fsa', verb, input]. */
export const coverageQueries = {
  /** FSA elections of a subscriber. A failure shows nothing (spec 2 §4), so it is not announced or retried. */
  fsa: (subscriberPK: number) =>
    queryOptions({
      ...endpointQueryOptions(
        'fsa',
        'information',
        endpoints.fsaInformation,
        { query: { subscriberPK } },
        { notify: false },
      ),
      retry: false,
      staleTime: 0,
    }),
};
