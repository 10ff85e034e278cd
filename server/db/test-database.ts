// A throwaway, migrated database per test file. PGlite in memory by default; with DATABASE_URL set, a
// fresh PostgreSQL database created next to the one in the URL and dropped on close.
//
// Starting PGlite runs initdb, which takes seconds; restoring a dumped data directory takes about one.
// So the first call dumps a migrated (optionally seeded) template into the OS temp folder, keyed by a
// hash of everything that shapes it, and later calls - in any test worker - restore from it.
// Set PGLITE_TEMPLATE_CACHE=0 to always build from scratch.
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsFolder, openDatabase, type OpenedDatabase } from './client.js';
import { seedDatabase, type SeedOptions } from './seed/seed-database';
import { localToday } from '../lib/calendar';
import { adminQuery } from './admin-query';

export type TestDatabase = Pick<OpenedDatabase, 'db' | 'driver' | 'poolStats'> & { close(): Promise<void> };

type TestDatabaseOptions = {
  /** Seed before returning: `true` for the default seed as of today, or explicit seed options. */
  seed?: boolean | SeedOptions;
};

export async function createTestDatabase(opts: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const seed = opts.seed === true ? {} : opts.seed || null;
  const url = process.env.DATABASE_URL;
  const opened = url ? await createPostgresDatabase(url) : await createPgliteDatabase(seed);
  if (url && seed) await seedDatabase(opened.db, seed);
  return opened;
}

// ---------------------------------------------------------------------------------------------------
// PostgreSQL: CREATE DATABASE from the URL's database, DROP ... WITH (FORCE) on close.

async function createPostgresDatabase(url: string): Promise<TestDatabase> {
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `create database "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  let opened: OpenedDatabase;
  try {
    opened = await openDatabase({ databaseUrl: target.toString() });
  } catch (error) {
    await adminQuery(url, `drop database if exists "${name}" with (force)`);
    throw error;
  }
  return {
    db: opened.db,
    driver: opened.driver,
    poolStats: opened.poolStats,
    close: async () => {
      await opened.close();
      await adminQuery(url, `drop database if exists "${name}" with (force)`);
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// PGlite: restore a cached template, or build one and cache it.

const here = fileURLToPath(new URL('.', import.meta.url));
/** Every file the seeded data depends on, relative to this folder; a change to one rebuilds the template. */
async function seedSources(): Promise<string[]> {
  const seedFiles = (await readdir(join(here, 'seed'))).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  return [
    ...seedFiles.sort().map((f) => join('seed', f)),
    'bulk-insert.ts',
    'schema.ts',
    join('..', 'lib', 'calendar.ts'),
  ];
}
const inProcess = new Map<string, Promise<Blob>>();
const GZIP = 'application/x-gzip';

async function templateKey(seed: SeedOptions | null): Promise<string> {
  const hash = createHash('sha256');
  // The package does not export its package.json; its entry point sits in dist/ next to it.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pgliteVersion = JSON.parse(await readFile(join(dirname(pgliteEntry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  hash.update(`pglite ${pgliteVersion.version}\n`);
  const migrationFiles = (await readdir(migrationsFolder, { recursive: true })).sort();
  for (const file of migrationFiles) {
    if (!/\.(sql|json)$/.test(file)) continue;
    hash.update(file).update(await readFile(join(migrationsFolder, file)));
  }
  if (seed) {
    // A seeded template is only valid for the same day and the same seed code.
    hash.update(JSON.stringify({ today: seed.today ?? localToday(), large: seed.largeGroupMembers ?? 0 }));
    for (const file of await seedSources()) hash.update(file).update(await readFile(join(here, file)));
  }
  return hash.digest('hex').slice(0, 20);
}

async function createPgliteDatabase(seed: SeedOptions | null): Promise<TestDatabase> {
  if (process.env.PGLITE_TEMPLATE_CACHE === '0') return buildPglite(seed);
  const key = await templateKey(seed);
  const file = join(tmpdir(), `benefits-portal-pglite-${key}.tar.gz`);

  const template = await (inProcess.get(key) ?? readTemplate(file));
  if (template) {
    inProcess.set(key, Promise.resolve(template));
    try {
      return await openDatabase({ loadDataDir: template });
    } catch {
      // An unreadable template is rebuilt below rather than failing the test run.
      inProcess.delete(key);
      await rm(file, { force: true });
    }
  }

  const opened = await buildPglite(seed);
  if (opened.pglite) {
    const dump = await opened.pglite.dumpDataDir('gzip');
    const blob = new Blob([dump], { type: GZIP });
    inProcess.set(key, Promise.resolve(blob));
    // Concurrent builders in other workers race harmlessly: same content, atomic rename.
    const partial = `${file}.${process.pid}.${randomBytes(3).toString('hex')}.part`;
    await writeFile(partial, Buffer.from(await blob.arrayBuffer()));
    await rename(partial, file);
    await removeStaleTemplates();
  }
  return opened;
}

/** Templates of older code or earlier days pile up otherwise; a day-old one is no longer in use. */
async function removeStaleTemplates(): Promise<void> {
  const dir = tmpdir();
  const dayAgo = Date.now() - 86_400_000;
  for (const name of await readdir(dir)) {
    if (!name.startsWith('benefits-portal-pglite-')) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < dayAgo) await rm(path, { force: true });
  }
}

async function buildPglite(seed: SeedOptions | null): Promise<OpenedDatabase> {
  const opened = await openDatabase({});
  if (seed) await seedDatabase(opened.db, seed);
  return opened;
}

async function readTemplate(file: string): Promise<Blob | null> {
  try {
    return new Blob([await readFile(file)], { type: GZIP });
  } catch {
    return null;
  }
}
