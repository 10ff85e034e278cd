import type { AccountAccess, AccountGroups } from '../../../src/contracts/account';
import type { GroupDirectory, UserAccess } from './access';

/** Who the caller is, how many groups they work in, and their roles in the group they asked for. */
export function accountAccess(access: UserAccess, employerPK: number | undefined): AccountAccess {
  const asked = employerPK === undefined ? undefined : access.groupRoles.find((g) => g.GroupPK === employerPK);
  const current = asked ?? access.groupRoles[0] ?? null;
  return {
    sub: access.userId,
    email: access.email,
    givenName: access.givenName,
    familyName: access.familyName,
    groupCount: access.groupRoles.length,
    current,
    portalAdministrator: access.portalAdministrator,
  };
}

/**
 * The caller's groups a page at a time, by group: the chooser of a broker with thousands of groups
 * searches them by name or group ID. Both the caller's groups and the groups' names are this process's
 * cached copies (access.ts), so a search reads no table: a broker types, and every key is answered from
 * memory.
 */
export function accountGroups(
  access: UserAccess,
  directory: GroupDirectory,
  q: { search?: string | undefined; page: number; recordsPerPage: number },
): AccountGroups {
  const search = q.search?.trim().toLowerCase();
  const matches = access.groupRoles.flatMap((group) => {
    const entry = directory.get(group.GroupPK);
    if (!entry || (search && !entry.searchText.includes(search))) return [];
    return [
      { employerPK: group.GroupPK, employerName: entry.employerName, employerID: entry.employerID, roles: group.roles },
    ];
  });
  const start = q.page * q.recordsPerPage;
  return { list: matches.slice(start, start + q.recordsPerPage), recordCount: matches.length };
}
