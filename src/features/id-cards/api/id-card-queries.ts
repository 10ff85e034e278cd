import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '../../../contracts/endpoints';
import { endpointQueryOptions, useEndpointMutation } from '../../../lib/endpoint-query';

/** Keys are ['idCards', verb, input]; a new card makes every one of them stale. */
export const idCardQueries = {
  all: () => ['idCards'] as const,
  /** Front and back images of a card (the subscriber's latest when no card is named). */
  view: (query: { subscriberPK: number; idCardPK?: number }) =>
    queryOptions({
      ...endpointQueryOptions('idCards', 'view', endpoints.viewIdCard, { query }),
      // A card never changes once issued; which one is latest does, and that key is refetched on request.
      staleTime: query.idCardPK === undefined ? 0 : Infinity,
    }),
};

/** `POST /Subscriber/RequestIDCard`: issues a new card, which becomes the latest. */
export function useRequestIdCard() {
  // The subscriber's details say whether there is a card to view.
  return useEndpointMutation(endpoints.requestIdCard, {
    invalidates: [idCardQueries.all(), ['subscribers', 'details']],
  });
}
