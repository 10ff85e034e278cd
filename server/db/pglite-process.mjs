// The embedded database's own process: PGlite on the data folder, served over the PostgreSQL wire
// protocol on a loopback port, so the server only sends queries and reads answers (the same
// node-postgres driver as for PostgreSQL) while the database works, and keeps its memory, here.
// Plain JavaScript, so it starts the same under tsx, vitest and node.
import process from 'node:process';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { lockDataDir } from './data-dir-lock.mjs';

const [dataDir] = process.argv.slice(2);

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
if (releaseLock) {
  try {
    db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
    // One connection: PGlite is one session, and a second connection's statements could interleave
    // with the first one's extended-protocol messages.
    server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
    await server.start();
    const [, port] = server.getServerConn().split(':');
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
