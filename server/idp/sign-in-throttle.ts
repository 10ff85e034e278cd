import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signInThrottles } from '../db/schema';

export type ThrottlePolicy = {
  /** Failures within the window that lock an account. */
  accountFailures: number;
  /** Failures within the window that lock a client address, whatever accounts it tries (password spraying). */
  addressFailures: number;
  windowSeconds: number;
  /** The first lock; each further one doubles, up to maxLockSeconds. */
  baseLockSeconds: number;
  maxLockSeconds: number;
};

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  accountFailures: 5,
  addressFailures: 20,
  windowSeconds: 15 * 60,
  baseLockSeconds: 30,
  maxLockSeconds: 15 * 60,
};

// Emails are counted as typed (normalised), whether or not an account exists, so a lock tells an
// attacker nothing about which addresses are real.
const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;

/** Seconds until the account or the address may try again; 0 when neither is locked. */
export async function lockedForSeconds(db: Db, email: string, ip: string): Promise<number> {
  const [row] = await db
    .select({
      seconds: sql<number>`ceil(extract(epoch from max(${signInThrottles.lockedUntil}) - now()))::int`,
    })
    .from(signInThrottles)
    .where(inArray(signInThrottles.key, [accountKey(email), addressKey(ip)]));
  return Math.max(0, Number(row?.seconds ?? 0));
}

/** Counts one failure; answers the seconds of the lock it started, or 0. */
async function countFailure(db: Db, key: string, limit: number, policy: ThrottlePolicy): Promise<number> {
  const windowStart = sql`now() - make_interval(secs => ${policy.windowSeconds})`;
  const stale = sql`${signInThrottles.windowStartedAt} < ${windowStart}`;
  // One statement per key, so replicas counting the same account at once never lose a failure.
  const [counted] = await db
    .insert(signInThrottles)
    .values({ key, failures: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: signInThrottles.key,
      set: {
        failures: sql`case when ${stale} then 1 else ${signInThrottles.failures} + 1 end`,
        // A quiet window forgets earlier locks too: the next lock is short again.
        lockouts: sql`case when ${stale} and coalesce(${signInThrottles.lockedUntil} < ${windowStart}, true) then 0 else ${signInThrottles.lockouts} end`,
        windowStartedAt: sql`case when ${stale} then now() else ${signInThrottles.windowStartedAt} end`,
      },
    })
    .returning({ failures: signInThrottles.failures, lockouts: signInThrottles.lockouts });
  if (!counted || counted.failures < limit) return 0;

  const lockSeconds = Math.min(policy.baseLockSeconds * 2 ** counted.lockouts, policy.maxLockSeconds);
  await db
    .update(signInThrottles)
    .set({
      failures: 0,
      lockouts: counted.lockouts + 1,
      windowStartedAt: sql`now()`,
      lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})`,
    })
    .where(eq(signInThrottles.key, key));
  return lockSeconds;
}

/** Counts a wrong password for the account and the address; answers the seconds of a lock it started, or 0. */
export async function recordFailedSignIn(
  db: Db,
  email: string,
  ip: string,
  policy = DEFAULT_THROTTLE_POLICY,
): Promise<number> {
  const account = await countFailure(db, accountKey(email), policy.accountFailures, policy);
  const address = await countFailure(db, addressKey(ip), policy.addressFailures, policy);
  return Math.max(account, address);
}

/** A successful sign-in clears the account's count; the address keeps its own. */
export async function recordSuccessfulSignIn(db: Db, email: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.key, accountKey(email)));
}

/** Whole minutes for the message, never "0 minutes". */
export function lockMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Password reset requests: 5 per address typed and 20 per client address in 15 minutes, then a wait. */
export const RESET_REQUEST_POLICY: ThrottlePolicy = {
  accountFailures: 5,
  addressFailures: 20,
  windowSeconds: 15 * 60,
  baseLockSeconds: 15 * 60,
  maxLockSeconds: 60 * 60,
};

// Counted apart from sign-in failures: asking for a link is no failed sign-in.
const resetAccountKey = (email: string) => `reset-account:${email.trim().toLowerCase()}`;
const resetAddressKey = (ip: string) => `reset-ip:${ip}`;

/** Seconds until this e-mail or address may ask for a reset link again; 0 when it may now. */
export async function resetRequestLockedFor(db: Db, email: string, ip: string): Promise<number> {
  const [row] = await db
    .select({
      seconds: sql<number>`ceil(extract(epoch from max(${signInThrottles.lockedUntil}) - now()))::int`,
    })
    .from(signInThrottles)
    .where(inArray(signInThrottles.key, [resetAccountKey(email), resetAddressKey(ip)]));
  return Math.max(0, Number(row?.seconds ?? 0));
}

/** Counts one reset request for the e-mail and the address; the limit-th starts the wait. */
export async function recordResetRequest(
  db: Db,
  email: string,
  ip: string,
  policy = RESET_REQUEST_POLICY,
): Promise<void> {
  await countFailure(db, resetAccountKey(email), policy.accountFailures, policy);
  await countFailure(db, resetAddressKey(ip), policy.addressFailures, policy);
}

/** The message for a wait between reset requests. */
export function resetWaitMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
