// PGlite runs PostgreSQL in single-user mode, which has no autovacuum: without this, a table's dead
// rows pile up after updates, its visibility map goes stale (index-only scans, which page the member
// lists, fall back to reading rows) and the planner's statistics age. PostgreSQL itself needs none
// of this; its autovacuum uses the same thresholds.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { startIntervalWorker, type IntervalWorker } from '../../lib/interval-worker';

/** A table's work: dead rows to reclaim, new rows to mark all-visible, changes to re-sample. */
type DueTable = { table: string; deadRows: number; insertedRows: number; modifiedRows: number };

/**
 * Tables past PostgreSQL's default autovacuum thresholds: dead rows over 50 + 20 % of the table,
 * rows inserted since the last vacuum over 1,000 + 20 %, rows changed since the last analyze over
 * 50 + 10 %. Most work first.
 */
export async function tablesDueForMaintenance(db: Db): Promise<DueTable[]> {
  // The database's own counters reach the statistics at most once a second; this makes them current.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = await db.execute<DueTable>(sql`
    select s.relname as "table", s.n_dead_tup::int as "deadRows", s.n_ins_since_vacuum::int as "insertedRows",
      s.n_mod_since_analyze::int as "modifiedRows"
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
    where s.schemaname = 'public'
      and (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
        or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
        or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0))
    order by s.n_dead_tup + s.n_ins_since_vacuum + s.n_mod_since_analyze desc, s.relname`);
  return rows;
}

type Maintained = DueTable & { ms: number };

/**
 * Vacuums and analyzes each table that is due, one at a time: each takes the embedded database's
 * one connection for its duration, so other calls wait that long. Stops between tables once aborted.
 */
export async function maintainTables(db: Db, signal?: AbortSignal): Promise<Maintained[]> {
  const done: Maintained[] = [];
  for (const due of await tablesDueForMaintenance(db)) {
    if (signal?.aborted) break;
    const started = performance.now();
    await db.execute(sql`vacuum (analyze) ${sql.identifier('public')}.${sql.identifier(due.table)}`);
    done.push({ ...due, ms: Math.round(performance.now() - started) });
  }
  return done;
}

/** Every `intervalMs`, maintains the tables that are due; each one done is reported. */
export function startDatabaseMaintenance(
  db: Db,
  intervalMs: number,
  onMaintained: (table: Maintained) => void,
  onError: (error: unknown) => void,
): IntervalWorker {
  return startIntervalWorker(
    intervalMs,
    async (signal) => {
      for (const table of await maintainTables(db, signal)) onMaintained(table);
    },
    onError,
  );
}
