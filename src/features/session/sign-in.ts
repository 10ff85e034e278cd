import type { User } from 'oidc-client-ts';
import { SIGNED_OUT_INACTIVITY, SIGNED_OUT_PARAM } from '../../contracts/session-limits';
import { APP_STORAGE_PREFIX } from '../../lib/app-storage';
import { userManager, type SignInState } from '../../lib/auth';
import { isSignedIn } from '../../lib/session';

const DROPPED_SIGN_IN_KEY = `${APP_STORAGE_PREFIX}dropped-session-sign-in-at`;
/** At most one automatic sign-in per this long after a session was dropped (a 401 that persists). */
export const AUTOMATIC_SIGN_IN_INTERVAL_MS = 60_000;

/** True when a dropped session already sent this tab to the provider less than a minute ago. */
export function signedInAutomaticallyRecently(now = Date.now()): boolean {
  const last = Number(window.sessionStorage.getItem(DROPPED_SIGN_IN_KEY) ?? 0);
  return now - last < AUTOMATIC_SIGN_IN_INTERVAL_MS;
}

/**
 * A session dropped while a screen was open signs in again by itself once a minute at most, so a
 * 401 that persists (the API refusing every token) ends on a message instead of a redirect loop.
 * False when it may not now; the user then signs in with a button.
 */
export async function startAutomaticSignIn(returnTo: string): Promise<boolean> {
  if (signedInAutomaticallyRecently()) return false;
  window.sessionStorage.setItem(DROPPED_SIGN_IN_KEY, String(Date.now()));
  await startSignIn(returnTo);
  return true;
}

let redirecting = false;

/**
 * Full redirect to the provider; the path comes back in the OIDC state for the callback. After an
 * idle logoff the provider's sign-in page is asked to say why the user must sign in again.
 */
export async function startSignIn(returnTo: string, options: { afterInactivity?: boolean } = {}): Promise<void> {
  if (redirecting) return;
  redirecting = true;
  const state: SignInState = { returnTo };
  try {
    await userManager.signinRedirect({
      state,
      ...(options.afterInactivity ? { extraQueryParams: { [SIGNED_OUT_PARAM]: SIGNED_OUT_INACTIVITY } } : {}),
    });
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
