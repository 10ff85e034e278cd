import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userRecoveryCodes, users } from '../../db/schema';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import type { SecretBox } from './secret-box';
import { checkTotp } from './totp';

/** What the sign-in and account pages need to know of a user. */
export type FactorUser = {
  userId: string;
  email: string;
  givenName: string;
  status: 'invited' | 'active' | 'deactivated';
  hasTotp: boolean;
};

export async function factorUser(db: Db, userId: string): Promise<FactorUser | undefined> {
  const [row] = await db
    .select({
      userId: users.userId,
      email: users.email,
      givenName: users.givenName,
      status: users.status,
      hasTotp: sql<boolean>`${users.totpSecret} is not null`,
    })
    .from(users)
    .where(eq(users.userId, userId));
  return row;
}

/**
 * Checks a TOTP code of the user and uses it up: the step is stored in the same statement that checks it
 * is newer than the last one, so two requests racing with one code cannot both succeed.
 */
export async function useTotpCode(db: Db, box: SecretBox, userId: string, code: string): Promise<boolean> {
  const [row] = await db
    .select({ secret: users.totpSecret, lastStep: users.totpLastStep })
    .from(users)
    .where(eq(users.userId, userId));
  if (!row?.secret) return false;
  const check = checkTotp(code, box.open(row.secret), row.lastStep);
  if (!check.ok) return false;
  const used = await db
    .update(users)
    .set({ totpLastStep: check.step })
    .where(and(eq(users.userId, userId), sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${check.step})`))
    .returning({ userId: users.userId });
  return used.length === 1;
}

/** Uses up one of the user's recovery codes; false when it is not one of theirs or was used already. */
export async function useRecoveryCode(db: Db, userId: string, input: string): Promise<boolean> {
  const codeHash = recoveryCodeHash(input);
  if (!codeHash) return false;
  const used = await db
    .update(userRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, codeHash),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: userRecoveryCodes.userId });
  return used.length === 1;
}

/** Replaces the user's recovery codes with ten new ones, answered once in clear text. */
export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const { codes, hashes } = newRecoveryCodes();
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  return codes;
}

/**
 * Sets up TOTP for an active user who has none (enrolment at sign-in): the sealed secret, the step of
 * the code that confirmed it, and new recovery codes. Undefined when the user has a secret already
 * (another tab enrolled first).
 */
export async function enrolTotp(
  db: Db,
  userId: string,
  enrolment: { sealedSecret: string; step: number },
): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    const set = await tx
      .update(users)
      .set({ totpSecret: enrolment.sealedSecret, totpLastStep: enrolment.step, updatedAt: sql`now()` })
      .where(and(eq(users.userId, userId), isNull(users.totpSecret), eq(users.status, 'active')))
      .returning({ userId: users.userId });
    if (set.length !== 1) return undefined;
    return replaceRecoveryCodes(tx, userId);
  });
}
