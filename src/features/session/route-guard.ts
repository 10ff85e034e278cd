import type { AuthContextProps } from 'react-oidc-context';
import { areaOfPath, canAccess, rolesInGroup } from '../../contracts/permissions';
import type { SessionContext } from '../../lib/router-context';
import { sessionOf } from '../../lib/session';
import { adoptEmployer, currentEmployerPK } from '../../stores/current-group-slice';
import { AccessDeniedError, NoGroupsError, SessionExpiredError } from './route-guard-outcomes';
import { renewIfExpired, signedInAutomaticallyRecently, startSignIn } from './sign-in';

const reportedWithoutGroups = new Set<string>();

/**
 * Guard of every protected route: signs in when needed (never settling while the browser leaves),
 * applies the session rules, resolves the current group and checks the path's area against its roles.
 */
export async function requireSession(
  auth: AuthContextProps,
  location: { pathname: string; href: string },
): Promise<SessionContext> {
  const user = await renewIfExpired(auth.user);
  if (!user) {
    // Dropped again right after signing in by itself: no further redirect, a message instead.
    if (signedInAutomaticallyRecently()) throw new SessionExpiredError();
    await startSignIn(location.href);
    // The page is being replaced by the provider's; child loaders must not run meanwhile.
    return new Promise<never>(() => undefined);
  }

  const session = sessionOf(user);
  if (!session.hasGroups) {
    if (!reportedWithoutGroups.has(session.sub)) {
      reportedWithoutGroups.add(session.sub);
      console.error('user without groupPK');
    }
    throw new NoGroupsError();
  }

  adoptEmployer(session.groupPKs);
  const employerPK = currentEmployerPK(session.groupRoles);
  // Group claims without any group role leave no group to work in: the same as no group at all.
  if (employerPK === null) throw new NoGroupsError();
  const roles = rolesInGroup(session.groupRoles, employerPK);
  if (!canAccess(roles, areaOfPath(location.pathname))) throw new AccessDeniedError(location.pathname);
  return { session, employerPK };
}
