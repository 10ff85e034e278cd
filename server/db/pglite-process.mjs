// The embedded database's own process: PGlite on the data folder, served over the PostgreSQL wire
// protocol on a loopback port, so the server only sends queries and reads answers (the same
// node-postgres driver as for PostgreSQL) while the database works, and keeps its memory, here.
// Plain JavaScript, so it starts the same under tsx, vitest and node.
import { constants } from 'node:fs';
import { cp, rm, unlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { basename } from 'node:path';
import process from 'node:process';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { pack } from 'tar-fs';
import { LOCK_FILE, lockDataDir, maintenanceSocketPath } from './data-dir-lock.mjs';
import { DurableNodeFS, durableStartParams } from './durable-node-fs.mjs';

const [dataDir] = process.argv.slice(2);
// The folder and the maintenance socket hold PHI: nothing this process creates is for other users.
process.umask(0o077);

/**
 * PGlite's file layer (Emscripten's) throws `ErrnoError { errno }` with no message, e.g. when it
 * cannot create its files on a full disk; these are its numbers of the errors that mean the folder
 * cannot take writes.
 */
const EMSCRIPTEN_ERRNOS = {
  2: 'EACCES',
  19: 'EDQUOT',
  29: 'EIO',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

/** Tells the server why this process could not open the database, then leaves. */
const fail = (error) => {
  const { pid, errno } = error ?? {};
  let { code, message = String(error) } = error ?? {};
  if (error?.name === 'ErrnoError' && EMSCRIPTEN_ERRNOS[errno]) {
    code = EMSCRIPTEN_ERRNOS[errno];
    message = `${code} (errno ${errno}) while opening the database files`;
  }
  process.send({ kind: 'failed', code, pid, message }, () => process.exit(1));
};

// Before PGlite touches the folder: a second process on it would corrupt it.
let releaseLock;
try {
  releaseLock = await lockDataDir(dataDir);
} catch (error) {
  fail(error);
}

let db;
let server;
let maintenance;
let dumping = false;
const socketPath = maintenanceSocketPath(dataDir);

/**
 * Maintenance requests on a Unix socket only this user can open: "dump\n" answers "OK\n" and then a
 * tar of the data directory, or "ERR <reason>\n". The folder is copied beside itself between two
 * statements (no statement runs meanwhile, so the copy is crash-consistent and PostgreSQL's own
 * recovery completes it when it is opened), then the database serves again while the copy streams
 * out and is deleted. PGlite's dumpDataDir would build the whole tar in memory, about four times the
 * folder's size.
 */
async function serveMaintenance() {
  // Only a process holding the folder's lock serves this socket: one left behind is stale.
  await unlink(socketPath).catch(() => {});
  const maintenanceServer = createServer((socket) => {
    socket.once('data', async (request) => {
      if (request.toString() !== 'dump\n') return socket.end('ERR unknown request\n');
      if (dumping) return socket.end('ERR another backup is being taken\n');
      dumping = true;
      const copy = `${dataDir}.backup-copy`;
      try {
        await rm(copy, { recursive: true, force: true });
        await db.runExclusive(() =>
          cp(dataDir, copy, {
            recursive: true,
            mode: constants.COPYFILE_FICLONE,
            filter: (source) => basename(source) !== LOCK_FILE && !basename(source).startsWith(`${LOCK_FILE}.`),
          }),
        );
        socket.write('OK\n');
        await pipeline(pack(copy), socket);
      } catch (error) {
        if (!socket.destroyed) socket.end(`ERR ${String(error?.message ?? error).replace(/\s+/g, ' ')}\n`);
      } finally {
        await rm(copy, { recursive: true, force: true });
        dumping = false;
      }
    });
    socket.on('error', () => {});
  });
  await new Promise((resolve, reject) => {
    maintenanceServer.once('error', reject);
    maintenanceServer.listen(socketPath, resolve);
  });
  return maintenanceServer;
}
if (releaseLock) {
  try {
    db = await PGlite.create({
      fs: new DurableNodeFS(dataDir),
      startParams: durableStartParams,
      extensions: { pg_trgm },
    });
    // One connection: PGlite is one session, and a second connection's statements could interleave
    // with the first one's extended-protocol messages.
    server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
    await server.start();
    const [, port] = server.getServerConn().split(':');
    maintenance = await serveMaintenance();
    process.send({ kind: 'ready', port: Number(port) });
  } catch (error) {
    await db?.close().catch(() => {});
    await releaseLock();
    fail(error);
  }
}

let closing = null;
const close = () => {
  closing ??= (async () => {
    try {
      await new Promise((resolve) => (maintenance ? maintenance.close(resolve) : resolve()));
      await server?.stop();
      await db?.close();
    } finally {
      // Only once PGlite has let go of the folder.
      await releaseLock?.();
    }
  })();
  return closing;
};

process.on('message', async (message) => {
  if (message?.kind !== 'close') return;
  try {
    await close();
    process.send({ kind: 'closed' });
  } catch (error) {
    process.send({ kind: 'closed', error: String(error) });
  }
});
// The server went away without closing (killed, crashed): close the database cleanly and leave.
process.on('disconnect', () => {
  close().finally(() => process.exit(0));
});
// The server's signals are its own to handle; a Ctrl-C in a terminal reaches this process too.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
