// The largest group the embedded database (PGlite) serves within the performance targets; past it
// the portal still works but slowly, and says so. Measured in docs/performance.md, "The embedded
// database's ceiling". PostgreSQL has no such ceiling.
import { desc, sql } from 'drizzle-orm';
import type { Db } from './client';
import { groupMemberCounts } from './schema';

export const EMBEDDED_MEMBER_CEILING = 250_000;

const figure = (n: number) => n.toLocaleString('en-US');

const MOVE = 'Move to PostgreSQL (DATABASE_URL).';

/** The operator's warning for a seed larger than the ceiling on the embedded database, or null. */
export function seedCeilingWarning(members: number, ceiling = EMBEDDED_MEMBER_CEILING): string | null {
  if (!(members > ceiling)) return null;
  return (
    `SEED_MEMBERS=${members} is more than the embedded database serves within its targets ` +
    `(${figure(ceiling)} members in one group). The seed goes ahead, but for a group this large set ` +
    'DATABASE_URL to a PostgreSQL server.'
  );
}

/**
 * Warnings for groups beyond the ceiling, read from `group_member_counts` (kept exact by triggers), so
 * the check reads a row per group and never counts subscribers. Only the largest group is named.
 */
export async function embeddedCeilingWarnings(db: Db, ceiling = EMBEDDED_MEMBER_CEILING): Promise<string[]> {
  const [largest] = await db
    .select({ employerPK: groupMemberCounts.employerPK, members: groupMemberCounts.members })
    .from(groupMemberCounts)
    .where(sql`${groupMemberCounts.members} > ${ceiling}`)
    .orderBy(desc(groupMemberCounts.members))
    .limit(1);
  if (!largest) return [];
  return [
    `Group ${largest.employerPK} has ${figure(largest.members)} members; the embedded database serves up to ` +
      `${figure(ceiling)} within its targets. ${MOVE}`,
  ];
}
