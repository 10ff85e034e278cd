import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oidcModels } from '../db/schema';

/** How long a grant seen alive is trusted without asking the database again. */
export const GRANT_CHECK_TTL_MS = 30_000;
const MAX_REMEMBERED = 10_000;

/**
 * Whether the grant an access token was issued under still exists. Logout and refresh-token reuse
 * destroy the grant, so its access tokens stop working within GRANT_CHECK_TTL_MS although they are
 * signed and unexpired. Live grants are remembered per process, so a busy user costs one query per
 * TTL, not one per call.
 */
export function createGrantCheck(db: Db, ttlMs = GRANT_CHECK_TTL_MS): (grantId: string) => Promise<boolean> {
  const seenAlive = new Map<string, number>();
  return async (grantId) => {
    const now = Date.now();
    const seen = seenAlive.get(grantId);
    if (seen !== undefined && now - seen < ttlMs) return true;
    const [row] = await db
      .select({ id: oidcModels.id })
      .from(oidcModels)
      .where(
        and(
          eq(oidcModels.kind, 'Grant'),
          eq(oidcModels.id, grantId),
          sql`(${oidcModels.expiresAt} is null or ${oidcModels.expiresAt} > now())`,
        ),
      )
      .limit(1);
    if (!row) {
      seenAlive.delete(grantId);
      return false;
    }
    if (seenAlive.size >= MAX_REMEMBERED) seenAlive.clear();
    seenAlive.set(grantId, now);
    return true;
  };
}
