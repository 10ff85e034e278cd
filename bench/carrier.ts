// Carrier feed benchmark: a full (030 audit) X12 834 file of the large group (SEED_MEMBERS, default
// 100,000 subscribers). The group is seeded into a fresh PGlite in a temp folder (or DATABASE_URL); the
// file is then generated in a separate process, so that process's peak RSS is the generation's own
// (the embedded database's thread included), not the seeding's. Prints members, segments, size, the
// time to generate, encrypt, store and check the file, the time to read it back as its download does,
// and peak RSS. Goals: 10 s and 200 MB up to 100,000 members; 30 s and 300 MB for a million.
//
//   npm run bench:carrier                                  100,000 subscribers on PGlite
//   SEED_MEMBERS=20000 npm run bench:carrier               a quicker run
//   BENCH_DATA_DIR=/tmp/bench-db npm run bench:carrier     keeps the seeded PGlite folder for the next run
//   DATABASE_URL=postgres://… npm run bench:carrier
//   BENCH_SIZES=10000,100000,1000000 npm run bench:carrier  once per size, then the growth table
import { fork } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { count, eq } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { limitHeapGrowth } from '../server/lib/heap-growth';
import { LARGE_GROUP_EMPLOYER_PK } from '../server/db/seed/data';
import { seedDatabase } from '../server/db/seed/seed-database';
import { subscribers } from '../server/db/schema';
import { carrierFeedKey, generateFullFile, readCarrierFile } from '../server/services/carrier-feed';
import { fileURLToPath } from 'node:url';
import { exitAfter, fixed } from './support/figures';
import { runGrowth, writeFigures } from './support/growth';

const MEMBERS = Number(process.env.SEED_MEMBERS ?? 100_000);
const DEADLINE_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 20 * 60_000);
const RSS_EVERY_MS = 50;
/** Up to 100,000 members: 10 s and 200 MB; a million: 30 s and 300 MB. */
const GOAL = { seconds: Math.max(10, (30 * MEMBERS) / 1_000_000), rssMb: MEMBERS > 100_000 ? 300 : 200 };

if (await runGrowth('bench:carrier', fileURLToPath(import.meta.url))) process.exit();
exitAfter(DEADLINE_MS);

const mb = (bytes: number) => bytes / 1024 / 1024;
const databaseOptions = (dataDir: string) =>
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: path.join(dataDir, 'db') };

/** The child: opens the seeded database, generates the full file, reads it back, prints the figures. */
async function generate(dataDir: string) {
  // As `npm start` runs the server.
  limitHeapGrowth();
  const database = await openDatabase(databaseOptions(dataDir));
  try {
    let peakRss = process.memoryUsage().rss;
    const startRss = peakRss;
    const rssTimer = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, RSS_EVERY_MS);
    const started = performance.now();
    const file = await generateFullFile(database.db, LARGE_GROUP_EMPLOYER_PK, 'bench', { dir: undefined });
    const generatedMs = performance.now() - started;

    const readStarted = performance.now();
    let bytes = 0;
    for await (const chunk of readCarrierFile(database.db, file.carrierFilePK, await carrierFeedKey(database.db)))
      bytes += (chunk as Buffer).length;
    const readMs = performance.now() - readStarted;
    clearInterval(rssTimer);
    peakRss = Math.max(peakRss, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);

    console.log(`File ${file.fileName}: ${file.status}${file.problems.length ? ` (${file.problems[0]})` : ''}`);
    console.log(
      `  ${file.members.toLocaleString('en-US')} members, ${file.segments.toLocaleString('en-US')} segments, ${fixed(mb(bytes))} MB`,
    );
    console.log(
      `  generated, encrypted, stored and checked in ${fixed(generatedMs / 1000, 2)} s (goal ≤ ${GOAL.seconds} s)`,
    );
    console.log(`  read back and decrypted (as the download streams it) in ${fixed(readMs / 1000, 2)} s`);
    console.log(
      `  peak RSS ${fixed(mb(peakRss))} MB (goal ≤ ${GOAL.rssMb} MB; ${fixed(mb(startRss))} MB before the file)`,
    );
    await writeFigures({ 'file s': generatedMs / 1000, 'read back s': readMs / 1000, 'peak RSS MB': mb(peakRss) });
    const ok = file.status !== 'Invalid' && generatedMs / 1000 <= GOAL.seconds && mb(peakRss) <= GOAL.rssMb;
    console.log(ok ? 'Goals met.' : 'Goals not met.');
  } finally {
    await database.close();
  }
}

async function seedAndRun() {
  const dataDir = process.env.BENCH_DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'bench-carrier-')));
  await mkdir(dataDir, { recursive: true });
  try {
    const database = await openDatabase(databaseOptions(dataDir));
    try {
      const [{ value: present } = { value: 0 }] = await database.db
        .select({ value: count() })
        .from(subscribers)
        .where(eq(subscribers.employerPK, LARGE_GROUP_EMPLOYER_PK));
      if (present === 0) {
        console.log(`Seeding ${MEMBERS.toLocaleString('en-US')} subscribers on ${database.driver}…`);
        const seedStart = performance.now();
        await seedDatabase(database.db, { largeGroupMembers: MEMBERS });
        console.log(`Seeded in ${fixed((performance.now() - seedStart) / 1000)} s`);
      } else {
        console.log(`Using the ${present.toLocaleString('en-US')} subscribers already seeded in ${dataDir}`);
      }
    } finally {
      await database.close();
    }
    const child = fork(process.argv[1]!, ['generate', dataDir], { execArgv: process.execArgv, stdio: 'inherit' });
    const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
    process.exitCode = code;
  } finally {
    if (!process.env.BENCH_DATA_DIR) await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'generate') await generate(process.argv[3]!);
else await seedAndRun();
