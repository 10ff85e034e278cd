import { dependentQueries } from '../../../api/dependent-queries';
import { requestQueries } from '../../../api/request-queries';
import { subscriberQueries } from '../../../api/subscriber-queries';
import { endpoints } from '../../../contracts/endpoints';
import { useEndpointMutation } from '../../../lib/endpoint-query';

// A termination request makes the member pending and adds a submission.
const CHANGED = [subscriberQueries.all(), dependentQueries.all(), requestQueries.all()] as const;

export function useTerminateSubscriber() {
  return useEndpointMutation(endpoints.terminateSubscriber, { invalidates: CHANGED });
}

export function useTerminateDependent() {
  return useEndpointMutation(endpoints.terminateDependent, { invalidates: CHANGED });
}

/** The follow-up change-coverage draft after a dependent's termination. */
export function useCreateFollowUpRequest() {
  return useEndpointMutation(endpoints.createEnrollmentRequest, {
    invalidates: [subscriberQueries.all(), requestQueries.all()],
  });
}
