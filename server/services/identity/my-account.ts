import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import { BRAND } from '../../../src/contracts/brand';
import type { MyAccount, RecoveryCodes, TotpSetup } from '../../../src/contracts/my-account';
import type { Db } from '../../db/client';
import { endProviderRows } from '../../db/provider-rows';
import { oidcModels, userRecoveryCodes, users } from '../../db/schema';
import { invalidFields } from '../../lib/field-errors';
import { conflict, HttpProblem, notFound, tooManyRequests } from '../../lib/problem';
import { securityNoticeMail, type SecurityChange } from './mail-messages';
import { hashPassword, verifyPassword } from './password-hash';
import { passwordProblems } from './password-policy';
import { openPending, sealPending } from './pending-state';
import { replaceRecoveryCodes } from './second-factor';
import type { SecretBox } from './secret-box';
import { checkTotp, newTotpSecret, totpQrSvg, totpUri } from './totp';
import { groupsRequireMfa, type AccountMail } from './users';

/** The signed-in user acting on their own account, and what the service needs of the app. */
export type AccountCaller = {
  userId: string;
  /** The access token's grant (`gid`): names the session the call comes from. Absent with an external provider. */
  grantId?: string | undefined;
  mail: AccountMail;
  box: SecretBox;
  /** Where a security notice that could not be sent is reported (the change itself stands). */
  warn: (error: unknown, message: string) => void;
};

export const MY_ACCOUNT_MESSAGES = {
  wrongCurrentPassword: 'The current password is not correct.',
  startAgain: 'Start the setup again.',
  wrongCode: 'That code is not right. Check the time on your phone and try again.',
  noSecondFactor: 'Set up two-step verification first.',
  currentSession: 'This is the session you are signed in with. Use Log out instead.',
  noSuchSession: 'That session has ended already.',
} as const;

/** How long a TOTP setup may wait for its confirming code. */
const TOTP_SETUP_SECONDS = 10 * 60;
const TOTP_SETUP_PURPOSE = 'my-account-totp';

type UserRow = { email: string; givenName: string; familyName: string; passwordHash: string | null; hasTotp: boolean };

async function userOf(db: Db, userId: string): Promise<UserRow> {
  const [row] = await db
    .select({
      email: users.email,
      givenName: users.givenName,
      familyName: users.familyName,
      passwordHash: users.passwordHash,
      hasTotp: sql<boolean>`${users.totpSecret} is not null`,
    })
    .from(users)
    .where(and(eq(users.userId, userId), eq(users.status, 'active')));
  // The API lets only active users through; one deactivated since then has no account to change.
  if (!row) throw new HttpProblem(401, 'Unauthorized', 'This account is not active.');
  return row;
}

async function notify(caller: AccountCaller, user: UserRow, change: SecurityChange): Promise<void> {
  try {
    await caller.mail.mailer.send({ to: user.email, ...securityNoticeMail({ givenName: user.givenName, change }) });
  } catch (error) {
    caller.warn(error, 'security notice could not be sent');
  }
}

// ---- Sessions ----

type SessionRow = { rowId: string; payload: Record<string, unknown>; expiresAt: Date | string | null };

/**
 * The name the browser sees for a session: a hash of the provider's session id, which is the value of
 * the provider's httpOnly session cookie and must not reach script.
 */
const publicSessionId = (rowId: string) => createHash('sha256').update(rowId).digest('base64url');

/** The grants a session's authorizations (one per client) are bound to. */
function grantsOf(payload: Record<string, unknown>): string[] {
  const authorizations = payload.authorizations;
  if (!authorizations || typeof authorizations !== 'object') return [];
  return Object.values(authorizations as Record<string, unknown>).flatMap((entry) => {
    const grantId = (entry as { grantId?: unknown } | null)?.grantId;
    return typeof grantId === 'string' && grantId !== '' ? [grantId] : [];
  });
}

async function sessionsOf(db: Db, userId: string): Promise<SessionRow[]> {
  return db
    .select({ rowId: oidcModels.id, payload: oidcModels.payload, expiresAt: oidcModels.expiresAt })
    .from(oidcModels)
    .where(
      and(
        eq(oidcModels.kind, 'Session'),
        sql`${oidcModels.payload} ->> 'accountId' = ${userId}`,
        sql`(${oidcModels.expiresAt} is null or ${oidcModels.expiresAt} > now())`,
      ),
    );
}

const isCurrent = (session: SessionRow, grantId: string | undefined) =>
  grantId !== undefined && grantsOf(session.payload).includes(grantId);

/** Deletes sessions and everything issued under their grants (grants, refresh and access tokens). */
async function endSessions(db: Db, sessions: SessionRow[]): Promise<void> {
  if (sessions.length === 0) return;
  const grantIds = [...new Set(sessions.flatMap((s) => grantsOf(s.payload)))];
  const conditions: SQL[] = [
    and(
      eq(oidcModels.kind, 'Session'),
      inArray(
        oidcModels.id,
        sessions.map((s) => s.rowId),
      ),
    )!,
  ];
  if (grantIds.length > 0) {
    conditions.push(inArray(oidcModels.grantId, grantIds));
    conditions.push(and(eq(oidcModels.kind, 'Grant'), inArray(oidcModels.id, grantIds))!);
  }
  await endProviderRows(db, or(...conditions)!);
}

/**
 * Ends everything of the user's at the provider except the session the caller is signed in with and
 * its grants: other sessions, and grants or tokens no session holds any more (a refresh token outlives
 * its session).
 */
async function endOtherSessions(db: Db, caller: AccountCaller): Promise<void> {
  const sessions = await sessionsOf(db, caller.userId);
  const current = sessions.find((s) => isCurrent(s, caller.grantId));
  const keptGrants = [
    ...new Set([...(current ? grantsOf(current.payload) : []), ...(caller.grantId ? [caller.grantId] : [])]),
  ];
  const kept: SQL[] = [];
  if (current) kept.push(and(eq(oidcModels.kind, 'Session'), eq(oidcModels.id, current.rowId))!);
  if (keptGrants.length > 0) {
    kept.push(and(eq(oidcModels.kind, 'Grant'), inArray(oidcModels.id, keptGrants))!);
    // Not null first: a null grant_id would make the whole condition null, and the row would stay.
    kept.push(and(isNotNull(oidcModels.grantId), inArray(oidcModels.grantId, keptGrants))!);
  }
  await db
    .delete(oidcModels)
    .where(
      and(
        sql`${oidcModels.payload} ->> 'accountId' = ${caller.userId}`,
        kept.length > 0 ? not(or(...kept)!) : undefined,
      ),
    );
  // Rows of the other sessions' grants without an accountId of their own.
  const others = sessions.filter((s) => s !== current);
  await endSessions(
    db,
    others.map((s) => ({ ...s, payload: { authorizations: filterGrants(s.payload, keptGrants) } })),
  );
}

/** The session's authorizations without the kept grants (a grant is never shared, but be sure). */
function filterGrants(payload: Record<string, unknown>, keep: string[]): Record<string, { grantId: string }> {
  return Object.fromEntries(
    grantsOf(payload)
      .filter((grantId) => !keep.includes(grantId))
      .map((grantId) => [grantId, { grantId }]),
  );
}

const iso = (value: Date | string) => new Date(value).toISOString();

// ---- The endpoints ----

/** The caller's name, second factors and sessions (current first, then newest first). */
export async function myAccount(
  db: Db,
  caller: AccountCaller,
  passkeys: MyAccount['passkeys'] = [],
): Promise<MyAccount> {
  const user = await userOf(db, caller.userId);
  const [codes] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, caller.userId), isNull(userRecoveryCodes.usedAt)));
  const sessions = (await sessionsOf(db, caller.userId))
    .map((s) => {
      const loginTs = typeof s.payload.loginTs === 'number' ? s.payload.loginTs : null;
      return {
        id: publicSessionId(s.rowId),
        signedInAt: loginTs !== null ? new Date(loginTs * 1000).toISOString() : null,
        expiresAt: s.expiresAt === null ? null : iso(s.expiresAt),
        current: isCurrent(s, caller.grantId),
      };
    })
    // A session without its sign-in time is one still being signed in to (no account yet shown).
    .filter((s): s is MyAccount['sessions'][number] => s.signedInAt !== null)
    .sort((a, b) => Number(b.current) - Number(a.current) || b.signedInAt.localeCompare(a.signedInAt));
  return {
    email: user.email,
    givenName: user.givenName,
    familyName: user.familyName,
    totpEnabled: user.hasTotp,
    recoveryCodesLeft: user.hasTotp ? (codes?.n ?? 0) : 0,
    passkeys,
    mfaRequired: await groupsRequireMfa(db, caller.userId),
    sessions,
  };
}

/**
 * Changes the caller's password. A wrong current password is reported through `onWrongPassword`
 * (the caller counts it as a failed sign-in, outside the request's transaction), and while the sign-in
 * throttle locks the account no password is checked. The caller's other sessions end; this one stays.
 */
export async function changePassword(
  db: Db,
  caller: AccountCaller,
  body: { currentPassword: string; newPassword: string },
  opts: {
    /** Seconds the sign-in throttle still locks the account (or the caller's address) for. */
    lockedForSeconds: (email: string) => Promise<number>;
    /** Counts a failed sign-in (once the refusal's transaction is over). */
    onWrongPassword: (email: string) => void;
    hasPasskeys?: boolean;
  },
): Promise<{ ok: true }> {
  const user = await userOf(db, caller.userId);
  // A stolen token must not let anyone try passwords past the sign-in form's limit.
  const locked = await opts.lockedForSeconds(user.email);
  if (locked > 0) {
    const minutes = Math.max(1, Math.ceil(locked / 60));
    throw tooManyRequests(`Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    opts.onWrongPassword(user.email);
    throw invalidFields({ currentPassword: [MY_ACCOUNT_MESSAGES.wrongCurrentPassword] });
  }
  const problems = passwordProblems(body.newPassword, {
    email: user.email,
    mfaEnrolled: user.hasTotp || opts.hasPasskeys === true,
  });
  if (problems.length > 0) throw invalidFields({ newPassword: problems });
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.userId, caller.userId));
    await endOtherSessions(tx, caller);
  });
  await notify(caller, user, 'password-changed');
  return { ok: true };
}

/** A new TOTP secret to scan; nothing is stored until a code from it confirms it. */
export async function startTotpSetup(db: Db, caller: AccountCaller): Promise<TotpSetup> {
  const user = await userOf(db, caller.userId);
  const secret = newTotpSecret();
  const qrSvg = await totpQrSvg(totpUri({ secret, accountName: user.email, issuer: BRAND.productName }));
  return {
    qrSvg,
    secret,
    pending: sealPending(caller.box, TOTP_SETUP_PURPOSE, caller.userId, { secret }, TOTP_SETUP_SECONDS),
  };
}

/**
 * Turns the scanned secret on (replacing a TOTP the caller had) with new recovery codes, answered once.
 */
export async function confirmTotpSetup(
  db: Db,
  caller: AccountCaller,
  body: { pending: string; code: string },
): Promise<RecoveryCodes> {
  const state = openPending<{ secret?: unknown }>(caller.box, body.pending, TOTP_SETUP_PURPOSE, caller.userId);
  const secret = typeof state?.secret === 'string' ? state.secret : undefined;
  if (!secret) throw invalidFields({ code: [MY_ACCOUNT_MESSAGES.startAgain] });
  const check = checkTotp(body.code, secret, null);
  if (!check.ok) throw invalidFields({ code: [MY_ACCOUNT_MESSAGES.wrongCode] });
  const user = await userOf(db, caller.userId);
  const recoveryCodes = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: caller.box.seal(secret), totpLastStep: check.step, updatedAt: sql`now()` })
      .where(eq(users.userId, caller.userId));
    return replaceRecoveryCodes(tx, caller.userId);
  });
  await notify(caller, user, 'mfa-enrolled');
  return { recoveryCodes };
}

/** Ten new recovery codes in place of the old ones; only for a user with a second factor. */
export async function newRecoveryCodes(
  db: Db,
  caller: AccountCaller,
  opts: { hasPasskeys?: boolean } = {},
): Promise<RecoveryCodes> {
  const user = await userOf(db, caller.userId);
  if (!user.hasTotp && opts.hasPasskeys !== true) throw conflict(MY_ACCOUNT_MESSAGES.noSecondFactor);
  return { recoveryCodes: await replaceRecoveryCodes(db, caller.userId) };
}

/** Ends one of the caller's other sessions; the session of this call is ended by logging out. */
export async function signOutSession(db: Db, caller: AccountCaller, id: string): Promise<{ ok: true }> {
  const session = (await sessionsOf(db, caller.userId)).find((s) => publicSessionId(s.rowId) === id);
  if (!session) throw notFound(MY_ACCOUNT_MESSAGES.noSuchSession);
  if (isCurrent(session, caller.grantId)) throw conflict(MY_ACCOUNT_MESSAGES.currentSession);
  await endSessions(db, [session]);
  return { ok: true };
}

/** Ends every session of the caller but this one. */
export async function signOutOtherSessions(db: Db, caller: AccountCaller): Promise<{ ok: true }> {
  await db.transaction((tx) => endOtherSessions(tx, caller));
  return { ok: true };
}
