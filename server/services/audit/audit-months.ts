// The audit trail is partitioned by month (migration 0030). Each server makes sure the months ahead
// exist, at start-up and then a few times a day, so rows never land in the default partition; the
// database function serialises replicas doing it at once.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { startIntervalWorker, type IntervalWorker } from '../../lib/interval-worker';

/** Months kept ready beyond the current one. */
export const AUDIT_MONTHS_AHEAD = 3;
const EVERY_MS = 6 * 60 * 60_000;

/** Creates the partitions of this month and the next AUDIT_MONTHS_AHEAD that are missing; how many. */
export async function addAuditMonths(db: Db): Promise<number> {
  const { rows } = await db.execute<{ made: number }>(
    sql`select audit_events_add_months(now()::date, (now() + make_interval(months => ${AUDIT_MONTHS_AHEAD}::int))::date) as made`,
  );
  return Number(rows[0]?.made ?? 0);
}

/** The partitions of the audit trail by name (oldest month first, the default one last) with their bounds. */
export async function auditMonths(db: Db): Promise<{ name: string; bounds: string }[]> {
  const { rows } = await db.execute<{ name: string; bounds: string }>(sql`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bounds
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'audit_events'::regclass
    order by c.relname = 'audit_events_default', c.relname`);
  return rows;
}

/** Adds the months ahead now (awaited, so a server is ready only with them) and every few hours. */
export async function startAuditMonthKeeper(
  db: Db,
  onAdded: (made: number) => void,
  onError: (error: unknown) => void,
): Promise<IntervalWorker> {
  const run = async () => {
    const made = await addAuditMonths(db);
    if (made > 0) onAdded(made);
  };
  await run().catch(onError);
  return startIntervalWorker(EVERY_MS, run, onError);
}
