import { useMutation, useQueryClient } from '@tanstack/react-query';
import { passkeyQueries } from '../../../api/passkey-queries';
import type { EndpointInput } from '../../../contracts/endpoint';
import { endpoints } from '../../../contracts/endpoints';
import type { PasskeySummary, RemovePasskeyBody, PasskeyRegistrationFinishBody } from '../../../contracts/my-account';
import { callEndpoint, isApiError } from '../../../lib/api-client';

/** Refusals the section explains itself (a bad or expired answer, someone else's passkey, the last factor). */
const REFUSALS: readonly number[] = [400, 404, 409];
const notifyUnlessRefused = { notify: (problem: { status: number }) => !REFUSALS.includes(problem.status) };

/** The body of a call, as its input. */
const withBody = <E extends typeof endpoints.finishPasskeyRegistration | typeof endpoints.removePasskey>(
  body: E extends typeof endpoints.removePasskey ? RemovePasskeyBody : PasskeyRegistrationFinishBody,
): EndpointInput<E> => ({ body }) as EndpointInput<E>;

/** What the user is told when adding or removing a passkey did not work; null when the call layer told them. */
export function passkeyProblemOf(error: unknown): string | null {
  if (isApiError(error)) return REFUSALS.includes(error.status) ? (error.problem.detail ?? error.problem.title) : null;
  if (!(error instanceof Error)) return 'The passkey could not be added. Try again.';
  const code = (error as Error & { code?: string }).code;
  if (error.name === 'NotAllowedError' || error.name === 'AbortError')
    return 'Adding the passkey was cancelled or timed out. Try again when you are ready.';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || error.name === 'InvalidStateError')
    return 'This device or security key already holds a passkey for your account.';
  if (error.name === 'NotSupportedError') return 'This browser or device cannot create passkeys.';
  if (error.name === 'SecurityError') return 'Passkeys cannot be created on this address of the portal.';
  return `The passkey could not be added: ${error.message}`;
}

/**
 * Adds a passkey: the server's creation options, the browser's WebAuthn ceremony (the library is loaded
 * only now, as its own chunk) and the server's check. The My Account answer is fetched again after.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation<PasskeySummary, unknown, { name: string }>({
    mutationKey: [...passkeyQueries.all(), 'add-passkey'],
    mutationFn: async ({ name }) => {
      const [{ startRegistration, browserSupportsWebAuthn }, start] = await Promise.all([
        import('@simplewebauthn/browser'),
        callEndpoint(endpoints.startPasskeyRegistration, {}, notifyUnlessRefused),
      ]);
      if (!browserSupportsWebAuthn()) throw Object.assign(new Error('unsupported'), { name: 'NotSupportedError' });
      const response = await startRegistration({
        optionsJSON: start.options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
      });
      const answer = await callEndpoint(
        endpoints.finishPasskeyRegistration,
        withBody<typeof endpoints.finishPasskeyRegistration>({
          pending: start.pending,
          name,
          response: response as unknown as Record<string, unknown>,
        }),
        notifyUnlessRefused,
      );
      return answer.passkey;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyQueries.all() }),
  });
}

/** Removes one of the caller's passkeys; a refusal (the last second factor a group requires) is shown in place. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation<unknown, unknown, { id: string }>({
    mutationKey: [...passkeyQueries.all(), 'remove-passkey'],
    mutationFn: ({ id }) =>
      callEndpoint(endpoints.removePasskey, withBody<typeof endpoints.removePasskey>({ id }), notifyUnlessRefused),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyQueries.all() }),
  });
}
