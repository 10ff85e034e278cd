import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { withFirstMigrations } from '../db/backup/migrations';
import { migrationsFolder, migrationsSchema } from '../db/client';

/**
 * Applies this release's first `count` migrations only, so a test can fill a database as it stood just
 * before the migration it checks, and then migrate the rest (`migrateAll`).
 */
export function migrateFirst(client: PGlite, count: number): Promise<void> {
  return withFirstMigrations(count, (folder) =>
    migrate(drizzle({ client }), { migrationsFolder: folder, migrationsSchema }),
  );
}

export const migrateAll = (client: PGlite) => migrate(drizzle({ client }), { migrationsFolder, migrationsSchema });
