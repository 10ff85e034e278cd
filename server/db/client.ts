// Opens the database for the server, the tests and the CLI: PGlite (in-process, in memory or in a
// folder) by default, PostgreSQL through a `pg` Pool when a URL is given. Migrations run before the
// handle is returned, so callers always see the current schema.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Assume } from 'drizzle-orm/utils';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DATA_DIR_IN_USE, DataDirInUseError } from './data-dir-lock.mjs';
import { DataDirNotWritableError, notWritableReason } from './data-dir-writable';
import * as schema from './schema.js';

export { DataDirInUseError } from './data-dir-lock.mjs';
export { DataDirNotWritableError } from './data-dir-writable';

type Schema = typeof schema;

/**
 * What `db.execute` resolves to on either driver: both results carry `rows` (PGlite's Results and
 * pg's QueryResult differ elsewhere, so only `rows` is promised).
 */
type DbQueryResult<TRow> = { rows: TRow[] };

interface DbQueryResultHKT extends PgQueryResultHKT {
  readonly type: DbQueryResult<Assume<this['row'], Record<string, unknown>>>;
}

/**
 * The driver-neutral handle. Both PgliteDatabase and NodePgDatabase extend PgDatabase, and so does a
 * transaction, so code written against Db runs on either driver and inside `db.transaction`.
 */
export type Db = PgDatabase<DbQueryResultHKT, Schema>;

export type DatabaseDriver = 'pglite' | 'postgres';

type OpenDatabaseOptions = {
  /** postgres://… — when set, PostgreSQL is used and dataDir is ignored. */
  databaseUrl?: string;
  /** PGlite folder; undefined or 'memory://' keeps the database in memory. */
  dataDir?: string;
  /** PGlite only: start from a dumped data directory (tests reuse a migrated template this way). */
  loadDataDir?: Blob;
};

/**
 * The longest a new connection may take to open, and on PostgreSQL the longest a call waits for a
 * free one: past it the call fails at once (answered 503) instead of hanging on a database that is
 * gone or unreachable.
 */
export const CONNECT_TIMEOUT_MS = 2_000;
/**
 * PostgreSQL's statement_timeout for the pool's sessions. The long reads (the census, carrier files,
 * exports, the Access Report) run as one short statement per batch, so this only ends runaway
 * statements. Migrations and the seed, which wait on another replica's lock, lift it for their own
 * session or transaction. PGlite accepts the setting but never enforces it, so it is not sent there.
 */
export const STATEMENT_TIMEOUT_MS = 30_000;

/** Connections of the PostgreSQL pool: open, idle, and callers waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

export type OpenedDatabase = {
  db: Db;
  close(): Promise<void>;
  driver: DatabaseDriver;
  /** PostgreSQL only: PGlite is one in-process connection with no pool to report. */
  poolStats?: () => PoolStats;
  /** The underlying PGlite instance (PGlite driver only), e.g. to dump its data directory. */
  pglite?: PGlite;
};

/** Resolved from this file, not the cwd, so tests, the server and the CLI find the same folder. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Where drizzle's migrator keeps its bookkeeping table (its default); reset drops it too. */
export const migrationsSchema = 'drizzle';

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  if (opts.databaseUrl) {
    return openPostgres(
      {
        connectionString: opts.databaseUrl,
        max: POOL_MAX,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        statement_timeout: STATEMENT_TIMEOUT_MS,
        // No JIT: every read here is short, and one whose estimate passed jit_above_cost (the Access
        // Report's member filter, 25 ms of work) spent 120 ms compiling.
        options: '-c jit=off',
      },
      'postgres',
    );
  }
  // A folder is the server's (and the CLI's, the benches') database: it runs in its own process. The
  // tests' throwaway databases stay in this thread, in memory, restored from a dumped template.
  if (opts.dataDir && opts.dataDir !== 'memory://' && !opts.loadDataDir) return openPgliteProcess(opts.dataDir);
  return openPglite(opts.dataDir, opts.loadDataDir);
}

/**
 * Runs one statement that may outlast STATEMENT_TIMEOUT_MS (a vacuum after a bulk seed) on a pooled
 * session with the timeout lifted for it alone, restored before the session goes back to the pool. A
 * SET and the statement in one query string would not do: VACUUM refuses the implicit transaction.
 */
/** Pools on a real PostgreSQL server; the PGlite process's pool speaks the same protocol but is left out. */
const postgresPools = new WeakSet<pg.Pool>();

/**
 * The pool behind a handle on PostgreSQL, for what drizzle cannot run (COPY … TO STDOUT streams);
 * null on PGlite, in-process or in its own process.
 */
export function postgresPoolOf(db: Db): pg.Pool | null {
  const client: unknown = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool && postgresPools.has(client) ? client : null;
}

export async function runWithoutStatementTimeout(db: Db, statement: string): Promise<void> {
  const client: unknown = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) {
    await db.execute(sql.raw(statement));
    return;
  }
  const session = await client.connect();
  try {
    await session.query('set statement_timeout = 0');
    try {
      await session.query(statement);
    } finally {
      await session.query('reset statement_timeout');
    }
  } finally {
    session.release();
  }
}

type DatabaseProcess = { child: ChildProcess; port: number; exited: Promise<void> };

/** Forks the database process on `dataDir` and resolves once it listens, with its port. */
async function startDatabaseProcess(dataDir: string): Promise<DatabaseProcess> {
  // Plain node: the database process needs no TypeScript loader.
  const child = fork(fileURLToPath(new URL('./pglite-process.mjs', import.meta.url)), [dataDir], { execArgv: [] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  type Message = { kind: string; port?: number; code?: string; message?: string; pid?: number };
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: Message) => {
      if (message.kind === 'ready' && message.port) return resolve(message.port);
      if (message.code === DATA_DIR_IN_USE) return reject(new DataDirInUseError(dataDir, message.pid ?? 'unknown'));
      // A folder that stopped taking writes (or filled up) after the check at start-up.
      const notWritable = notWritableReason(message);
      reject(
        notWritable
          ? new DataDirNotWritableError(dataDir, notWritable)
          : new Error(`the database process could not open ${dataDir}: ${message.message}`),
      );
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the database process stopped (${code})`)));
  });
  // Once closed, the process leaves by itself (it exits when its channel closes).
  child.on('message', (message: { kind: string }) => {
    if (message.kind === 'closed') child.disconnect();
  });
  return { child, port, exited };
}

async function stopDatabaseProcess({ child, exited }: DatabaseProcess): Promise<void> {
  if (child.connected) child.send({ kind: 'close' });
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * SQLSTATEs of a write the database's files refused (disk_full, io_error), and a PANIC, after which
 * PGlite no longer answers.
 */
const WRITE_FAILURE_SQLSTATES = new Set(['53100', '58030']);
const stoppedByWriteFailure = (error: { code?: string; severity?: string; message?: string }) =>
  (error.code !== undefined && WRITE_FAILURE_SQLSTATES.has(error.code)) ||
  error.severity === 'PANIC' ||
  // A read-only disk: insufficient_privilege with the system's message.
  (error.code === '42501' && /: Read-only file system$/.test(error.message ?? ''));

/** Restart delays after the database process dies: quick at first, slower while it keeps dying. */
const RESTART_DELAYS_MS = [250, 1_000, 2_000, 5_000, 10_000, 30_000];
/** A process that ran this long resets the delays. */
const RESTART_STABLE_MS = 60_000;

/**
 * PGlite in a process of its own behind a loopback PostgreSQL port (see pglite-process.mjs), used
 * through a pool of one connection: PGlite is one session, so statements queue here as they would on
 * its lock in-process, but the database's work and memory are no longer the server's.
 *
 * Should that process die (killed, out of memory, a PGlite crash), it is started again on the same
 * folder, taking over its lock; meanwhile calls fail at once (503) and /readyz answers 503. The pool
 * connects to whichever port the current process listens on.
 */
async function openPgliteProcess(dataDir: string): Promise<OpenedDatabase> {
  let current: DatabaseProcess | null = await startDatabaseProcess(dataDir);
  let port = current.port;
  let closing = false;
  let restarting: Promise<void> | null = null;
  let restartTimer: NodeJS.Timeout | undefined;
  let attempt = 0;

  const watch = (running: DatabaseProcess) => {
    const startedAt = Date.now();
    running.child.once('exit', (code, signal) => {
      if (closing || current !== running) return;
      current = null;
      if (Date.now() - startedAt >= RESTART_STABLE_MS) attempt = 0;
      console.error(
        `The database process (pid ${running.child.pid}) stopped (${signal ?? `code ${code}`}); ` +
          `starting it again on ${dataDir}.`,
      );
      scheduleRestart();
    });
  };
  const scheduleRestart = () => {
    const delay = RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)]!;
    attempt += 1;
    restartTimer = setTimeout(() => {
      restarting = (async () => {
        try {
          const started = await startDatabaseProcess(dataDir);
          if (closing) return void (await stopDatabaseProcess(started));
          current = started;
          port = started.port;
          watch(started);
          console.error(`The database process is back (pid ${started.child.pid}).`);
        } catch (error) {
          if (closing) return;
          console.error(`The database process did not start again: ${(error as Error).message}`);
          scheduleRestart();
        } finally {
          restarting = null;
        }
      })();
    }, delay);
  };

  const stop = async () => {
    closing = true;
    clearTimeout(restartTimer);
    await restarting;
    if (current) await stopDatabaseProcess(current);
  };
  watch(current);
  // Each connection goes to the current process's port, and waits at most CONNECT_TIMEOUT_MS to open.
  // The pool itself sets no timeout: waiting for its one connection is how calls queue here.
  class DatabaseProcessClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === 'object' ? config : {}), port, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      // After a failed write to its files, PGlite answers the statement's error and then spins in
      // its WebAssembly, answering nothing more (measured on a full tmpfs: a WAL write failing with
      // disk_full). So the process is ended at once and started again, which recovers what was
      // committed from the WAL, and the calls meanwhile fail at once (503) rather than hang.
      const connection = (this as unknown as { connection: NodeJS.EventEmitter }).connection;
      connection.on('errorMessage', (error: { code?: string; severity?: string; message?: string }) => {
        if (!stoppedByWriteFailure(error)) return;
        const failing = current;
        if (!failing || failing.child.exitCode !== null || failing.child.signalCode !== null) return;
        console.error(
          `The database could not write to ${dataDir} (${error.code}); ending its process (pid ${failing.child.pid}).`,
        );
        failing.child.kill('SIGKILL');
      });
    }
  }
  try {
    const opened = await openPostgres(
      // Never dropped when idle: the process serves one connection, and a reconnect could find the old
      // one not yet released.
      {
        host: '127.0.0.1',
        user: 'postgres',
        database: 'postgres',
        max: 1,
        idleTimeoutMillis: 0,
        Client: DatabaseProcessClient,
      },
      'pglite',
    );
    return {
      ...opened,
      close: async () => {
        await opened.close();
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<OpenedDatabase> {
  // Loaded only here: a server on the database process or on PostgreSQL never holds PGlite itself.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create({
    dataDir: dataDir && dataDir !== 'memory://' ? dataDir : undefined,
    loadDataDir,
    // Extensions the migrations create (PostgreSQL ships them; PGlite loads them on demand).
    extensions: { pg_trgm },
  });
  try {
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder, migrationsSchema });
    return { db, driver: 'pglite', close: () => client.close(), pglite: client };
  } catch (error) {
    await client.close();
    throw error;
  }
}

// Arbitrary constant shared by every replica, so that only one of them migrates at a time.
const MIGRATION_LOCK_KEY = 20250725;
const POOL_MAX = 10;

/**
 * Replicas starting together on a fresh database would otherwise run the same migration side by side,
 * and all but one would fail on the tables the first one created. The lock is a session lock, held
 * on one connection for the whole migration; the others wait, then find nothing left to apply.
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    // Waiting for another replica's migration, or a long one (an index on a large table), must not
    // end at the statement timeout; the session's own value comes back before the pool reuses it.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder, migrationsSchema });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await client.query('reset statement_timeout');
    }
  } finally {
    client.release();
  }
}

async function openPostgres(config: pg.PoolConfig, driver: DatabaseDriver): Promise<OpenedDatabase> {
  const pool = new pg.Pool(config);
  // A client losing its connection (the server stopped or restarted, the network gone) must not crash
  // the process (node-postgres#2386). The pool reports idle clients; a checked-out client emits on
  // itself, which with no listener would throw. Its query fails too, and the next call reconnects.
  // Only the message: the connection string stays out of the log.
  pool.on('error', () => {
    // Already logged by the client's own listener below.
  });
  pool.on('connect', (client) => {
    client.on('error', (error) => console.error(`${driver} connection lost: ${error.message}`));
  });
  if (driver === 'postgres') postgresPools.add(pool);
  try {
    await migrateLocked(pool);
    return {
      db: drizzleNodePg({ client: pool, schema }),
      driver,
      close: () => pool.end(),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: config.max ?? POOL_MAX,
      }),
    };
  } catch (error) {
    await pool.end();
    throw error;
  }
}
