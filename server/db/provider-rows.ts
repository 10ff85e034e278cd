import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { oidcModels } from './schema';

/**
 * What an ended session of the identity provider becomes, until it would have expired. The provider
 * loads a session when a request starts and saves it when the request ends, so a request running
 * across a logout (another tab's silent renewal) would otherwise write the session back, signed in,
 * after it was deleted. A saved mark is never overwritten (`server/idp/database-adapter.ts`).
 */
export const ENDED_SESSION = { ended: true } as const;

/** Rows that are not an ended session's mark. */
export const notEndedSession = sql`(${oidcModels.payload} ->> 'ended') is null`;

/**
 * Ends the provider's rows that match `condition`: sessions become marks, everything else (grants,
 * tokens, interactions) is deleted.
 */
export async function endProviderRows(db: Db, condition: SQL): Promise<void> {
  await db
    .update(oidcModels)
    .set({
      payload: ENDED_SESSION,
      grantId: null,
      uid: null,
      userCode: null,
      expiresAt: sql`coalesce(${oidcModels.expiresAt}, now() + interval '1 day')`,
    })
    .where(and(eq(oidcModels.kind, 'Session'), condition));
  await db.delete(oidcModels).where(and(ne(oidcModels.kind, 'Session'), condition));
}
