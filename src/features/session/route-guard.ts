import type { QueryClient } from '@tanstack/react-query';
import type { AuthContextProps } from 'react-oidc-context';
import { accountQueries } from '../../api/account-queries';
import type { AccountAccess } from '../../contracts/account';
import { areaOfPath, canAccess } from '../../contracts/permissions';
import type { SessionContext } from '../../lib/router-context';
import { sessionOf, withAccess, type TokenSession } from '../../lib/session';
import { setCurrentEmployer, storedEmployerPK } from '../../stores/current-group-slice';
import { AccessDeniedError, NoGroupsError, SessionExpiredError } from './route-guard-outcomes';
import { renewIfExpired, signedInAutomaticallyRecently, startSignIn } from './sign-in';

const reportedWithoutGroups = new Set<string>();

function noGroups(sub: string): NoGroupsError {
  if (!reportedWithoutGroups.has(sub)) {
    reportedWithoutGroups.add(sub);
    console.error('user without groupPK');
  }
  return new NoGroupsError();
}

/**
 * The user's access for the stored group: the cached answer while fresh (a few seconds), else the
 * server's. An answer cached for another user is never taken.
 */
async function accessOf(queryClient: QueryClient, token: TokenSession, employerPK: number | null) {
  const options = accountQueries.access(employerPK);
  const access = await queryClient.fetchQuery(options);
  if (access.sub === token.sub) return access;
  return queryClient.fetchQuery({ ...options, staleTime: 0 });
}

/** Keeps the answer under the key of the group it made current too, which is what the screens read. */
function shareAnswer(queryClient: QueryClient, asked: number | null, access: AccountAccess): void {
  const current = access.current?.GroupPK ?? null;
  if (current === null || current === asked) return;
  queryClient.setQueryData(accountQueries.access(current).queryKey, access);
}

/**
 * Guard of every protected route: signs in when needed (never settling while the browser leaves),
 * applies the session rules, asks the server for the user's access in the stored group, makes the
 * group it answers current and checks the path's area against the roles held there.
 */
export async function requireSession(
  auth: AuthContextProps,
  location: { pathname: string; href: string },
  queryClient: QueryClient,
): Promise<SessionContext> {
  const user = await renewIfExpired(auth.user);
  if (!user) {
    // Dropped again right after signing in by itself: no further redirect, a message instead.
    if (signedInAutomaticallyRecently()) throw new SessionExpiredError();
    await startSignIn(location.href);
    // The page is being replaced by the provider's; child loaders must not run meanwhile.
    return new Promise<never>(() => undefined);
  }

  const token = sessionOf(user);
  const asked = storedEmployerPK();
  const access = await accessOf(queryClient, token, asked);
  const session = withAccess(token, access);
  // No group, or none answered as current: the spec's 'user without groupPK'.
  if (!session?.hasGroups || !access.current) throw noGroups(token.sub);

  const employerPK = access.current.GroupPK;
  // The answer under the new key first: the screens read it as soon as the store changes.
  shareAnswer(queryClient, asked, access);
  setCurrentEmployer(employerPK);
  if (!canAccess(access.current.roles, areaOfPath(location.pathname))) throw new AccessDeniedError(location.pathname);
  return { session, employerPK };
}
