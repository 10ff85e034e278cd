import { selectCurrentEmployerPK, useAppStore } from './app-store';

// The group the user works in: the one the server answered at sign-in (session) or the one chosen in
// the group switcher (employers). Only its key is stored; which groups the user holds, and the roles
// there, come from the server (src/api/account-queries.ts).

/** The stored current group, null before the first answer of the server. */
export function useStoredEmployerPK(): number | null {
  return useAppStore(selectCurrentEmployerPK);
}

export function storedEmployerPK(): number | null {
  return selectCurrentEmployerPK(useAppStore.getState());
}

export function setCurrentEmployer(employerPK: number): void {
  useAppStore.getState().setCurrentEmployer(employerPK);
}
