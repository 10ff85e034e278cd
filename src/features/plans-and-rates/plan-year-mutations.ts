import { planYearQueries } from '../../api/plan-year-queries';
import type { Endpoint } from '../../contracts/endpoint';
import { useEndpointMutation } from '../../lib/endpoint-query';

/**
 * A change of the group's plans or rates: a refusal is told by the call layer with the server's
 * detail; the years and plans shown are fetched again after a change.
 */
export function usePlanYearChange<E extends Endpoint>(endpoint: E) {
  return useEndpointMutation(endpoint, { invalidates: [planYearQueries.all()] });
}
