// The database a bench serves: PostgreSQL at DATABASE_URL, or PGlite in BENCH_DATA_DIR (kept for the
// next run) or in a temp folder (removed at the end). The large group is seeded first by a child
// process, and skipped when it is already there.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../../server/db/client';
import { fixed } from './figures';

export async function openSeededDatabase(name: string, members: number) {
  const dataDir = process.env.BENCH_DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), `bench-${name}-`)));
  // A kept folder may not exist yet (the first run that names it).
  await mkdir(dataDir, { recursive: true });
  const target = process.env.DATABASE_URL ?? path.join(dataDir, 'db');
  console.log(`Seeding ${members.toLocaleString('en-US')} subscribers…`);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', new URL('./seed-large-group.ts', import.meta.url).pathname, target, String(members)],
    { maxBuffer: 1024 * 1024 },
  );
  const seeded = JSON.parse(stdout.trim().split('\n').at(-1)!) as { seededLargeGroup: boolean; seconds: number };
  console.log(seeded.seededLargeGroup ? `Seeded in ${fixed(seeded.seconds)} s` : 'Group 6 was already seeded');
  const database = await openDatabase(
    process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: target },
  );
  return {
    database,
    /** Where the server keeps its own files (the identity provider's). */
    dataDir,
    async close() {
      await database.close();
      if (!process.env.BENCH_DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
