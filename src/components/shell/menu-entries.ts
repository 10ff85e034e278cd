import { canAccess, MENU, rolesInGroup, type GroupRoles, type MenuEntry } from '../../contracts/permissions';

/** Menu entries the current group's roles allow, in the spec's order. */
export function visibleMenu(groupRoles: readonly GroupRoles[], currentEmployerPK: number | null): MenuEntry[] {
  const roles = rolesInGroup(groupRoles, currentEmployerPK);
  return MENU.filter((entry) => canAccess(roles, entry.area));
}

const firstSegment = (path: string) => path.split('/')[1] ?? '';

/** Pages reached from the top bar rather than the menu. */
const OUTSIDE_MENU: Readonly<Record<string, string>> = { '/my-account': 'My Account' };

/** Label of the menu entry owning a path: the exact one, else the one of the same section. */
export function pageLabelOf(pathname: string): string {
  const outside = OUTSIDE_MENU[pathname];
  if (outside) return outside;
  const routed = MENU.filter((entry): entry is Extract<MenuEntry, { path: string }> => 'path' in entry);
  const exact = routed.find((entry) => entry.path === pathname);
  if (exact) return exact.label;
  const section = firstSegment(pathname);
  return routed.find((entry) => entry.path !== '/' && firstSegment(entry.path) === section)?.label ?? '';
}
