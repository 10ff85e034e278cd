import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

type Drift = { employerPK: number; kept: [number, number]; counted: [number, number] };

/** Groups whose kept member counts (all, active) differ from a count of their subscribers: none when exact. */
export async function memberCountDrift(db: Db): Promise<Drift[]> {
  const { rows } = await db.execute<{
    employer_pk: number;
    members: number | null;
    active_members: number | null;
    counted_members: number | null;
    counted_active: number | null;
  }>(sql`
    select coalesce(k.employer_pk, c.employer_pk) as employer_pk, k.members, k.active_members,
      c.members as counted_members, c.active_members as counted_active
    from group_member_counts k
    full join (
      select employer_pk, count(*)::int as members, (count(*) filter (where term_date is null))::int as active_members
      from subscribers group by employer_pk
    ) c on c.employer_pk = k.employer_pk
    where coalesce(k.members, 0) <> coalesce(c.members, 0)
      or coalesce(k.active_members, 0) <> coalesce(c.active_members, 0)`);
  return rows.map((row) => ({
    employerPK: Number(row.employer_pk),
    kept: [Number(row.members ?? 0), Number(row.active_members ?? 0)],
    counted: [Number(row.counted_members ?? 0), Number(row.counted_active ?? 0)],
  }));
}
