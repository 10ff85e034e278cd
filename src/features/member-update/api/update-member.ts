import { dependentQueries } from '../../../api/dependent-queries';
import { requestQueries } from '../../../api/request-queries';
import { subscriberQueries } from '../../../api/subscriber-queries';
import { endpoints } from '../../../contracts/endpoints';
import { useEndpointMutation } from '../../../lib/endpoint-query';

// A submitted update makes the member pending (list and details) and adds a submission.
const CHANGED = [subscriberQueries.all(), dependentQueries.all(), requestQueries.all()] as const;

export function useUpdateSubscriber() {
  return useEndpointMutation(endpoints.updateSubscriber, { invalidates: CHANGED });
}

export function useUpdateDependent() {
  return useEndpointMutation(endpoints.updateDependent, { invalidates: CHANGED });
}
