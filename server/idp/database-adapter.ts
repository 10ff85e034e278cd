import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { endProviderRows, notEndedSession } from '../db/provider-rows';
import { oidcModels } from '../db/schema';

type Payload = Record<string, unknown> & { grantId?: string; uid?: string; userCode?: string; consumed?: number };

/**
 * oidc-provider's storage contract over the database, so sessions, grants and refresh tokens
 * survive a restart and every replica sees the same ones. One class serves every model; the
 * provider creates one instance per model name.
 */
class DatabaseAdapter {
  constructor(
    private readonly db: Db,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const row = {
      payload,
      grantId: payload.grantId ?? null,
      uid: payload.uid ?? null,
      userCode: payload.userCode ?? null,
      // The database's clock, not this process's: replicas agree on what has expired.
      expiresAt: typeof expiresIn === 'number' ? sql`now() + make_interval(secs => ${expiresIn})` : null,
    };
    await this.db
      .insert(oidcModels)
      .values({ kind: this.kind, id, ...row })
      .onConflictDoUpdate({ target: [oidcModels.kind, oidcModels.id], set: row, setWhere: notEndedSession });
  }

  find(id: string): Promise<Payload | undefined> {
    return this.findWhere(eq(oidcModels.id, id));
  }

  findByUid(uid: string): Promise<Payload | undefined> {
    return this.findWhere(eq(oidcModels.uid, uid));
  }

  findByUserCode(userCode: string): Promise<Payload | undefined> {
    return this.findWhere(eq(oidcModels.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    // One statement, so two replicas redeeming the same code both see it consumed afterwards.
    await this.db
      .update(oidcModels)
      .set({ payload: sql`${oidcModels.payload} || jsonb_build_object('consumed', extract(epoch from now())::bigint)` })
      .where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.id, id)));
  }

  async destroy(id: string): Promise<void> {
    // A logged-out session stays ended even if a request that loaded it before saves it after.
    await endProviderRows(this.db, and(eq(oidcModels.kind, this.kind), eq(oidcModels.id, id))!);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    // Every token of the grant goes, whatever model asked: a revoked grant leaves nothing usable.
    await this.db.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
  }

  private async findWhere(condition: SQL): Promise<Payload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcModels.payload })
      .from(oidcModels)
      .where(
        and(
          eq(oidcModels.kind, this.kind),
          condition,
          notEndedSession,
          sql`(${oidcModels.expiresAt} is null or ${oidcModels.expiresAt} > now())`,
        ),
      )
      .limit(1);
    return row?.payload as Payload | undefined;
  }
}

/** The `adapter` setting of oidc-provider: a factory called with each model's name. */
export function databaseAdapter(db: Db) {
  return (kind: string) => new DatabaseAdapter(db, kind);
}

/** Removes what has expired; the provider never asks for it again, so this only reclaims space. */
export async function purgeExpiredModels(db: Db): Promise<number> {
  const deleted = await db
    .delete(oidcModels)
    .where(lt(oidcModels.expiresAt, sql`now()`))
    .returning({ id: oidcModels.id });
  return deleted.length;
}
