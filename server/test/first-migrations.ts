import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, migrationsSchema } from '../db/client';

/**
 * Applies this release's first `count` migrations only, so a test can fill a database as it stood just
 * before the migration it checks, and then migrate the rest (`migrateAll`).
 */
export async function migrateFirst(client: PGlite, count: number): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'first-migrations-'));
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
    await migrate(drizzle({ client }), { migrationsFolder: folder, migrationsSchema });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export const migrateAll = (client: PGlite) => migrate(drizzle({ client }), { migrationsFolder, migrationsSchema });
