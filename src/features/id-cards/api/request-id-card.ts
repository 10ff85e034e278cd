import { idCardQueries } from '../../../api/id-card-queries';
import { subscriberQueries } from '../../../api/subscriber-queries';
import { endpoints } from '../../../contracts/endpoints';
import { useEndpointMutation } from '../../../lib/endpoint-query';

/** `POST /Subscriber/RequestIDCard`: issues a new card, which becomes the latest. */
export function useRequestIdCard() {
  // The subscriber's details say whether there is a card to view.
  return useEndpointMutation(endpoints.requestIdCard, {
    invalidates: [idCardQueries.all(), subscriberQueries.allDetails()],
  });
}
