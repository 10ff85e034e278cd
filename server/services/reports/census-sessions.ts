import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { CENSUS_SESSION_NAME } from './census-copy-thread';

/** The census workers' sessions open on this database now (what the tests of their lifetime read). */
export async function censusSessions(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_stat_activity where application_name = ${CENSUS_SESSION_NAME} and datname = current_database()`,
  );
  return rows[0]!.n;
}
