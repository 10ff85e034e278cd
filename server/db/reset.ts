// `npm run db:reset`: throw the database away, migrate and seed it again.
//   DATABASE_URL set -> drop and recreate the public schema and drizzle's migration schema.
//   otherwise        -> delete the PGlite folder DATA_DIR (default '.data', relative to the cwd).
//   SEED_MEMBERS=n   -> also seed the 'Large Benchmark Group' with n subscribers.
//   SEED_TODAY=yyyy-MM-dd pins the seed's notion of today (default: the local date).
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrationsSchema, openDatabase } from './client.js';
import { assertDataDirFree } from './data-dir-lock.mjs';
import { seedCeilingWarning } from './pglite-ceiling';
import { seedDatabase } from './seed/seed-database';

async function dropPostgresSchemas(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${migrationsSchema}" cascade`);
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
}

async function resetDatabase(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = resolve(env.DATA_DIR || '.data');
  const largeGroupMembers = Number(env.SEED_MEMBERS ?? 0) || 0;
  const started = Date.now();

  if (databaseUrl) {
    await dropPostgresSchemas(databaseUrl);
    console.log('dropped schemas public and %s', migrationsSchema);
  } else {
    // Deleting the folder under a running server would leave it writing to files that are gone.
    await assertDataDirFree(dataDir);
    await rm(dataDir, { recursive: true, force: true });
    console.log('deleted %s', dataDir);
  }

  const { db, close, driver } = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    console.log('migrated (%s)', driver);
    const seedWarning = driver === 'pglite' ? seedCeilingWarning(largeGroupMembers) : null;
    if (seedWarning) console.warn(seedWarning);
    const brokerGroups = Number(env.SEED_BROKER_GROUPS ?? 0) || 0;
    const result = await seedDatabase(db, { today: env.SEED_TODAY || undefined, largeGroupMembers, brokerGroups });
    console.log('seeded %o in %d ms', result, Date.now() - started);
  } finally {
    await close();
  }
}

// Runs only when started as a script, never on import.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  resetDatabase().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
