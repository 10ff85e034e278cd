import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { verifyPassword } from './password-hash';

/** The sign-in name as stored: trimmed and lower-case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

export type SignInUser = { userId: string; email: string; givenName: string; familyName: string };

/**
 * The active user whose e-mail and password match, or undefined. An unknown e-mail, an invited or
 * deactivated user and a wrong password look the same, and take the same time: the password is hashed
 * whether or not there is anything to compare it with.
 */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<SignInUser | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalEmail(email)));
  const usable = user?.status === 'active' ? user : undefined;
  const matches = await verifyPassword(password, usable?.passwordHash ?? null);
  if (!matches || !usable) return undefined;
  return { userId: usable.userId, email: usable.email, givenName: usable.givenName, familyName: usable.familyName };
}

/** The user's claims for their tokens; undefined once the user is gone or deactivated. */
export async function findActiveUser(db: Db, userId: string): Promise<SignInUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.userId, userId));
  if (!user || user.status !== 'active') return undefined;
  return { userId: user.userId, email: user.email, givenName: user.givenName, familyName: user.familyName };
}

export async function recordSignIn(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(users.userId, userId));
}

/**
 * The user behind an external provider's token (OIDC_AUTHORITY): the one already linked to its subject,
 * else the one whose e-mail the provider verified, which is then linked. Unknown people get no user:
 * access is still given on the Users screen only.
 */
export async function externalUserId(
  db: Db,
  token: { sub: string; email?: string | undefined; emailVerified?: boolean | undefined },
): Promise<string | undefined> {
  const [linked] = await db.select({ userId: users.userId }).from(users).where(eq(users.externalSubject, token.sub));
  if (linked) return linked.userId;
  if (!token.email || !token.emailVerified) return undefined;
  const [matched] = await db
    .update(users)
    .set({ externalSubject: token.sub, updatedAt: sql`now()` })
    .where(sql`${users.email} = ${normalEmail(token.email)} and ${users.externalSubject} is null`)
    .returning({ userId: users.userId });
  return matched?.userId;
}
