import type { GroupRoles } from '../contracts/permissions';
import { selectCurrentEmployerPK, useAppStore } from './app-store';

// The group the user works in: chosen at sign-in (session) or in the group switcher (employers).

export function useCurrentEmployerPK(groupRoles: readonly GroupRoles[]): number | null {
  return useAppStore((state) => selectCurrentEmployerPK(state, groupRoles));
}

export function currentEmployerPK(groupRoles: readonly GroupRoles[]): number | null {
  return selectCurrentEmployerPK(useAppStore.getState(), groupRoles);
}

export function setCurrentEmployer(employerPK: number): void {
  useAppStore.getState().setCurrentEmployer(employerPK);
}

/** At sign-in: keep the stored group if the user still belongs to it, else take the first one. */
export function adoptEmployer(groupPKs: readonly number[]): void {
  useAppStore.getState().adoptEmployer(groupPKs);
}
