// Opens the database for the server, the tests and the CLI: PGlite (in-process, in memory or in a
// folder) by default, PostgreSQL through a `pg` Pool when a URL is given. Migrations run before the
// handle is returned, so callers always see the current schema.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Assume } from 'drizzle-orm/utils';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

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
  if (opts.databaseUrl) return openPostgres({ connectionString: opts.databaseUrl, max: POOL_MAX }, 'postgres');
  // A folder is the server's (and the CLI's, the benches') database: it runs in its own process. The
  // tests' throwaway databases stay in this thread, in memory, restored from a dumped template.
  if (opts.dataDir && opts.dataDir !== 'memory://' && !opts.loadDataDir) return openPgliteProcess(opts.dataDir);
  return openPglite(opts.dataDir, opts.loadDataDir);
}

/**
 * PGlite in a process of its own behind a loopback PostgreSQL port (see pglite-process.mjs), used
 * through a pool of one connection: PGlite is one session, so statements queue here as they would on
 * its lock in-process, but the database's work and memory are no longer the server's.
 */
async function openPgliteProcess(dataDir: string): Promise<OpenedDatabase> {
  // Plain node: the database process needs no TypeScript loader.
  const child = fork(fileURLToPath(new URL('./pglite-process.mjs', import.meta.url)), [dataDir], { execArgv: [] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { kind: string; port: number }) => resolve(message.port));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the database process stopped (${code})`)));
  });
  const stopChild = async () => {
    if (child.connected) child.send({ kind: 'close' });
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  // Once closed, the process leaves by itself (it exits when its channel closes).
  child.on('message', (message: { kind: string }) => {
    if (message.kind === 'closed') child.disconnect();
  });
  try {
    const opened = await openPostgres(
      // Never dropped when idle: the process serves one connection, and a reconnect could find the old
      // one not yet released.
      { host: '127.0.0.1', port, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0 },
      'pglite',
    );
    return {
      ...opened,
      close: async () => {
        await opened.close();
        await stopChild();
      },
    };
  } catch (error) {
    await stopChild();
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
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder, migrationsSchema });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

async function openPostgres(config: pg.PoolConfig, driver: DatabaseDriver): Promise<OpenedDatabase> {
  const pool = new pg.Pool(config);
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error('postgres pool error:', error.message));
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
