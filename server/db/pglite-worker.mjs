// The embedded database's own thread: PGlite on the data folder, served over the PostgreSQL wire
// protocol on a loopback port, so the server's thread only sends queries and reads answers (the
// same node-postgres driver as for PostgreSQL) while the database works here.
// Plain JavaScript, so the worker starts the same under tsx, vitest and node.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const db = await PGlite.create({ dataDir: workerData.dataDir, extensions: { pg_trgm } });
// One connection: PGlite is one session, and a second connection's statements could interleave
// with the first one's extended-protocol messages.
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
await server.start();
const [, port] = server.getServerConn().split(':');
parentPort.postMessage({ kind: 'ready', port: Number(port) });

parentPort.on('message', async (message) => {
  if (message?.kind !== 'close') return;
  try {
    await server.stop();
    await db.close();
    parentPort.postMessage({ kind: 'closed' });
  } catch (error) {
    parentPort.postMessage({ kind: 'closed', error: String(error) });
  }
});
