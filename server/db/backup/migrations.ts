// The schema a backup was taken at, by the hashes of its migrations (drizzle's own), and a way to build
// exactly that schema again before its rows go back in: the later migrations then run over the
// restored rows as they did over the originals.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { migrationsFolder, migrationsSchema } from '../client';

/** The hashes of this release's migrations, oldest first. */
export async function readMigrationHashes(): Promise<string[]> {
  return readMigrationFiles({ migrationsFolder }).map((migration) => migration.hash);
}

/** The migrations a database has had, oldest first (none when it was never migrated). */
export async function appliedMigrationHashes(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ exists: boolean }>(
    `select to_regclass('${migrationsSchema}.__drizzle_migrations') is not null as exists`,
  );
  if (!rows[0]?.exists) return [];
  const applied = await client.query<{ hash: string }>(
    `select hash from "${migrationsSchema}".__drizzle_migrations order by created_at, id`,
  );
  return applied.rows.map((row) => row.hash);
}

/**
 * Runs `use` with a folder holding this release's first `count` migrations only, as drizzle's migrator
 * reads them (the journal cut to those entries, and their SQL files); the folder is removed after.
 */
export async function withFirstMigrations<T>(count: number, use: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'portal-migrations-'));
  try {
    const journal = JSON.parse(await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.slice(0, count);
    await mkdir(join(folder, 'meta'));
    await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const entry of journal.entries) {
      await copyFile(join(migrationsFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
    }
    return await use(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Applies this release's first `count` migrations to an empty database. */
export function migrateFirst(client: pg.Client, count: number): Promise<void> {
  return withFirstMigrations(count, (folder) =>
    migrate(drizzle({ client }), { migrationsFolder: folder, migrationsSchema }),
  );
}
