import { asc, eq, sql } from 'drizzle-orm';
import type { GroupRoles, Role } from '../../../src/contracts/permissions';
import type { UserStatus } from '../../../src/contracts/users';
import type { Db } from '../../db/client';
import { accessVersion, employers, userGrants, users } from '../../db/schema';

/** A user and every group they hold roles in, as the API authorises calls with it. */
export type UserAccess = {
  userId: string;
  email: string;
  givenName: string;
  familyName: string;
  status: UserStatus;
  portalAdministrator: boolean;
  /** Ordered by group; the Portal Administrator holds that role in every group. */
  groupRoles: GroupRoles[];
  /** The user's own subscriber record in each group where they are a Member. */
  memberRecords: ReadonlyMap<number, number>;
};

/** The subscriber a Member is in the group, or null when they are not a Member there. */
export function ownSubscriberOf(access: Pick<UserAccess, 'memberRecords'>, employerPK: number): number | null {
  return access.memberRecords.get(employerPK) ?? null;
}

/** How long a replica trusts its cache before asking whether any user or grant changed. */
export const ACCESS_VERSION_CHECK_MS = 2_000;
const MAX_CACHED = 10_000;

/** Makes every replica's cached access stale; call in the transaction that changes users or grants. */
export async function bumpAccessVersion(db: Db): Promise<void> {
  await db.update(accessVersion).set({ version: sql`${accessVersion.version} + 1` });
}

async function currentVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: accessVersion.version }).from(accessVersion);
  return row?.version ?? 0;
}

async function loadAccess(db: Db, userId: string): Promise<UserAccess | null> {
  const [user] = await db.select().from(users).where(eq(users.userId, userId));
  if (!user) return null;
  let groupRoles: GroupRoles[];
  const memberRecords = new Map<number, number>();
  if (user.portalAdministrator) {
    const all = await db
      .select({ employerPK: employers.employerPK })
      .from(employers)
      .orderBy(asc(employers.employerPK));
    groupRoles = all.map((e) => ({ GroupPK: e.employerPK, roles: ['Portal Administrator'] }));
  } else {
    const grants = await db
      .select({ employerPK: userGrants.employerPK, role: userGrants.role, subscriberPK: userGrants.subscriberPK })
      .from(userGrants)
      .where(eq(userGrants.userId, userId))
      .orderBy(asc(userGrants.employerPK), asc(userGrants.role));
    const byGroup = new Map<number, Role[]>();
    for (const grant of grants) {
      byGroup.set(grant.employerPK, [...(byGroup.get(grant.employerPK) ?? []), grant.role]);
      if (grant.role === 'Member' && grant.subscriberPK !== null)
        memberRecords.set(grant.employerPK, grant.subscriberPK);
    }
    groupRoles = [...byGroup].map(([GroupPK, roles]) => ({ GroupPK, roles }));
  }
  return {
    userId: user.userId,
    email: user.email,
    givenName: user.givenName,
    familyName: user.familyName,
    status: user.status,
    portalAdministrator: user.portalAdministrator,
    groupRoles,
    memberRecords,
  };
}

/** Every employer group's name and group ID, for the group chooser's search. */
export type GroupDirectory = ReadonlyMap<number, { employerName: string; employerID: string; searchText: string }>;

export type AccessResolver = {
  /** The user's access, from this process's cache when no user or grant changed anywhere since. */
  accessOf(userId: string): Promise<UserAccess | null>;
  /** The groups' names, kept like the access: reloaded once a change of users, grants or groups is seen. */
  groupDirectory(): Promise<GroupDirectory>;
};

async function loadDirectory(db: Db): Promise<GroupDirectory> {
  const rows = await db
    .select({
      employerPK: employers.employerPK,
      employerName: employers.employerName,
      employerID: employers.employerID,
    })
    .from(employers);
  return new Map(
    rows.map((row) => [
      row.employerPK,
      {
        employerName: row.employerName,
        employerID: row.employerID,
        searchText: `${row.employerName}\n${row.employerID}`.toLowerCase(),
      },
    ]),
  );
}

/**
 * Roles are read from the database, not the token, so a change applies to calls already under way:
 * within `checkMs` plus one query on every replica, since each compares access_version at most that
 * often and drops its whole cache when the number moved. A busy API thus costs one tiny query per
 * `checkMs`, not one per call.
 */
export function createAccessResolver(db: Db, checkMs = ACCESS_VERSION_CHECK_MS): AccessResolver {
  const cache = new Map<string, Promise<UserAccess | null>>();
  let directory: Promise<GroupDirectory> | null = null;
  let version: number | null = null;
  let checkedAt = 0;
  let checking: Promise<void> | null = null;

  const refreshVersion = async () => {
    const latest = await currentVersion(db);
    if (latest !== version) {
      cache.clear();
      directory = null;
    }
    version = latest;
    checkedAt = Date.now();
  };

  const checkVersion = async () => {
    if (Date.now() - checkedAt < checkMs) return;
    checking ??= refreshVersion().finally(() => {
      checking = null;
    });
    await checking;
  };

  return {
    async groupDirectory() {
      await checkVersion();
      if (!directory) {
        const loading = loadDirectory(db);
        directory = loading;
        loading.catch(() => {
          if (directory === loading) directory = null;
        });
      }
      return directory;
    },
    async accessOf(userId) {
      await checkVersion();
      let access = cache.get(userId);
      if (!access) {
        if (cache.size >= MAX_CACHED) cache.clear();
        access = loadAccess(db, userId);
        cache.set(userId, access);
        // A failed read is not remembered: the next call asks again.
        access.catch(() => cache.delete(userId));
      }
      return access;
    },
  };
}
