import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueries } from '../../api/user-queries';
import type { EndpointInput } from '../../contracts/endpoint';
import type { endpoints } from '../../contracts/endpoints';
import type { UserAnswer } from '../../contracts/users';
import { callEndpoint, isApiError, type ApiError } from '../../lib/api-client';

type UserChangeEndpoint =
  | typeof endpoints.inviteUser
  | typeof endpoints.changeUserRoles
  | typeof endpoints.deactivateUser
  | typeof endpoints.resendInvitation
  | typeof endpoints.cancelInvitation
  | typeof endpoints.reactivateUser
  | typeof endpoints.resetUserMfa;

/** Refusals of a change (not allowed, no such user, a rule such as the last GroupAdmin): the screen tells their detail. */
const REFUSALS: readonly number[] = [403, 404, 409];

/** The detail of a refused change, null for any other failure (told by the call layer). */
export function refusalOf(error: unknown): string | null {
  if (!isApiError(error) || !REFUSALS.includes(error.status)) return null;
  return error.problem.detail ?? error.problem.title;
}

/** The key of a change's mutations, for useIsMutating. */
export const userChangeKey = (endpoint: UserChangeEndpoint) => [...userQueries.all(), endpoint.path] as const;

/**
 * A change of a group's users. Refusals are not notified by the call layer (the dialog shows their
 * detail, see refusalOf); other failures are. On success the user list is fetched again before the
 * caller's onSuccess, so the row is up to date when the dialog closes.
 */
export function useUserChange<E extends UserChangeEndpoint>(endpoint: E) {
  const queryClient = useQueryClient();
  return useMutation<UserAnswer, ApiError, EndpointInput<E>>({
    mutationKey: userChangeKey(endpoint),
    mutationFn: (input) =>
      callEndpoint(endpoint, input, { notify: (problem) => !REFUSALS.includes(problem.status) }) as Promise<UserAnswer>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}
