// PostgreSQL stopping under the running app and coming back on the same folder and port: calls are
// answered 503 with Retry-After within seconds, never 500, the process stays up, /readyz follows the
// database, and the pool reconnects by itself once it is back.
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/throwaway-postgres';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/database-unavailable';
import { CONNECT_TIMEOUT_MS, openDatabase, type OpenedDatabase } from '../db/client';
import { seedDatabase } from '../db/seed/seed-database';
import { captureLog } from '../test/log-capture';
import { injectSend, signInTokens } from '../test/sign-in';
import { READY_PATH, HEALTH_PATH } from './health';

const PUBLIC_URL = 'http://localhost';
let server: ThrowawayPostgres;
let database: OpenedDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
let authorization: string;
let refreshToken: string;
const log = captureLog();

beforeAll(async () => {
  server = await startThrowawayPostgres();
  database = await openDatabase({ databaseUrl: server.url });
  await seedDatabase(database.db);
  const config = loadConfig({
    PUBLIC_URL,
    SERVE_SPA: 'false',
    PROCESSING_INTERVAL_MS: '0',
    CARRIER_FEED_INTERVAL_MS: '0',
  });
  app = await buildApp({
    config,
    db: database.db,
    database: { driver: database.driver, poolStats: database.poolStats },
    logger: true,
    logStream: log.stream,
  });
  await app.ready();
  const tokens = await signInTokens(injectSend(app), 'hr@example.com', PUBLIC_URL);
  authorization = `Bearer ${tokens.access_token}`;
  refreshToken = tokens.refresh_token;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  await server?.stop();
});

type Outcome = { sentAt: number; ms: number; status: number; retryAfter?: string; title?: string };

async function memberList(): Promise<Outcome> {
  const sentAt = Date.now();
  const res = await app.inject({
    method: 'POST',
    url: endpointUrl(endpoints.subscriberList),
    headers: { authorization },
    payload: { employerPK: 2 },
  });
  const retryAfter = res.headers['retry-after'];
  return {
    sentAt,
    ms: Date.now() - sentAt,
    status: res.statusCode,
    ...(retryAfter !== undefined ? { retryAfter: String(retryAfter) } : {}),
    ...(res.statusCode === 503 ? { title: (res.json() as { title: string }).title } : {}),
  };
}
const probe = (url: string) => app.inject({ method: 'GET', url });

/** Calls one after another (two callers) until `until` resolves; every outcome is kept. */
function callWhile(until: Promise<unknown>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let done = false;
  void until.finally(() => (done = true));
  const caller = async () => {
    while (!done) {
      outcomes.push(await memberList());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return Promise.all([caller(), caller()]).then(() => outcomes);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the database going away and coming back', () => {
  it('answers 503 with Retry-After while PostgreSQL is stopped, and recovers without a restart', async () => {
    expect((await memberList()).status).toBe(200);
    expect((await probe(READY_PATH)).statusCode).toBe(200);

    // A statement running and a transaction holding its client when the server stops: both must fail
    // as "unavailable", and neither may take the process down (node-postgres#2386).
    const running = database.db.execute(sql`select pg_sleep(20)`).then(
      () => null,
      (error: unknown) => error,
    );
    let stopped!: () => void;
    const serverStopped = new Promise<void>((resolve) => (stopped = resolve));
    const inTransaction = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await serverStopped;
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    await sleep(200);

    // Calls keep arriving while the server stops and stays down for a few seconds.
    const stopAt = Date.now();
    let stopTook = 0;
    const downFor = server.stopServer().then(async () => {
      stopTook = Date.now() - stopAt;
      stopped();
      await sleep(4_000);
    });
    const duringOutage = await callWhile(downFor);

    expect(isDatabaseUnavailable(await running)).toBe(true);
    expect(isDatabaseUnavailable(await inTransaction)).toBe(true);

    // Never a 500, never longer than 5 s; once the stop began, 503s with Retry-After.
    expect(duringOutage.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    expect(Math.max(...duringOutage.map((o) => o.ms))).toBeLessThan(5_000);
    const unavailable = duringOutage.filter((o) => o.status === 503);
    expect(unavailable.length).toBeGreaterThan(5);
    for (const o of unavailable) {
      expect(o.retryAfter).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(o.title).toBe('Service Unavailable');
    }
    const first503 = Math.min(...unavailable.map((o) => o.sentAt + o.ms)) - stopAt;

    // Still down: the probes say so, the process is alive.
    const ready = await probe(READY_PATH);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'database unavailable' });
    expect((await probe(HEALTH_PATH)).statusCode).toBe(200);
    const whileDown = await memberList();
    expect(whileDown.status).toBe(503);
    expect(whileDown.ms).toBeLessThan(5_000);
    // The identity provider's own endpoints too: the SPA's token renewal, a sign-in page.
    const renewal = await app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: 'group-portal',
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      }).toString(),
    });
    expect(renewal.statusCode).toBe(503);
    expect(renewal.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(renewal.json()).toMatchObject({ error: 'temporarily_unavailable' });
    const signInPage = await app.inject({
      method: 'GET',
      url: `/idp/auth?${new URLSearchParams({
        client_id: 'group-portal',
        response_type: 'code',
        scope: 'openid',
        redirect_uri: `${PUBLIC_URL}/signin-oidc`,
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'S256',
      })}`,
      headers: { accept: 'text/html' },
    });
    expect(signInPage.statusCode).toBe(503);
    expect(signInPage.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(signInPage.body).toContain('Sign-in unavailable');

    // Back on the same folder and port: ready again, and calls succeed, with no restart of the app.
    const startAt = Date.now();
    await server.startServer();
    let readyAfter: number | undefined;
    while (Date.now() - startAt < 20_000) {
      if ((await probe(READY_PATH)).statusCode === 200) {
        readyAfter = Date.now() - startAt;
        break;
      }
      await sleep(100);
    }
    expect(readyAfter).toBeDefined();
    expect((await memberList()).status).toBe(200);

    expect(log.lines.some((line) => line.includes('"msg":"database unavailable"'))).toBe(true);
    expect(log.lines.join('\n')).not.toContain(server.url);
    console.info(
      `database outage: stop took ${stopTook} ms, first 503 ${first503} ms after the stop began, ` +
        `${unavailable.length} of ${duringOutage.length} calls answered 503 (slowest ${Math.max(...unavailable.map((o) => o.ms))} ms), ` +
        `ready ${readyAfter} ms after the start began`,
    );
  }, 60_000);

  it('gives up on a database that accepts connections but never answers within the connect timeout', async () => {
    // A port that takes the connection and then says nothing, as a hung or black-holed server would.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const started = Date.now();
    try {
      const error = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/test` }).then(
        () => null,
        (failure: unknown) => failure,
      );
      const took = Date.now() - started;
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(took).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
      expect(took).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
