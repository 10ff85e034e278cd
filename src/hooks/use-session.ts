import { useMemo } from 'react';
import { useAuth } from 'react-oidc-context';
import { rolesInGroup, type Role } from '../contracts/permissions';
import { isSignedIn, sessionOf, type Session } from '../lib/session';
import { selectCurrentEmployerPK, useAppStore } from '../stores/app-store';

/** The signed-in user's session, or null while signed out. */
export function useSession(): Session | null {
  const { user } = useAuth();
  return useMemo(() => (isSignedIn(user) ? sessionOf(user) : null), [user]);
}

export function useCurrentEmployerPK(): number | null {
  const session = useSession();
  const groupRoles = session?.groupRoles;
  return useAppStore((state) => selectCurrentEmployerPK(state, groupRoles ?? []));
}

/** Only the roles held in the current group count (spec 1 §6). */
export function useCurrentRoles(): Role[] {
  const session = useSession();
  const currentEmployerPK = useCurrentEmployerPK();
  return useMemo(() => rolesInGroup(session?.groupRoles ?? [], currentEmployerPK), [session, currentEmployerPK]);
}
