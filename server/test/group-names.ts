import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

type Missing = { employerPK: number; kind: string; name: string };

/** Members' names missing from their group's name dictionary (group_names): none when it is kept. */
export async function missingGroupNames(db: Db): Promise<Missing[]> {
  const { rows } = await db.execute<{ employer_pk: number; kind: string; name: string }>(sql`
    select distinct s.employer_pk, k.kind, k.name
    from subscribers s cross join lateral (values ('last', s.last_name), ('first', s.first_name)) as k (kind, name)
    where not exists (
      select 1 from group_names g where g.employer_pk = s.employer_pk and g.kind = k.kind and g.name = k.name
    )
    order by 1, 2, 3`);
  return rows.map((row) => ({ employerPK: Number(row.employer_pk), kind: row.kind, name: row.name }));
}
