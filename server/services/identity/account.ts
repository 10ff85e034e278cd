import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { AccountAccess, AccountGroups } from '../../../src/contracts/account';
import type { Role } from '../../../src/contracts/permissions';
import type { Db } from '../../db/client';
import { employers, userGrants } from '../../db/schema';
import { contains } from '../../lib/like-pattern';
import { listTotal } from '../../lib/list-total';
import type { UserAccess } from './access';

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
 * searches them on the server by name or group ID.
 */
export async function accountGroups(
  db: Db,
  access: UserAccess,
  q: { search?: string | undefined; page: number; recordsPerPage: number; knownCount?: number | undefined },
): Promise<AccountGroups> {
  const search = q.search?.trim();
  const filters: (SQL | undefined)[] = [
    search
      ? or(ilike(employers.employerName, contains(search)), ilike(employers.employerID, contains(search)))
      : undefined,
  ];
  // The operator holds every group; anyone else the groups of their grants.
  if (!access.portalAdministrator) {
    filters.push(
      inArray(
        employers.employerPK,
        db
          .selectDistinct({ employerPK: userGrants.employerPK })
          .from(userGrants)
          .where(eq(userGrants.userId, access.userId)),
      ),
    );
  }
  const where = and(...filters);
  const rows = await db
    .select({
      employerPK: employers.employerPK,
      employerName: employers.employerName,
      employerID: employers.employerID,
    })
    .from(employers)
    .where(where)
    .orderBy(asc(employers.employerPK))
    .limit(q.recordsPerPage)
    .offset(q.page * q.recordsPerPage);
  const rolesOf = new Map(access.groupRoles.map((g) => [g.GroupPK, g.roles]));
  const total = search ? await listTotal(db, q.knownCount, employers, where) : access.groupRoles.length;
  return {
    list: rows.map((row) => ({ ...row, roles: rolesOf.get(row.employerPK) ?? ([] as Role[]) })),
    recordCount: total,
  };
}
