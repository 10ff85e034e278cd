// `npm run db:backup -- FILE` and `npm run db:restore -- FILE [--force]`. DATABASE_URL chooses
// PostgreSQL, otherwise DATA_DIR (default '.data') the embedded database, as everywhere else; the file
// is encrypted under BACKUP_KEY. See docs/operations.md.
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../client';
import { BackupError, backupKeyFrom, openBackup, sealBackup, type BackupEngine } from './backup-envelope';
import { dumpPglite, restorePglite } from './pglite-snapshot';
import { dumpPostgres, postgresMigrations, restorePostgres } from './postgres-tables';

type Target = { engine: 'postgres'; databaseUrl: string } | { engine: 'pglite'; dataDir: string };

const targetOf = (env: NodeJS.ProcessEnv): Target =>
  env.DATABASE_URL
    ? { engine: 'postgres', databaseUrl: env.DATABASE_URL }
    : { engine: 'pglite', dataDir: resolve(env.DATA_DIR || '.data') };

const ENGINE_NAMES: Record<BackupEngine, string> = {
  pglite: 'the embedded database (DATA_DIR)',
  postgres: 'PostgreSQL (DATABASE_URL)',
};

/** Writes an encrypted backup of the database to `file`; a failed backup leaves no file behind. */
export async function backupDatabase(
  env: NodeJS.ProcessEnv,
  file: string,
): Promise<{ bytes: number; engine: BackupEngine }> {
  const secret = backupKeyFrom(env);
  const target = targetOf(env);
  const content = target.engine === 'postgres' ? dumpPostgres(target.databaseUrl) : dumpPglite(target.dataDir);
  const migrations = target.engine === 'postgres' ? await postgresMigrations(target.databaseUrl) : [];
  const partial = `${file}.partial`;
  try {
    await pipeline(
      Readable.from(
        sealBackup(content, { engine: target.engine, createdAt: new Date().toISOString(), migrations }, secret),
      ),
      createWriteStream(partial, { mode: 0o600 }),
    );
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { bytes: (await stat(file)).size, engine: target.engine };
}

/**
 * Restores `file` into the database. Refuses one that holds data unless `force`, and a backup of the
 * other engine. Afterwards the database is migrated to this release, as a start would.
 */
export async function restoreDatabase(
  env: NodeJS.ProcessEnv,
  file: string,
  force: boolean,
): Promise<{ engine: BackupEngine; replaced: string | null }> {
  const secret = backupKeyFrom(env);
  const target = targetOf(env);
  const { header, content } = await openBackup(createReadStream(file), secret);
  if (header.engine !== target.engine) {
    throw new BackupError(
      `This is a backup of ${ENGINE_NAMES[header.engine]}; it restores only there, and this run is set for ${ENGINE_NAMES[target.engine]}.`,
    );
  }
  let replaced: string | null = null;
  if (target.engine === 'postgres') {
    await restorePostgres(target.databaseUrl, content, header.migrations, force);
  } else {
    ({ replaced } = await restorePglite(target.dataDir, content, force));
  }
  const opened = await openDatabase(
    target.engine === 'postgres' ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir },
  );
  await opened.close();
  return { engine: target.engine, replaced };
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const [file] = rest.filter((arg) => arg !== '--force');
  if ((command !== 'backup' && command !== 'restore') || !file || (command === 'backup' && force)) {
    throw new BackupError('Usage: npm run db:backup -- FILE | npm run db:restore -- FILE [--force]');
  }
  const started = Date.now();
  if (command === 'backup') {
    const { bytes, engine } = await backupDatabase(process.env, file);
    console.log(`Backed up ${ENGINE_NAMES[engine]} to ${file}: ${bytes} bytes in ${(Date.now() - started) / 1000} s.`);
    return;
  }
  const { engine, replaced } = await restoreDatabase(process.env, file, force);
  console.log(`Restored ${file} into ${ENGINE_NAMES[engine]} in ${(Date.now() - started) / 1000} s.`);
  if (replaced) console.log(`The database it replaced is kept at ${replaced}; delete it once the restore is checked.`);
}

// Runs only when started as a script, never on import.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof BackupError ? error.message : error);
    process.exitCode = 1;
  });
}
