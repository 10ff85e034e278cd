// The total beside a paged list. Counting a filter costs as much as reading all it selects, so it is
// done once per filter: a client paging on sends back the total of the first page (`knownCount`).
import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

export async function listTotal(db: Db, knownCount: number | undefined, table: PgTable, where: SQL | undefined) {
  if (knownCount !== undefined) return knownCount;
  const [row] = await db.select({ value: count() }).from(table).where(where);
  return row?.value ?? 0;
}
