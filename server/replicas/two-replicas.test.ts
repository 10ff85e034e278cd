// Two server processes on one PostgreSQL database behind a round-robin nginx, as a deployment runs
// them: they migrate and seed the fresh database together, share sign-ins, apply each request exactly
// once, and one of them can be shut down while the other keeps serving. `npm run test:replicas`.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { openDatabase, type OpenedDatabase } from '../db/client';
import { requestStatusHistory, requests, subscribers } from '../db/schema';
import { PROCESSING_ACTOR } from '../services/member-requests';
import {
  buildReplicaServer,
  createEmptyDatabase,
  freePorts,
  startReplica,
  stopChild,
  waitFor,
  waitReady,
  type Replica,
} from './cluster';
import { httpSend, refreshWith, signInTokens } from '../test/sign-in';
import { ensureNginx, startNginx } from './nginx';
import { LAST_NAME, api, enrollAsBroker, keyedWrite, planMenu } from './enrollment-journey';

const ADMIN_URL = process.env.DATABASE_URL;
const METRICS_TOKEN = 'replica-metrics-token';
/** Kept short so the replica shut down in the last test is seen draining. */
const SHUTDOWN_DELAY_MS = 1_500;
const ENROLLMENTS = 6;

let database: { url: string; drop(): Promise<void> } | undefined;
let dir: string;
let replicas: Replica[] = [];
let proxy: Awaited<ReturnType<typeof startNginx>> | undefined;
let proxyUrl: string;
let direct: OpenedDatabase | undefined;
let replicaEnv: Record<string, string>;
/** Replicas killed and replaced; their logs are checked with the others'. */
const killed: Replica[] = [];

async function scrape(replica: Replica): Promise<string> {
  const response = await fetch(`${replica.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

// Run by `npm run test:replicas`, which always provides a PostgreSQL (npm run test:unit leaves this project out).
describe('two replicas behind a round-robin proxy', () => {
  beforeAll(async () => {
    if (!ADMIN_URL) throw new Error('The replica test needs DATABASE_URL: run it with `npm run test:replicas`.');
    ensureNginx();
    await buildReplicaServer();
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-replicas-'));
    database = await createEmptyDatabase(ADMIN_URL!);
    const [proxyPort, ...ports] = await freePorts(3);
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const env = (replicaEnv = {
      DATABASE_URL: database.url,
      PUBLIC_URL: proxyUrl,
      DATA_DIR: path.join(dir, 'data'),
      SERVE_SPA: 'false',
      PROCESSING_INTERVAL_MS: '100',
      LOG_LEVEL: 'info',
      METRICS: 'true',
      METRICS_TOKEN,
      SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
    });
    // Started together on the empty database: they migrate and seed it side by side.
    replicas = ports.map((port, i) => startReplica(`replica ${'AB'[i]}`, port!, env));
    await Promise.all(replicas.map((replica) => waitReady(replica, 120_000)));
    proxy = await startNginx({
      listen: `127.0.0.1:${proxyPort}`,
      upstreams: replicas.map((replica) => new URL(replica.url).host),
      prefix: dir,
    });
    await waitFor(`the proxy (${proxy.log.join('')})`, 10_000, async () =>
      (await fetch(`${proxyUrl}/healthz`)).ok ? true : undefined,
    );
    direct = await openDatabase({ databaseUrl: database.url });
  });

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => stopChild(replica.process, replica.exited)));
    if (proxy) await stopChild(proxy.process, proxy.exited, 'SIGQUIT');
    await direct?.close();
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const secrets: string[] = [];

  it('enroll, approve and process through the proxy: each request is applied exactly once', async () => {
    const [broker, hr] = await Promise.all([
      signInTokens(httpSend(proxyUrl), 'broker@example.com', proxyUrl),
      signInTokens(httpSend(proxyUrl), 'hr@example.com', proxyUrl),
    ]);
    secrets.push(broker.access_token, broker.refresh_token, hr.access_token, hr.refresh_token);
    const menu = await planMenu(direct!.db);
    const ssns = Array.from({ length: ENROLLMENTS }, (_, i) => `96${i}-31-${String(4100 + i)}`);
    secrets.push(...ssns);

    const requestPKs = await Promise.all(ssns.map((ssn, i) => enrollAsBroker(proxyUrl, broker, i, ssn, menu)));
    // Submitted by a broker, so HR approves; both replicas' workers then race for the requests.
    const approvals = await Promise.all(
      requestPKs.map((requestPK) =>
        api(proxyUrl, hr, 'POST', `${endpointUrl(endpoints.hrApproveRequest)}?requestPK=${requestPK}`),
      ),
    );
    expect(approvals.map((a) => a.status)).toEqual(requestPKs.map(() => 200));

    const db = direct!.db;
    await waitFor('processing of every request', 60_000, async () => {
      const [left] = await db
        .select({ n: count() })
        .from(requests)
        .where(and(inArray(requests.requestPK, requestPKs), inArray(requests.status, ['Submitted', 'HRApproved'])));
      return left!.n === 0 ? true : undefined;
    });

    for (const [i, requestPK] of requestPKs.entries()) {
      const history = await db
        .select({ status: requestStatusHistory.status, changedBy: requestStatusHistory.changedBy })
        .from(requestStatusHistory)
        .where(eq(requestStatusHistory.requestPK, requestPK))
        .orderBy(asc(requestStatusHistory.requestStatusHistoryPK));
      expect(history.map((h) => h.status)).toEqual([
        'Incomplete',
        'Submitted',
        'HRApproved',
        'HEZApproved',
        'PushedToRemote',
      ]);
      expect(history.slice(3).map((h) => h.changedBy)).toEqual([PROCESSING_ACTOR, PROCESSING_ACTOR]);
      const enrolled = await db
        .select({ firstName: subscribers.firstName })
        .from(subscribers)
        .where(and(eq(subscribers.employerPK, 2), eq(subscribers.ssn, ssns[i]!)));
      expect(enrolled).toEqual([{ firstName: `Rowan${String.fromCharCode(65 + i)}` }]);
    }
    const [named] = await db.select({ n: count() }).from(subscribers).where(eq(subscribers.lastName, LAST_NAME));
    expect(named!.n).toBe(ENROLLMENTS);
    // Neither worker ever took a request the other held (the status guard would have failed it).
    expect(replicas.flatMap((replica) => replica.log).filter((line) => line.includes('processing failed'))).toEqual([]);

    // Round robin reached both replicas, and each reports its pool and an empty queue.
    const route = endpointUrl(endpoints.createEnrollmentRequest);
    for (const replica of replicas) {
      const text = await scrape(replica);
      expect(text).toMatch(
        new RegExp(`http_request_duration_seconds_count\\{method="PUT",route="${route}",status_code="200"\\} [1-9]`),
      );
      expect(text).toMatch(/^portal_db_pool_connections [1-9]/m);
      expect(text).toMatch(/^portal_processing_queue_depth 0$/m);
      expect(text).toContain('portal_database_info{driver="postgres"} 1');
    }
    // The proxy does not hand out metrics.
    expect((await fetch(`${proxyUrl}/metrics`)).status).toBe(404);
  });

  it('a token issued by one replica is accepted by the other, and its refresh token works there', async () => {
    const [a, b] = replicas as [Replica, Replica];
    const tokens = await signInTokens(httpSend(a.url), 'hr@example.com', proxyUrl);
    secrets.push(tokens.access_token, tokens.refresh_token);
    const header = endpointUrl(endpoints.employerDetails);
    expect((await api(b.url, tokens, 'GET', `${header}?employerPK=2`)).status).toBe(200);
    expect((await api(a.url, tokens, 'GET', `${header}?employerPK=2`)).status).toBe(200);
    const renewed = await refreshWith(httpSend(b.url), tokens.refresh_token);
    secrets.push(renewed.access_token, renewed.refresh_token);
    expect((await api(a.url, renewed, 'GET', `${header}?employerPK=2`)).status).toBe(200);
  });

  it('a replica killed mid-journey: every journey completes through the other, and nothing is made twice', async () => {
    const b = replicas[1]!;
    const broker = await signInTokens(httpSend(proxyUrl), 'broker@example.com', proxyUrl);
    secrets.push(broker.access_token, broker.refresh_token);
    const menu = await planMenu(direct!.db);
    const ssns = Array.from({ length: 4 }, (_, i) => `97${i}-42-${String(5100 + i)}`);
    secrets.push(...ssns);
    const journeys = ssns.map((ssn, i) => enrollAsBroker(proxyUrl, broker, 10 + i, ssn, menu, keyedWrite));
    // Killed while the journeys' writes are on their way, some of them on this replica.
    await new Promise((resolve) => setTimeout(resolve, 60));
    b.process.kill('SIGKILL');
    const requestPKs = await Promise.all(journeys);
    expect(await b.exited).toBeNull();

    const db = direct!.db;
    const made = await db
      .select({ requestPK: requests.requestPK, ssn: requests.ssn, status: requests.status })
      .from(requests)
      .where(inArray(requests.ssn, ssns));
    // One request per journey, each submitted: none lost, none twice.
    expect(made.map((r) => r.ssn).sort()).toEqual([...ssns].sort());
    expect(made.map((r) => r.requestPK).sort()).toEqual([...requestPKs].sort());
    expect(made.every((r) => r.status === 'Submitted')).toBe(true);

    // Replaced, as a supervisor would, for the tests after this one.
    killed.push(b);
    const restarted = startReplica('replica B (restarted)', Number(new URL(b.url).port), replicaEnv);
    replicas[1] = restarted;
    await waitReady(restarted, 60_000);
    // nginx holds a replica that failed out of the rotation for a while (fail_timeout): wait until it
    // hands calls to the restarted one again.
    const details = `${endpointUrl(endpoints.employerDetails)}?employerPK=2`;
    await waitFor('the proxy to use the restarted replica', 30_000, async () => {
      await api(proxyUrl, broker, 'GET', details);
      return /http_request_duration_seconds_count\{method="GET",route="[^"]*EmployerDetails",status_code="200"\} [1-9]/.test(
        await scrape(restarted),
      )
        ? true
        : undefined;
    });
  });

  it('a replica shut down drains (readyz 503, still serving), exits cleanly, and its sign-ins refresh on the other', async () => {
    const [a, b] = replicas as [Replica, Replica];
    const tokens = await signInTokens(httpSend(a.url), 'broker@example.com', proxyUrl);
    secrets.push(tokens.access_token, tokens.refresh_token);

    a.process.kill('SIGTERM');
    await waitFor('replica A to drain', 5_000, async () =>
      (await fetch(`${a.url}/readyz`)).status === 503 ? true : undefined,
    );
    // While the balancer notices, requests are still answered.
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
    expect(await a.exited).toBe(0);
    expect(a.log.join('\n')).toContain('"msg":"shut down"');

    // Through the proxy, which now finds only replica B.
    for (let i = 0; i < 2; i++) expect((await fetch(`${proxyUrl}/readyz`)).status).toBe(200);
    const renewed = await refreshWith(httpSend(proxyUrl), tokens.refresh_token);
    secrets.push(renewed.access_token, renewed.refresh_token);
    expect((await api(proxyUrl, renewed, 'GET', `${endpointUrl(endpoints.employerDetails)}?employerPK=2`)).status).toBe(
      200,
    );
    expect((await api(b.url, tokens, 'GET', `${endpointUrl(endpoints.employerDetails)}?employerPK=2`)).status).toBe(
      200,
    );
  });

  it('the replicas logged no token, SSN or member name, and no successful probe', () => {
    const log = [...replicas, ...killed].flatMap((replica) => replica.log).join('\n');
    expect(log).toContain('"msg":"request completed"');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toContain(LAST_NAME);
    expect(log).not.toMatch(/"url":"\/(healthz|readyz|metrics)"/);
  });
});
