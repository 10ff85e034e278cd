import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

type Counts = { submitted: number; waived: number };

/**
 * A window's kept counts beside a recount of its election rows (members with rows; of them, those
 * whose rows are all waives): equal when the counts are exact.
 */
export async function windowCounts(db: Db, windowPK: number): Promise<{ kept: Counts; counted: Counts }> {
  const { rows } = await db.execute<{ kept_submitted: number; kept_waived: number; submitted: number; waived: number }>(
    sql`
    select w.submitted_members as kept_submitted, w.waived_members as kept_waived,
      (select count(*)::int from (select 1 from elections where window_pk = w.window_pk group by subscriber_pk) m)
        as submitted,
      (select count(*)::int from (select 1 from elections where window_pk = w.window_pk group by subscriber_pk
        having bool_and(action = 'waive')) m) as waived
    from enrollment_windows w where w.window_pk = ${windowPK}`,
  );
  const row = rows[0];
  if (!row) throw new Error(`No window ${windowPK}`);
  return {
    kept: { submitted: Number(row.kept_submitted), waived: Number(row.kept_waived) },
    counted: { submitted: Number(row.submitted), waived: Number(row.waived) },
  };
}
