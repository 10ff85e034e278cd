import type { QueryClient } from '@tanstack/react-query';
import { discardAbandonedAuthRequests, purgeAppStorage } from '../../lib/app-storage';
import { userManager } from '../../lib/auth';
import { resetAppState } from '../../stores/app-store';

let signingOut: Promise<void> | undefined;

/** Logout (spec 2 §4): drop every trace of the session here, then end it at the provider. */
export function signOut(queryClient: QueryClient): Promise<void> {
  signingOut ??= (async () => {
    const user = await userManager.getUser();
    resetAppState();
    queryClient.clear();
    purgeAppStorage({ includeOidc: false });
    try {
      // Removes the stored user and keeps only the sign-out request for the callback.
      await userManager.signoutRedirect({ id_token_hint: user?.id_token });
    } catch (error) {
      console.error('Sign-out at the provider failed', error);
      await userManager.removeUser();
      purgeAppStorage({ includeOidc: true });
      window.location.assign('/');
    }
  })();
  return signingOut;
}

let completing: Promise<void> | undefined;

/** Back from the provider: consume the sign-out request and remove whatever is left. */
export function completeSignOut(): Promise<void> {
  completing ??= userManager
    .signoutCallback()
    .then(() => undefined)
    .catch((error: unknown) => console.error('Sign-out callback failed', error))
    .finally(() => {
      discardAbandonedAuthRequests();
      purgeAppStorage({ includeOidc: true });
    });
  return completing;
}
