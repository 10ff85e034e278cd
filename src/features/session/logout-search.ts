import type { SignOutReason } from './session-channel';

/** The /logout route's search: why, where to come back to, and whether the other tabs are told. */
export type LogoutSearch = { reason?: SignOutReason; returnTo?: string; fromOtherTab?: boolean };

/** Anything malformed reads as absent: a plain logout. Only same-origin paths come back. */
export function parseLogoutSearch(search: Record<string, unknown>): LogoutSearch {
  const returnTo = search.returnTo;
  return {
    ...(search.reason === 'inactivity' || search.reason === 'user' ? { reason: search.reason } : {}),
    ...(typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') ? { returnTo } : {}),
    ...(search.fromOtherTab === true ? { fromOtherTab: true } : {}),
  };
}

/**
 * Whether a location is this tab being signed out because another tab was: not a page the user
 * opened, so it counts no page view (and its token is on its way out).
 */
export function isSignOutFromOtherTab(pathname: string, search: Record<string, unknown>): boolean {
  return pathname === '/logout' && parseLogoutSearch(search).fromOtherTab === true;
}
