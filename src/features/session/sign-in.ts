import type { User } from 'oidc-client-ts';
import { userManager, type SignInState } from '../../lib/auth';
import { isSignedIn } from '../../lib/session';

let redirecting = false;

/** Full redirect to the provider; the path comes back in the OIDC state for the callback. */
export async function startSignIn(returnTo: string): Promise<void> {
  if (redirecting) return;
  redirecting = true;
  const state: SignInState = { returnTo };
  try {
    await userManager.signinRedirect({ state });
  } catch (error) {
    redirecting = false;
    throw error;
  }
}

let renewal: Promise<User | null> | undefined;

/**
 * A stored token found expired gets one silent renewal; when that fails the stale user is dropped
 * so a full redirect follows (spec 2 §4). Concurrent callers share the attempt.
 */
export function renewIfExpired(user: User | null | undefined): Promise<User | null> {
  if (isSignedIn(user)) return Promise.resolve(user);
  if (!user) return Promise.resolve(null);
  renewal ??= userManager
    .signinSilent()
    .then((renewed) => (isSignedIn(renewed) ? renewed : null))
    .catch(() => null)
    .then(async (renewed) => {
      if (!renewed) await userManager.removeUser();
      return renewed;
    })
    .finally(() => {
      renewal = undefined;
    });
  return renewal;
}

let renewing: Promise<void> | undefined;

/** Inside the silent-renew iframe: hand the answer to the parent window's UserManager. */
export function completeSilentRenew(): Promise<void> {
  renewing ??= userManager
    .signinSilentCallback()
    .catch((error: unknown) => console.error('Silent renew failed', error));
  return renewing;
}
