import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '../contracts/endpoints';
import { endpointQueryOptions } from '../lib/endpoint-query';

const ROOT = 'fsa';

/** Keys are ['fsa', verb, input]. */
export const fsaQueries = {
  all: () => [ROOT] as const,
  /** FSA elections of a subscriber. A failure shows nothing (spec 2 §4), so it is not announced or retried. */
  information: (subscriberPK: number) =>
    queryOptions({
      ...endpointQueryOptions(
        ROOT,
        'information',
        endpoints.fsaInformation,
        { query: { subscriberPK } },
        { notify: false },
      ),
      retry: false,
      staleTime: 0,
    }),
};
