// Writes safe to retry (IETF draft "The Idempotency-Key HTTP Header Field"). A change that carries an
// Idempotency-Key claims it, per caller, inside the change's own transaction and stores its answer
// there before COMMIT: a kill leaves either the change with its answer or neither. A retry of a
// committed call replays the answer (success or refusal) without running it again; a retry while
// the first is still running gets 409 with Retry-After; the same key with another request gets 422.
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpProblem } from '../lib/problem';

/** How long a key answers retries; the API documentation states it. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;
/** How often the server forgets keys past their retention. */
export const IDEMPOTENCY_EXPIRY_INTERVAL_MS = 15 * 60_000;
/** How long a retry waits for the first call's transaction before it is told to come back. */
const IN_FLIGHT_WAIT_MS = 1_000;
export const IN_FLIGHT_RETRY_AFTER_SECONDS = 1;

/** A structured-field string: printable ASCII in quotes, `\"` and `\\` escaped. Bare tokens are taken too. */
const QUOTED_KEY = /^"((?:[\x20-\x21\x23-\x5b\x5d-\x7e]|\\["\\]){1,255})"$/;
const BARE_KEY = /^[A-Za-z0-9._~:+/=-]{1,255}$/;

/** The call's key, null when it has none; a malformed one is refused rather than ignored. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const value = Array.isArray(header) ? null : header.trim();
  const quoted = value ? QUOTED_KEY.exec(value) : null;
  if (quoted) return quoted[1]!.replace(/\\(["\\])/g, '$1');
  if (value && BARE_KEY.test(value)) return value;
  throw new HttpProblem(
    400,
    'Bad Request',
    'The Idempotency-Key header must be one quoted string of 1 to 255 printable characters.',
  );
}

/** What the call asked for: its name, query and body. */
export function requestFingerprint(endpoint: string, query: unknown, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([endpoint, query ?? null, Buffer.isBuffer(body) ? body.toString('base64') : (body ?? null)]))
    .digest('hex');
}

type StoredProblem = {
  title: string;
  detail?: string;
  errors?: Record<string, string[]>;
  extensions?: Record<string, unknown>;
};
export type Replay = { status: number; answer: unknown; headers: Record<string, string> };
/** Headers of an answer that a client reads, so a replay carries them too. */
export const REPLAYED_HEADERS = ['etag'] as const;

/**
 * Claims the key in the transaction `tx`, or answers from it: resolves to null once claimed (the call
 * runs), or to the stored answer of a committed call (a refusal's as its problem, see replayedProblem).
 * Throws 409 while the first call still runs, and 422 for another request under the same key.
 */
export async function claimIdempotencyKey(
  tx: Db,
  claim: { actor: string; key: string; fingerprint: string },
): Promise<Replay | null> {
  // A first call still running holds the key's row: wait a moment for it, then say to come back.
  await tx.execute(sql.raw(`set local lock_timeout = ${IN_FLIGHT_WAIT_MS}`));
  let claimed: unknown[];
  try {
    claimed = await tx
      .insert(idempotencyKeys)
      .values({ ...claim, status: 0 })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
  } catch (error) {
    if (
      (error as { code?: string; cause?: { code?: string } }).cause?.code === '55P03' ||
      (error as { code?: string }).code === '55P03'
    ) {
      throw new HttpProblem(
        409,
        'Conflict',
        'This request is still being processed. Try again in a moment.',
        undefined,
        {
          retryAfter: IN_FLIGHT_RETRY_AFTER_SECONDS,
        },
      );
    }
    throw error;
  }
  await tx.execute(sql.raw('set local lock_timeout = default'));
  if (claimed.length > 0) return null;
  const [stored] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.actor, claim.actor), eq(idempotencyKeys.key, claim.key)));
  if (!stored) throw new HttpProblem(409, 'Conflict', 'This request is still being processed. Try again in a moment.');
  if (stored.fingerprint !== claim.fingerprint) {
    throw new HttpProblem(
      422,
      'Unprocessable Content',
      'This Idempotency-Key was already used for another request. Send a new key for a new request.',
    );
  }
  return { status: stored.status, answer: stored.answer, headers: stored.headers ?? {} };
}

/** The problem a stored refusal answers again. */
export function replayedProblem(replay: Replay): HttpProblem {
  const problem = replay.answer as StoredProblem;
  return new HttpProblem(replay.status, problem.title, problem.detail, problem.errors, problem.extensions);
}

/** Stores the answer of a claimed key, in the same transaction as the change. */
export async function storeIdempotentAnswer(
  tx: Db,
  claim: { actor: string; key: string },
  status: number,
  answer: unknown,
  headers: Record<string, string> = {},
): Promise<void> {
  const stored =
    answer instanceof HttpProblem
      ? ({
          title: answer.title,
          detail: answer.detail,
          errors: answer.errors,
          extensions: answer.extensions,
        } satisfies StoredProblem)
      : (answer ?? null);
  await tx
    .update(idempotencyKeys)
    .set({ status, answer: stored, headers })
    .where(and(eq(idempotencyKeys.actor, claim.actor), eq(idempotencyKeys.key, claim.key)));
}

/** Forgets keys past their retention; run by the server's upkeep. */
export async function deleteExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_HOURS * 3_600_000);
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
