import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { config } from './config';

// Tokens and pending requests live in sessionStorage only: per tab, gone with it, never localStorage.
const tabStorage = () => new WebStorageStateStore({ store: window.sessionStorage });

export const userManager = new UserManager({
  authority: config.oidc.authority,
  client_id: config.oidc.clientId,
  redirect_uri: config.oidc.redirectUri,
  silent_redirect_uri: config.oidc.silentRedirectUri,
  post_logout_redirect_uri: config.oidc.postLogoutRedirectUri,
  response_type: 'code',
  scope: config.oidc.scope,
  userStore: tabStorage(),
  stateStore: tabStorage(),
  automaticSilentRenew: true,
  // The access token is audienced to the API; the ID token already carries every claim the SPA reads.
  loadUserInfo: false,
});

/** Where the sign-in callback should send the user back to (carried in the OIDC state). */
export type SignInState = { returnTo: string };

export function returnPathOf(state: unknown): string {
  const returnTo = (state as Partial<SignInState> | undefined)?.returnTo;
  // Only same-origin paths: the state comes back through the browser.
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';
}
