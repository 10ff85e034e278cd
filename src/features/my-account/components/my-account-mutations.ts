import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myAccountQueries } from '../../../api/my-account-queries';
import type { EndpointInput, EndpointResponse } from '../../../contracts/endpoint';
import type { endpoints } from '../../../contracts/endpoints';
import { callEndpoint, isApiError, type ApiError } from '../../../lib/api-client';

type OwnChange =
  | typeof endpoints.changePassword
  | typeof endpoints.startTotpSetup
  | typeof endpoints.confirmTotpSetup
  | typeof endpoints.newRecoveryCodes
  | typeof endpoints.signOutSession
  | typeof endpoints.signOutOtherSessions;

/** The input of a change: its body, when the call has one. */
export type OwnInput<E extends OwnChange> = EndpointInput<E>;

/** Refusals the screen shows in place (field errors, a rule such as "set up two-step verification first"). */
const REFUSALS: readonly number[] = [400, 404, 409, 429];

/** The detail of a refusal without field errors, null otherwise (field errors go on the fields; the call layer told the rest). */
export function refusalOf(error: unknown): string | null {
  if (!isApiError(error) || !REFUSALS.includes(error.status) || error.problem.errors) return null;
  return error.problem.detail ?? error.problem.title;
}

/**
 * A change of the caller's own account. Refusals are not notified by the call layer (the section shows
 * them); other failures are. Every change makes the My Account answer stale (the passkeys' too).
 */
export function useOwnChange<E extends OwnChange>(endpoint: E, { invalidate = true } = {}) {
  const queryClient = useQueryClient();
  return useMutation<EndpointResponse<E>, ApiError, OwnInput<E>>({
    mutationKey: [...myAccountQueries.all(), endpoint.path],
    mutationFn: (input) => callEndpoint(endpoint, input, { notify: (problem) => !REFUSALS.includes(problem.status) }),
    onSuccess: () => (invalidate ? queryClient.invalidateQueries({ queryKey: myAccountQueries.all() }) : undefined),
  });
}
