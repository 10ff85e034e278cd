import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '../contracts/endpoints';
import { endpointQueryOptions } from '../lib/endpoint-query';

const ROOT = 'idCards';

/** Keys are ['idCards', verb, input]; a new card makes every one of them stale. */
export const idCardQueries = {
  all: () => [ROOT] as const,
  /** Front and back images of a card (the subscriber's latest when no card is named). */
  view: (query: { subscriberPK: number; idCardPK?: number }) =>
    queryOptions({
      ...endpointQueryOptions(ROOT, 'view', endpoints.viewIdCard, { query }),
      // A card never changes once issued; which one is latest does, and that key is refetched on request.
      staleTime: query.idCardPK === undefined ? 0 : Infinity,
    }),
};
