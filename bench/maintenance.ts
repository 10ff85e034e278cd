// Maintenance benchmark of the embedded database (PGlite has no autovacuum): seeds the large group
// (SEED_MEMBERS, default 100,000 subscribers) into PGlite, times the member list's first and 500th
// page, changes one subscriber in five (a season of demographic updates) and writes 50,000 audit
// rows, times the pages again, runs the maintenance the server runs on its schedule, and times them
// once more. Prints each table maintained with its duration (other calls wait that long).
//
//   npm run bench:maintenance
//   BENCH_DATA_DIR=/tmp/bench-db npm run bench:maintenance   keeps the seeded folder (it is changed)
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { subscriberListQuery } from '../src/contracts/subscribers';
import { LARGE_GROUP_EMPLOYER_PK } from '../server/db/seed/data';
import { maintainTables, tablesDueForMaintenance } from '../server/services/maintenance';
import { subscriberList } from '../server/services/members';
import { exitAfter, fixed, percentile } from './support/figures';
import { openSeededDatabase } from './support/seeded-database';

if (process.env.DATABASE_URL) {
  console.error('PostgreSQL vacuums by itself (autovacuum); this bench is for the embedded database.');
  process.exit(1);
}

const MEMBERS = Number(process.env.SEED_MEMBERS ?? 100_000);
const CALLS = 200;
exitAfter(30 * 60_000);

const seeded = await openSeededDatabase('maintenance', MEMBERS);
const { db } = seeded.database;

/** Median and p95 of the list page, in ms, called one after another. */
async function timePage(page: number) {
  const q = subscriberListQuery.parse({ employerPK: LARGE_GROUP_EMPLOYER_PK, page, recordsPerPage: 25 });
  await subscriberList(db, LARGE_GROUP_EMPLOYER_PK, q);
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await subscriberList(db, LARGE_GROUP_EMPLOYER_PK, { ...q, knownCount: MEMBERS });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

const rows: [string, Awaited<ReturnType<typeof timePage>>, Awaited<ReturnType<typeof timePage>>][] = [];
const measure = async (label: string) => rows.push([label, await timePage(0), await timePage(499)]);

try {
  // Whatever seeding left due, so the first figures are of a maintained database.
  await maintainTables(db);
  await measure('maintained');

  const started = performance.now();
  await db.execute(sql`update subscribers set phone2 = coalesce(phone2, phone1)
    where employer_pk = ${LARGE_GROUP_EMPLOYER_PK} and subscriber_pk % 5 = 0`);
  await db.execute(sql`insert into audit_events (actor, action, detail)
    select 'bench-maintenance', 'pageView', jsonb_build_object('n', n) from generate_series(1, 50000) n`);
  console.log(
    `Changed one subscriber in five and wrote 50,000 audit rows in ${fixed((performance.now() - started) / 1000)} s`,
  );
  await measure('after the changes');

  console.log('Due:', (await tablesDueForMaintenance(db)).map((due) => due.table).join(', ') || 'nothing');
  const done = await maintainTables(db);
  await measure('maintained again');

  console.log('\nTable maintained          dead rows  inserted  modified    took');
  for (const table of done) {
    console.log(
      `${table.table.padEnd(24)} ${String(table.deadRows).padStart(10)} ${String(table.insertedRows).padStart(9)} ${String(table.modifiedRows).padStart(9)} ${`${table.ms} ms`.padStart(9)}`,
    );
  }
  console.log(`\nMember list, ${CALLS} calls each (ms)   page 1 median / p95   page 500 median / p95`);
  for (const [label, first, far] of rows) {
    console.log(
      `${label.padEnd(36)} ${`${fixed(first.median, 2)} / ${fixed(first.p95, 2)}`.padStart(18)} ${`${fixed(far.median, 2)} / ${fixed(far.p95, 2)}`.padStart(21)}`,
    );
  }
} finally {
  await seeded.close();
}
