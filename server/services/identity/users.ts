import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../../src/contracts/permissions';
import {
  INVITATION_DAYS,
  OPERATOR_ONLY_ROLES,
  USER_MESSAGES,
  type GroupUser,
  type UserAnswer,
  type UserList,
} from '../../../src/contracts/users';
import type { Db } from '../../db/client';
import { endProviderRows } from '../../db/provider-rows';
import { employers, oidcModels, userGrants, userLinks, userPasskeys, userRecoveryCodes, users } from '../../db/schema';
import { contains } from '../../lib/like-pattern';
import { conflict, forbidden, HttpProblem, notFound } from '../../lib/problem';
import { bumpAccessVersion, type UserAccess } from './access';
import { invitationMail, securityNoticeMail } from './mail-messages';
import type { Mailer } from './mailer';
import { newLinkToken } from './single-use-token';

/** Who acts on the Users screen, in which group, and how their messages leave. */
export type UserAdmin = {
  access: UserAccess;
  employerPK: number;
  mail: AccountMail;
};

/**
 * The mailer and the portal's public URL, which the links in messages start with. With an external
 * identity provider (`externalSignIn`), an invitation links to the portal itself, where the person
 * signs in with their organisation's account and is matched by verified e-mail.
 */
export type AccountMail = { mailer: Mailer; publicUrl: string; externalSignIn?: boolean };

export const invitationPath = (token: string) => `/idp/invitation/${token}`;

const userColumns = {
  userId: users.userId,
  email: users.email,
  givenName: users.givenName,
  familyName: users.familyName,
  status: users.status,
  lastSignInAt: users.lastSignInAt,
  mfaEnabled: sql<boolean>`(${users.totpSecret} is not null or exists (select 1 from ${userPasskeys} p where p.user_id = users.user_id))`,
};

// Correlated on "users"."user_id" written out: an interpolated column would render unqualified, and
// inside the subquery that names the inner table's column.
const rolesInGroup = (employerPK: number) =>
  sql<
    Role[]
  >`coalesce((select array_agg(g.role order by g.role) from ${userGrants} g where g.user_id = users.user_id and g.employer_pk = ${employerPK}), '{}')`;
const pendingInvitationUntil = sql<Date | null>`(select max(l.expires_at) from ${userLinks} l where l.user_id = users.user_id and l.kind = 'invitation' and l.used_at is null and l.expires_at > now())`;
// The group's staff: a user whose only role there is Member (an employee's own account) is not one.
const inGroup = (employerPK: number) =>
  sql`exists (select 1 from ${userGrants} g where g.user_id = users.user_id and g.employer_pk = ${employerPK} and g.role <> 'Member')`;

type UserRow = {
  userId: string;
  email: string;
  givenName: string;
  familyName: string;
  status: GroupUser['status'];
  lastSignInAt: Date | null;
  mfaEnabled: boolean;
  roles: Role[];
  invitationExpiresAt: Date | string | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toGroupUser(row: UserRow): GroupUser {
  return {
    userId: row.userId,
    email: row.email,
    givenName: row.givenName,
    familyName: row.familyName,
    status: row.status,
    roles: row.roles,
    lastSignInAt: iso(row.lastSignInAt),
    mfaEnabled: row.mfaEnabled,
    invitationExpiresAt: row.status === 'invited' ? iso(row.invitationExpiresAt) : null,
  };
}

function selectGroupUsers(db: Db, employerPK: number) {
  return db
    .select({ ...userColumns, roles: rolesInGroup(employerPK), invitationExpiresAt: pendingInvitationUntil })
    .from(users);
}

const SORTS = {
  name: [users.familyName, users.givenName, users.email],
  email: [users.email],
  status: [users.status, users.familyName, users.givenName],
  lastSignInAt: [users.lastSignInAt, users.email],
} as const;

type UserListFilters = {
  search?: string | undefined;
  status?: GroupUser['status'] | '' | undefined;
  sort: keyof typeof SORTS;
  order: 'ASC' | 'DESC';
};

function listWhere(employerPK: number, q: UserListFilters): SQL | undefined {
  const search = q.search?.trim();
  const pattern = search ? contains(search) : undefined;
  return and(
    inGroup(employerPK),
    pattern
      ? or(
          ilike(users.email, pattern),
          ilike(users.givenName, pattern),
          ilike(users.familyName, pattern),
          sql`(${users.givenName} || ' ' || ${users.familyName}) ilike ${pattern}`,
        )
      : undefined,
    q.status ? eq(users.status, q.status) : undefined,
  );
}

function listOrder(q: UserListFilters) {
  const direction = q.order === 'DESC' ? desc : asc;
  return [...SORTS[q.sort].map((column) => direction(column)), asc(users.userId)];
}

/** The group's users with their roles there, a page at a time. */
export async function userList(
  db: Db,
  employerPK: number,
  q: UserListFilters & { page: number; recordsPerPage: number; knownCount?: number | undefined },
): Promise<UserList> {
  const where = listWhere(employerPK, q);
  const rows = await selectGroupUsers(db, employerPK)
    .where(where)
    .orderBy(...listOrder(q))
    .limit(q.recordsPerPage)
    .offset(q.page * q.recordsPerPage);
  let total = q.knownCount;
  if (total === undefined) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where);
    total = row?.n ?? 0;
  }
  return { list: rows.map(toGroupUser), recordCount: total };
}

/** Users of the filter from `offset`, for the export (a group has a few thousand users at most). */
export async function userListRows(
  db: Db,
  employerPK: number,
  q: UserListFilters,
  range: { offset: number; limit: number },
): Promise<GroupUser[]> {
  const rows = await selectGroupUsers(db, employerPK)
    .where(listWhere(employerPK, q))
    .orderBy(...listOrder(q))
    .limit(range.limit)
    .offset(range.offset);
  return rows.map(toGroupUser);
}

async function groupUserOf(db: Db, employerPK: number, userId: string): Promise<GroupUser | null> {
  const [row] = await selectGroupUsers(db, employerPK).where(and(eq(users.userId, userId), inGroup(employerPK)));
  return row ? toGroupUser(row) : null;
}

/** The user as a member of the group, or 404: users of other groups are not the caller's to know. */
async function requireGroupUser(db: Db, employerPK: number, userId: string): Promise<GroupUser> {
  const user = await groupUserOf(db, employerPK, userId);
  if (!user) throw notFound(USER_MESSAGES.notInGroup);
  return user;
}

async function activeGroupAdmins(db: Db, employerPK: number, except?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${userGrants.userId})::int` })
    .from(userGrants)
    .innerJoin(users, eq(users.userId, userGrants.userId))
    .where(
      and(
        eq(userGrants.employerPK, employerPK),
        eq(userGrants.role, 'GroupAdmin'),
        ne(users.status, 'deactivated'),
        except ? ne(userGrants.userId, except) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** The rules of who may grant what, in one place. */
async function checkGrant(db: Db, admin: UserAdmin, before: readonly Role[], after: readonly Role[], userId?: string) {
  const added = after.filter((role) => !before.includes(role));
  const removed = before.filter((role) => !after.includes(role));
  // Nobody, the operator included, leaves a group without a GroupAdmin.
  if (removed.includes('GroupAdmin') && (await activeGroupAdmins(db, admin.employerPK, userId)) === 0) {
    throw conflict(USER_MESSAGES.lastGroupAdmin);
  }
  if (admin.access.portalAdministrator) return;
  if (added.some((role) => OPERATOR_ONLY_ROLES.includes(role))) throw forbidden(USER_MESSAGES.operatorOnlyRole);
  if (added.includes('GroupAdmin') && (await activeGroupAdmins(db, admin.employerPK)) === 0) {
    throw forbidden(USER_MESSAGES.firstGroupAdmin);
  }
}

async function setRoles(db: Db, userId: string, employerPK: number, roles: readonly Role[]) {
  // A Member grant names the employee's own record; the Users screen's roles leave it as it is.
  await db
    .delete(userGrants)
    .where(and(eq(userGrants.userId, userId), eq(userGrants.employerPK, employerPK), ne(userGrants.role, 'Member')));
  if (roles.length > 0) await db.insert(userGrants).values(roles.map((role) => ({ userId, employerPK, role })));
}

export async function sendInvitation(
  db: Db,
  admin: UserAdmin,
  user: { userId: string; email: string; givenName: string },
) {
  if (admin.mail.externalSignIn) {
    const message = invitationMail({
      givenName: user.givenName,
      link: `${admin.mail.publicUrl}/`,
      invitedBy: `${admin.access.givenName} ${admin.access.familyName}`,
      expiresDays: INVITATION_DAYS,
      externalSignIn: true,
    });
    return deliver(admin.mail, user.email, message);
  }
  // A new link replaces any earlier one.
  await db
    .update(userLinks)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userLinks.userId, user.userId), eq(userLinks.kind, 'invitation'), isNull(userLinks.usedAt)));
  const { token, hash } = newLinkToken();
  await db.insert(userLinks).values({
    tokenHash: hash,
    userId: user.userId,
    kind: 'invitation',
    expiresAt: sql`now() + make_interval(days => ${INVITATION_DAYS})`,
  });
  const message = invitationMail({
    givenName: user.givenName,
    link: `${admin.mail.publicUrl}${invitationPath(token)}`,
    invitedBy: `${admin.access.givenName} ${admin.access.familyName}`,
    expiresDays: INVITATION_DAYS,
  });
  await deliver(admin.mail, user.email, message);
}

/** Sending fails the change (its transaction rolls back): an invitation nobody received was not sent. */
async function deliver(mail: AccountMail, to: string, message: { subject: string; text: string; html: string }) {
  try {
    await mail.mailer.send({ to, ...message });
  } catch {
    throw new HttpProblem(503, 'Service Unavailable', 'The e-mail could not be sent. Try again in a few minutes.');
  }
}

/**
 * Invites a person to the group. A new e-mail becomes an invited user; a known one gets the roles in
 * this group (and, still invited, a fresh link). A person already in the group is changed with
 * changeUserRoles instead.
 */
export async function inviteUser(
  db: Db,
  admin: UserAdmin,
  body: { email: string; givenName: string; familyName: string; roles: Role[] },
): Promise<UserAnswer> {
  await checkGrant(db, admin, [], body.roles);
  const [existing] = await db.select().from(users).where(eq(users.email, body.email));
  let userId: string;
  if (existing) {
    if (await groupUserOf(db, admin.employerPK, existing.userId)) {
      throw conflict('This person is already a user of this group: change their roles instead.');
    }
    userId = existing.userId;
  } else {
    userId = `user-${randomUUID()}`;
    await db.insert(users).values({
      userId,
      email: body.email,
      givenName: body.givenName,
      familyName: body.familyName,
      // Behind an external provider there is no password to set: the first sign-in there is the acceptance.
      status: admin.mail.externalSignIn ? 'active' : 'invited',
    });
  }
  await setRoles(db, userId, admin.employerPK, body.roles);
  if (!existing || existing.status === 'invited' || admin.mail.externalSignIn) {
    await sendInvitation(db, admin, { userId, email: body.email, givenName: existing?.givenName ?? body.givenName });
  }
  await bumpAccessVersion(db);
  return { user: await groupUserOf(db, admin.employerPK, userId) };
}

export async function resendInvitation(db: Db, admin: UserAdmin, userId: string): Promise<UserAnswer> {
  const user = await requireGroupUser(db, admin.employerPK, userId);
  if (user.status !== 'invited') throw conflict(USER_MESSAGES.notInvited);
  await sendInvitation(db, admin, user);
  return { user: await groupUserOf(db, admin.employerPK, userId) };
}

/** Withdraws the invitation to this group; a person invited to no other group is removed altogether. */
export async function cancelInvitation(db: Db, admin: UserAdmin, userId: string): Promise<UserAnswer> {
  const user = await requireGroupUser(db, admin.employerPK, userId);
  if (user.status !== 'invited') throw conflict(USER_MESSAGES.notInvited);
  await checkGrant(db, admin, user.roles, [], userId);
  await setRoles(db, userId, admin.employerPK, []);
  const [other] = await db
    .select({ userId: userGrants.userId })
    .from(userGrants)
    .where(eq(userGrants.userId, userId))
    .limit(1);
  if (other) {
    await db
      .update(userLinks)
      .set({ usedAt: sql`now()` })
      .where(and(eq(userLinks.userId, userId), isNull(userLinks.usedAt)));
  } else {
    await db.delete(users).where(eq(users.userId, userId));
  }
  await bumpAccessVersion(db);
  return { user: null };
}

export async function changeUserRoles(db: Db, admin: UserAdmin, userId: string, roles: Role[]): Promise<UserAnswer> {
  const user = await requireGroupUser(db, admin.employerPK, userId);
  if (roles.length === 0 && userId === admin.access.userId) throw conflict(USER_MESSAGES.ownAccount);
  await checkGrant(db, admin, user.roles, roles, userId);
  await setRoles(db, userId, admin.employerPK, roles);
  await bumpAccessVersion(db);
  return { user: await groupUserOf(db, admin.employerPK, userId) };
}

/** Groups other than this one where the user holds roles and the caller administers nothing. */
async function groupsBeyondCaller(db: Db, admin: UserAdmin, userId: string): Promise<number[]> {
  if (admin.access.portalAdministrator) return [];
  const administered = admin.access.groupRoles.filter((g) => g.roles.includes('GroupAdmin')).map((g) => g.GroupPK);
  const rows = await db
    .selectDistinct({ employerPK: userGrants.employerPK })
    .from(userGrants)
    .where(
      and(
        eq(userGrants.userId, userId),
        administered.length > 0 ? sql`${userGrants.employerPK} not in ${administered}` : undefined,
      ),
    );
  return rows.map((r) => r.employerPK);
}

/** Groups where the user is the one GroupAdmin left. */
async function lastAdminOf(db: Db, userId: string): Promise<boolean> {
  const groups = await db
    .select({ employerPK: userGrants.employerPK })
    .from(userGrants)
    .where(and(eq(userGrants.userId, userId), eq(userGrants.role, 'GroupAdmin')));
  for (const { employerPK } of groups) if ((await activeGroupAdmins(db, employerPK, userId)) === 0) return true;
  return false;
}

/** Ends every session and refresh token of the user at the provider: the next renewal fails. */
async function revokeSessions(db: Db, userId: string) {
  await endProviderRows(db, sql`${oidcModels.payload} ->> 'accountId' = ${userId}`);
}

/**
 * Deactivates the account: sign-in is refused, sessions and refresh tokens end now, and the API
 * refuses the user's unexpired access tokens once replicas see the change (ACCESS_VERSION_CHECK_MS).
 * The account is the user's in every group, so a GroupAdmin deactivates only users whose every
 * group they administer.
 */
export async function deactivateUser(db: Db, admin: UserAdmin, userId: string): Promise<UserAnswer> {
  const user = await requireGroupUser(db, admin.employerPK, userId);
  if (userId === admin.access.userId) throw conflict(USER_MESSAGES.ownAccount);
  if (user.status === 'deactivated') return { user };
  if ((await groupsBeyondCaller(db, admin, userId)).length > 0) throw conflict(USER_MESSAGES.otherGroups);
  if (await lastAdminOf(db, userId)) throw conflict(USER_MESSAGES.lastGroupAdmin);
  await db
    .update(users)
    .set({ status: 'deactivated', updatedAt: sql`now()` })
    .where(eq(users.userId, userId));
  await db
    .update(userLinks)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userLinks.userId, userId), isNull(userLinks.usedAt)));
  await revokeSessions(db, userId);
  await bumpAccessVersion(db);
  return { user: await groupUserOf(db, admin.employerPK, userId) };
}

/** A deactivated user signs in again; one who never accepted the invitation is invited again. */
export async function reactivateUser(db: Db, admin: UserAdmin, userId: string): Promise<UserAnswer> {
  const user = await requireGroupUser(db, admin.employerPK, userId);
  if (user.status !== 'deactivated') return { user };
  if ((await groupsBeyondCaller(db, admin, userId)).length > 0) throw conflict(USER_MESSAGES.otherGroups);
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.userId, userId));
  const status = row?.passwordHash ? 'active' : 'invited';
  await db
    .update(users)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(users.userId, userId));
  if (status === 'invited') await sendInvitation(db, admin, user);
  await bumpAccessVersion(db);
  return { user: await groupUserOf(db, admin.employerPK, userId) };
}

/** Removes the user's second factors (TOTP, passkeys) and recovery codes; they set up a new one at their next sign-in. */
export async function resetUserMfa(db: Db, admin: UserAdmin, userId: string): Promise<UserAnswer> {
  const user = await requireGroupUser(db, admin.employerPK, userId);
  if ((await groupsBeyondCaller(db, admin, userId)).length > 0) throw conflict(USER_MESSAGES.otherGroups);
  await db
    .update(users)
    .set({ totpSecret: null, totpLastStep: null, updatedAt: sql`now()` })
    .where(eq(users.userId, userId));
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.delete(userPasskeys).where(eq(userPasskeys.userId, userId));
  await deliver(admin.mail, user.email, securityNoticeMail({ givenName: user.givenName, change: 'mfa-reset' }));
  return { user: await groupUserOf(db, admin.employerPK, userId) };
}

/** Whether any group of the user requires a second factor at sign-in. */
export async function groupsRequireMfa(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ required: sql<boolean>`bool_or(${employers.mfaRequired})` })
    .from(userGrants)
    .innerJoin(employers, eq(employers.employerPK, userGrants.employerPK))
    .where(eq(userGrants.userId, userId));
  return row?.required ?? false;
}
