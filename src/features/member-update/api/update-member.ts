import { endpoints } from '../../../contracts/endpoints';
import { subscriberQueries } from '../../../components/member-chooser/api/subscriber-queries';
import { useEndpointMutation } from '../../../lib/endpoint-query';

// A submitted update makes the member pending (list and details) and adds a submission.
const CHANGED = [subscriberQueries.all(), ['dependents'], ['requests']] as const;

export function useUpdateSubscriber() {
  return useEndpointMutation(endpoints.updateSubscriber, { invalidates: CHANGED });
}

export function useUpdateDependent() {
  return useEndpointMutation(endpoints.updateDependent, { invalidates: CHANGED });
}
