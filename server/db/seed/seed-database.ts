// Demo data for development, tests and benchmarks. Deterministic for a given `today`: each group draws
// from its own seeded Faker, and every date is derived from `today`, never from the wall clock.
// Idempotent: it runs in one transaction and does nothing when employer groups already exist.
import { sql } from 'drizzle-orm';
import { isIsoDate, localToday } from '../../lib/calendar';
import { runWithoutStatementTimeout, type Db } from '../client';
import { employers } from '../schema';
import { seedLargeGroup } from './bench-group';
import { seedBrokerGroups, seedDemoGrants, seedDemoUsers } from './demo-users';
import { insertClaims } from './claims';
import { insertCoveragesAndExtras } from './coverages';
import { EMPLOYERS, LARGE_GROUP, type EmployerSeed } from './data';
import { insertDocuments } from './documents';
import { insertEmployers } from './employers';
import { seedLookups } from './lookups';
import { generateSubscriber, insertMembers, type GenSubscriber } from './members';
import { SEED, createFaker, createSsnFactory } from './people';
import { insertStructure } from './plans';
import { insertRequests } from './requests';

export type SeedOptions = {
  /** 'yyyy-MM-dd'; defaults to the local date. Every seeded date is relative to it. */
  today?: string;
  /** When > 0, also create employer 6 'Large Benchmark Group' with this many subscribers. */
  largeGroupMembers?: number;
  /** When > 0, the big broker is granted this many generated client groups (SEED_BROKER_GROUPS). */
  brokerGroups?: number;
};

type SeedResult = { seededBase: boolean; seededLargeGroup: boolean };

// Arbitrary constant shared by concurrent seeders so only one of them runs at a time.
const SEED_LOCK_KEY = 20250724;

export async function seedDatabase(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  const today = opts.today ?? localToday();
  if (!isIsoDate(today)) throw new Error(`seedDatabase: today must be yyyy-MM-dd, got '${today}'`);
  const largeGroupMembers = Math.max(0, Math.floor(opts.largeGroupMembers ?? 0));

  const result = await db.transaction(async (tx) => {
    // Another replica's seed holds the lock for as long as it takes (minutes with a large group): the
    // wait must not end at the pool's statement timeout.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    // The vacuum below can mark pages all-visible only once this commit is flushed: on a server running
    // with synchronous_commit off (throwaway test servers do), it would otherwise find none.
    await tx.execute(sql`set local synchronous_commit = on`);
    const existing = await tx.select({ employerPK: employers.employerPK }).from(employers);
    const seededBase = existing.length === 0;
    // The benchmark group can be added to an already seeded database, once.
    const seededLargeGroup = largeGroupMembers > 0 && !existing.some((e) => e.employerPK === LARGE_GROUP.employerPK);

    if (seededBase) {
      await seedLookups(tx);
      await insertEmployers(tx, EMPLOYERS);
      for (const group of EMPLOYERS) await seedGroup(tx, group, today);
    }
    if (seededLargeGroup) {
      await insertEmployers(tx, [LARGE_GROUP]);
      await seedLargeGroup(tx, largeGroupMembers, today);
    }
    // Users come after the groups their grants name; a database from before users were kept gets them too.
    const seededUsers = await seedDemoUsers(tx, today);
    if (!seededUsers && seededLargeGroup) await seedDemoGrants(tx, today);
    if (opts.brokerGroups) await seedBrokerGroups(tx, Math.floor(opts.brokerGroups));
    return { seededBase, seededLargeGroup };
  });
  // Fresh planner statistics, so sorted and filtered lists over a large group use its indexes at once,
  // and a visibility map, so pages are read from the sort index alone (PGlite has no autovacuum).
  // It may take longer than the pool's statement timeout on a million members.
  if (result.seededLargeGroup) await runWithoutStatementTimeout(db, 'vacuum analyze');
  return result;
}

async function seedGroup(db: Db, group: EmployerSeed, today: string): Promise<void> {
  const f = await createFaker(SEED + group.employerPK, today);
  const structure = await insertStructure(db, group, today);
  const nextSsn = createSsnFactory(f);

  const generated: GenSubscriber[] = [];
  for (let i = 0; i < group.subscriberCount; i++) {
    generated.push(generateSubscriber(f, group, structure, i, today, nextSsn));
  }
  const members = await insertMembers(db, group, generated);
  await insertCoveragesAndExtras(db, f, structure, members, today);
  await insertClaims(db, f, group, members, today);
  await insertDocuments(db, f, group, members.length, today);
  if (group.employerPK === EMPLOYERS[0]?.employerPK)
    await insertRequests(db, f, group, structure, members, today, nextSsn);
}
