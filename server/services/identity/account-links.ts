import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { endProviderRows } from '../../db/provider-rows';
import { oidcModels, userLinks, userRecoveryCodes, users } from '../../db/schema';
import { newRecoveryCodes } from './recovery-codes';
import { linkTokenHash, newLinkToken } from './single-use-token';

/** Minutes a password reset link works. */
export const RESET_LINK_MINUTES = 30;

export const resetPath = (token: string) => `/idp/reset/${token}`;

export type LinkKind = 'invitation' | 'reset';

/** The user behind a link that still works. */
export type LinkUser = {
  tokenHash: string;
  userId: string;
  email: string;
  givenName: string;
  hasTotp: boolean;
};

// An invitation is for an invited user, a reset for an active one: a link of the other state is void.
const STATUS_OF: Record<LinkKind, 'invited' | 'active'> = { invitation: 'invited', reset: 'active' };

/** The user of an unused, unexpired link of this kind, or undefined (unknown, used, expired, malformed). */
export async function findUsableLink(db: Db, token: string, kind: LinkKind): Promise<LinkUser | undefined> {
  const tokenHash = linkTokenHash(token);
  if (!tokenHash) return undefined;
  const [row] = await db
    .select({
      tokenHash: userLinks.tokenHash,
      userId: users.userId,
      email: users.email,
      givenName: users.givenName,
      hasTotp: sql<boolean>`${users.totpSecret} is not null`,
    })
    .from(userLinks)
    .innerJoin(users, eq(users.userId, userLinks.userId))
    .where(
      and(
        eq(userLinks.tokenHash, tokenHash),
        eq(userLinks.kind, kind),
        isNull(userLinks.usedAt),
        gt(userLinks.expiresAt, sql`now()`),
        eq(users.status, STATUS_OF[kind]),
      ),
    );
  return row;
}

type Tx = Db;

/** Thrown inside a transaction to undo it; the caller answers that the link no longer works. */
class Undo extends Error {}

async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T | undefined>): Promise<T | undefined> {
  try {
    return await db.transaction((tx) => work(tx));
  } catch (error) {
    if (error instanceof Undo) return undefined;
    throw error;
  }
}

/** Marks the link used if it still works; false when another request used it first or it expired. */
async function useLink(tx: Tx, tokenHash: string, kind: LinkKind, userId: string): Promise<boolean> {
  const used = await tx
    .update(userLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userLinks.tokenHash, tokenHash),
        eq(userLinks.kind, kind),
        eq(userLinks.userId, userId),
        isNull(userLinks.usedAt),
        gt(userLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ tokenHash: userLinks.tokenHash });
  return used.length === 1;
}

/**
 * Accepts an invitation in one transaction: the link is used, the user becomes active with the password
 * and, when set up, the sealed TOTP secret and new recovery codes (answered once in clear text).
 * Undefined when the link no longer works.
 */
export async function acceptInvitation(
  db: Db,
  accept: { tokenHash: string; userId: string; passwordHash: string; totp?: { sealedSecret: string; step: number } },
): Promise<{ recoveryCodes: string[] } | undefined> {
  return inTransaction(db, async (tx) => {
    if (!(await useLink(tx, accept.tokenHash, 'invitation', accept.userId))) return undefined;
    const activated = await tx
      .update(users)
      .set({
        status: 'active',
        passwordHash: accept.passwordHash,
        totpSecret: accept.totp?.sealedSecret ?? null,
        totpLastStep: accept.totp?.step ?? null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.userId, accept.userId), eq(users.status, 'invited')))
      .returning({ userId: users.userId });
    if (activated.length !== 1) throw new Undo();
    // Any other invitation of the user is void now.
    await tx
      .update(userLinks)
      .set({ usedAt: sql`now()` })
      .where(and(eq(userLinks.userId, accept.userId), isNull(userLinks.usedAt)));
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, accept.userId));
    if (!accept.totp) return { recoveryCodes: [] };
    const { codes, hashes } = newRecoveryCodes();
    await tx.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ userId: accept.userId, codeHash })));
    return { recoveryCodes: codes };
  });
}

/** A new reset link for the user; earlier unused ones stop working. Answers the token for the mail. */
export async function createResetLink(db: Db, userId: string): Promise<string> {
  const { token, hash } = newLinkToken();
  await db.transaction(async (tx) => {
    await tx
      .update(userLinks)
      .set({ usedAt: sql`now()` })
      .where(and(eq(userLinks.userId, userId), eq(userLinks.kind, 'reset'), isNull(userLinks.usedAt)));
    await tx.insert(userLinks).values({
      tokenHash: hash,
      userId,
      kind: 'reset',
      expiresAt: sql`now() + make_interval(mins => ${RESET_LINK_MINUTES})`,
    });
  });
  return token;
}

/**
 * Sets the new password through a reset link in one transaction: the link is used, other reset links
 * are void, and every session and refresh token of the user ends. False when the link no longer works.
 */
export async function completePasswordReset(
  db: Db,
  reset: { tokenHash: string; userId: string; passwordHash: string },
): Promise<boolean> {
  const done = await inTransaction(db, async (tx) => {
    if (!(await useLink(tx, reset.tokenHash, 'reset', reset.userId))) return undefined;
    const changed = await tx
      .update(users)
      .set({ passwordHash: reset.passwordHash, updatedAt: sql`now()` })
      .where(and(eq(users.userId, reset.userId), eq(users.status, 'active')))
      .returning({ userId: users.userId });
    if (changed.length !== 1) throw new Undo();
    await tx
      .update(userLinks)
      .set({ usedAt: sql`now()` })
      .where(and(eq(userLinks.userId, reset.userId), eq(userLinks.kind, 'reset'), isNull(userLinks.usedAt)));
    await endProviderRows(tx, sql`${oidcModels.payload} ->> 'accountId' = ${reset.userId}`);
    return true;
  });
  return done ?? false;
}

/** The active user with this e-mail, for a reset request; undefined for anyone else. */
export async function activeUserByEmail(
  db: Db,
  email: string,
): Promise<{ userId: string; email: string; givenName: string } | undefined> {
  const [row] = await db
    .select({ userId: users.userId, email: users.email, givenName: users.givenName })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(users.status, 'active')));
  return row;
}
