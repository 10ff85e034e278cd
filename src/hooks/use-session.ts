import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAuth } from 'react-oidc-context';
import { accountQueries } from '../api/account-queries';
import type { Role } from '../contracts/permissions';
import { isSignedIn, sessionOf, withAccess, type Session } from '../lib/session';
import { useStoredEmployerPK } from '../stores/current-group-slice';

/**
 * The signed-in user's session: the ID token's user combined (lib/session `withAccess`) with their
 * access in the stored current group, as `GET /Account/Access` answers it. Null while signed out, and
 * until that answer is known (under `/_authenticated` the guard has fetched it before any screen).
 * While a group switch is being answered the previous answer stays, so the group and its roles
 * change together.
 */
export function useSession(): Session | null {
  const { user } = useAuth();
  const signedIn = isSignedIn(user);
  const token = useMemo(() => (signedIn && user ? sessionOf(user) : null), [signedIn, user]);
  const storedPK = useStoredEmployerPK();
  const { data: access } = useQuery({
    ...accountQueries.access(storedPK),
    enabled: signedIn,
    placeholderData: keepPreviousData,
    // The guard refreshes it at every screen (and a group switch invalidates it); the many components
    // reading the session do not each ask again as they mount.
    refetchOnMount: false,
  });
  return useMemo(() => (token && access ? withAccess(token, access) : null), [token, access]);
}

/**
 * The current employer group of a screen under `/_authenticated`, whose guard has made one current
 * (the loaders' `context.employerPK`): the group the server answered as current.
 */
export function useEmployerPK(): number {
  const current = useSession()?.groupPKs[0];
  // The stored group stands in only while the session is not known (it is what the guard stored).
  const stored = useStoredEmployerPK();
  const employerPK = current ?? stored;
  if (employerPK === null) throw new Error('No current employer group outside the /_authenticated routes');
  return employerPK;
}

/** Only the roles held in the current group count (spec 1 §6). */
export function useCurrentRoles(): Role[] {
  const session = useSession();
  return useMemo(() => session?.groupRoles[0]?.roles ?? [], [session]);
}
