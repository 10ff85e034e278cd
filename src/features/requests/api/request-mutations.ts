import { requestQueries } from '../../../api/request-queries';
import { subscriberQueries } from '../../../api/subscriber-queries';
import { endpoints } from '../../../contracts/endpoints';
import { useEndpointMutation } from '../../../lib/endpoint-query';

// A cancelled or approved request changes the list, and the member's pending-request flags.
const CHANGED = [requestQueries.all(), subscriberQueries.all()] as const;

export function useCancelRequest() {
  return useEndpointMutation(endpoints.cancelRequest, { invalidates: CHANGED });
}

export function useApproveRequest() {
  return useEndpointMutation(endpoints.hrApproveRequest, { invalidates: CHANGED });
}
