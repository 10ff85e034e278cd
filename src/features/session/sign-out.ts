import type { QueryClient } from '@tanstack/react-query';
import { discardAbandonedAuthRequests, purgeAppStorage } from '../../lib/app-storage';
import { userManager } from '../../lib/auth';
import { resetAppState } from '../../stores/app-store';
import { openSessionChannel, type SignOutReason } from './session-channel';

/** Carried through the provider's logout in the OIDC state, back to the callback. */
export type SignOutState = { reason: SignOutReason; returnTo: string };

/** `here`: only this tab's session was dropped; `provider`: the provider's session is being ended. */
export type SignOutScope = 'here' | 'provider';

let signingOut: Promise<SignOutScope> | undefined;

/**
 * Logout (spec 2 §4): drop every trace of the session here, then end it at the provider. The user's
 * other tabs follow: a tab told by another only drops its own, since the tab that told it ends the
 * provider's session (and revokes the grant) for all. Two tabs ending it at once would race on the
 * provider's logout form, and one of them would show the provider's error instead of the sign-in.
 */
export function signOut(
  queryClient: QueryClient,
  options: { reason?: SignOutReason; tellOtherTabs?: boolean; returnTo?: string } = {},
): Promise<SignOutScope> {
  const { reason = 'user', tellOtherTabs = true, returnTo = '/' } = options;
  signingOut ??= (async () => {
    if (!tellOtherTabs) {
      // The user goes first, so that nothing still on screen asks the API again without one.
      await userManager.removeUser();
      resetAppState();
      queryClient.clear();
      purgeAppStorage({ includeOidc: true });
      return 'here';
    }
    const channel = openSessionChannel();
    channel.post({ type: 'signed-out', reason });
    channel.close();
    const user = await userManager.getUser();
    resetAppState();
    queryClient.clear();
    purgeAppStorage({ includeOidc: false });
    try {
      const state: SignOutState = { reason, returnTo };
      // Removes the stored user and keeps only the sign-out request for the callback.
      await userManager.signoutRedirect({ id_token_hint: user?.id_token, state });
    } catch (error) {
      console.error('Sign-out at the provider failed', error);
      await userManager.removeUser();
      purgeAppStorage({ includeOidc: true });
      window.location.assign('/');
    }
    return 'provider';
  })();
  return signingOut;
}

function signOutStateOf(value: unknown): SignOutState | undefined {
  const state = value as Partial<SignOutState> | undefined;
  if (state?.reason !== 'inactivity' && state?.reason !== 'user') return undefined;
  return { reason: state.reason, returnTo: typeof state.returnTo === 'string' ? state.returnTo : '/' };
}

let completing: Promise<SignOutState | undefined> | undefined;

/** Back from the provider: consume the sign-out request and remove whatever is left. */
export function completeSignOut(): Promise<SignOutState | undefined> {
  completing ??= userManager
    .signoutCallback()
    .then((response) => signOutStateOf(response?.userState))
    .catch((error: unknown) => {
      console.error('Sign-out callback failed', error);
      return undefined;
    })
    .finally(() => {
      discardAbandonedAuthRequests();
      purgeAppStorage({ includeOidc: true });
    });
  return completing;
}
