// What every part of the seed shares: the actor it records, the check of its own generated keys, batched inserts.
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';

/** Who the seed records as creator/requester where a user `sub` is expected. */
export const SEED_ACTOR = 'seed';

const INSERT_BATCH = 1000;

/** A value the seed generated itself; missing means a bug in the seed, not in the data. */
export function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`seed: missing ${what}`);
  return value;
}

/** Plain VALUES inserts, for tables with jsonb/bytea columns that bulkInsert does not handle. */
export async function insertInBatches<T extends PgTable>(db: Db, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db.insert(table).values(rows.slice(i, i + INSERT_BATCH));
  }
}
