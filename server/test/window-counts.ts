import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

type Counts = { submitted: number; waived: number; inProgress: number };

/**
 * A window's kept counts beside a recount of its election rows (members with rows; of them, those
 * whose rows are all waives) and of its first views (members who opened their screen, without rows):
 * equal when the counts are exact.
 */
export async function windowCounts(db: Db, windowPK: number): Promise<{ kept: Counts; counted: Counts }> {
  const { rows } = await db.execute<{
    kept_submitted: number;
    kept_waived: number;
    kept_in_progress: number;
    submitted: number;
    waived: number;
    in_progress: number;
  }>(
    sql`
    select w.submitted_members as kept_submitted, w.waived_members as kept_waived,
      w.in_progress_members as kept_in_progress,
      (select count(*)::int from (select 1 from elections where window_pk = w.window_pk group by subscriber_pk) m)
        as submitted,
      (select count(*)::int from (select 1 from elections where window_pk = w.window_pk group by subscriber_pk
        having bool_and(action = 'waive')) m) as waived,
      (select count(*)::int from enrollment_views v where v.window_pk = w.window_pk and not exists
        (select 1 from elections e where e.window_pk = v.window_pk and e.subscriber_pk = v.subscriber_pk))
        as in_progress
    from enrollment_windows w where w.window_pk = ${windowPK}`,
  );
  const row = rows[0];
  if (!row) throw new Error(`No window ${windowPK}`);
  return {
    kept: {
      submitted: Number(row.kept_submitted),
      waived: Number(row.kept_waived),
      inProgress: Number(row.kept_in_progress),
    },
    counted: { submitted: Number(row.submitted), waived: Number(row.waived), inProgress: Number(row.in_progress) },
  };
}
