// The embedded database's backup is its data directory as a tar, taken by the database process that
// holds it (the running server's, or one started here when no server runs; see pglite-process.mjs),
// so nobody stops the server and no second process ever opens the folder. Restore unpacks it into a
// new folder beside DATA_DIR, opens it once to check it, and only then puts it in place.
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGlite } from '@electric-sql/pglite';
import { extract } from 'tar-fs';
import { openDatabase } from '../client';
import { assertDataDirFree, maintenanceSocketPath } from '../data-dir-lock.mjs';
import { DurableNodeFS, durableStartParams } from '../durable-node-fs.mjs';
import { BackupError } from './backup-envelope';
import { readMigrationHashes } from './migrations';

/** Whether a live process holds the folder's lock. */
async function inUse(dataDir: string): Promise<boolean> {
  try {
    await assertDataDirFree(dataDir);
    return false;
  } catch {
    return true;
  }
}

/** The tar of the data directory, streamed from its database process's maintenance socket. */
async function* requestDump(dataDir: string): AsyncGenerator<Buffer> {
  const socket = connect(maintenanceSocketPath(dataDir));
  socket.write('dump\n');
  let answered = false;
  let pending = Buffer.alloc(0);
  try {
    for await (const chunk of socket as AsyncIterable<Buffer>) {
      if (answered) {
        yield chunk;
        continue;
      }
      pending = Buffer.concat([pending, chunk]);
      const end = pending.indexOf(0x0a);
      if (end < 0) continue;
      const status = pending.subarray(0, end).toString();
      if (status !== 'OK') throw new BackupError(`The database process could not make the backup: ${status}`);
      answered = true;
      if (pending.length > end + 1) yield pending.subarray(end + 1);
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The database process of ${dataDir} did not answer: ${(error as Error).message}`);
  } finally {
    socket.destroy();
  }
  if (!answered) throw new BackupError(`The database process of ${dataDir} closed before the backup.`);
}

/**
 * The data directory's tar. From the running server's database process when there is one; otherwise
 * the folder is opened here (migrated like any start) for the time of the copy.
 */
export async function* dumpPglite(dataDir: string): AsyncGenerator<Buffer> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new BackupError(`${dataDir} holds no database to back up.`);
  if (await inUse(dataDir)) {
    yield* requestDump(dataDir);
    return;
  }
  const opened = await openDatabase({ dataDir });
  try {
    yield* requestDump(dataDir);
  } finally {
    await opened.close();
  }
}

/** Whether the folder holds a database. */
export const holdsPgliteData = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'));

/**
 * Restores a tar into `dataDir`. Refuses while a server holds the folder, and over a database unless
 * `force`; then the old folder is kept beside it (its path is returned) rather than deleted.
 */
export async function restorePglite(
  dataDir: string,
  tar: AsyncIterable<Buffer>,
  force: boolean,
): Promise<{ replaced: string | null }> {
  if (await inUse(dataDir)) {
    throw new BackupError(`The data directory ${dataDir} is in use by a running server; stop it before restoring.`);
  }
  if (holdsPgliteData(dataDir) && !force) {
    throw new BackupError(`${dataDir} already holds a database; restore refuses to replace it without --force.`);
  }
  const staging = `${dataDir}.restoring`;
  await rm(staging, { recursive: true, force: true });
  try {
    // Made private first: what is unpacked in it is member data.
    await mkdir(staging, { mode: 0o700 });
    await pipeline(Readable.from(tar), extract(staging));
    // Opening it once runs PostgreSQL's recovery over what the copy caught between two statements.
    // On the durable file layer, so that the recovery's checkpoint leaves the restored files on disk.
    const restored = await PGlite.create({
      fs: new DurableNodeFS(staging),
      startParams: durableStartParams,
      extensions: { pg_trgm },
    });
    try {
      const known = await readMigrationHashes();
      const { rows } = await restored.query<{ hash: string }>(
        'select hash from drizzle.__drizzle_migrations order by created_at, id',
      );
      if (rows.some((row) => !known.includes(row.hash))) {
        throw new BackupError('This backup was made by a newer release of the portal; restore it with that release.');
      }
    } finally {
      await restored.close();
    }
    let replaced: string | null = null;
    if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
      replaced = `${dataDir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(dataDir, replaced);
    } else {
      await rm(dataDir, { recursive: true, force: true });
    }
    await rename(staging, dataDir);
    return { replaced };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
