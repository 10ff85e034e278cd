import { useMemo } from 'react';
import { useAuth } from 'react-oidc-context';
import { rolesInGroup, type Role } from '../contracts/permissions';
import { isSignedIn, sessionOf, type Session } from '../lib/session';
import { useCurrentEmployerPK } from '../stores/current-group-slice';

/** The signed-in user's session, or null while signed out. */
export function useSession(): Session | null {
  const { user } = useAuth();
  return useMemo(() => (isSignedIn(user) ? sessionOf(user) : null), [user]);
}

/**
 * The current employer group of a screen under `/_authenticated`, whose guard has made one current
 * (the loaders' `context.employerPK`). Read from the store, as the guard does, so that a group
 * switch re-renders at once.
 */
export function useEmployerPK(): number {
  const groupRoles = useSession()?.groupRoles;
  const employerPK = useCurrentEmployerPK(groupRoles ?? []);
  if (employerPK === null) throw new Error('No current employer group outside the /_authenticated routes');
  return employerPK;
}

/** Only the roles held in the current group count (spec 1 §6). */
export function useCurrentRoles(): Role[] {
  const session = useSession();
  const employerPK = useEmployerPK();
  return useMemo(() => rolesInGroup(session?.groupRoles ?? [], employerPK), [session, employerPK]);
}
