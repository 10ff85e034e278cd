import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { requests, subscribers } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { signIn } from '../test/sign-in';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/test-app';
import { HEALTH_PATH } from './health';
import { METRICS_PATH } from './metrics';

const TOKEN = 'metrics-token-for-tests';

/** The value of one sample line (`name{labels} value`), or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics, off by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is off unless METRICS=true, and then /metrics does not exist', async () => {
    expect(loadConfig({}).metrics).toBe(false);
    expect(loadConfig({ METRICS: '1' }).metrics).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: METRICS_PATH })).statusCode).toBe(404);
  });

  it('refuses to start on an https origin without a token', () => {
    expect(() => loadConfig({ METRICS: 'true', PUBLIC_URL: 'https://portal.example.com' })).toThrow(/METRICS_TOKEN/);
    expect(
      loadConfig({ METRICS: 'true', METRICS_TOKEN: TOKEN, PUBLIC_URL: 'https://portal.example.com' }).metrics,
    ).toBe(true);
  });
});

describe('metrics, on with a token', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    const config = loadConfig({
      PUBLIC_URL: TEST_PUBLIC_URL,
      SERVE_SPA: 'false',
      PROCESSING_INTERVAL_MS: '0',
      METRICS: 'true',
      METRICS_TOKEN: TOKEN,
    });
    app = await buildApp({ config, db: database.db, database });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const scrape = (authorization?: string) =>
    app.inject({ method: 'GET', url: METRICS_PATH, headers: authorization ? { authorization } : {} });

  it('answers only to the bearer token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(403);
    // A user's access token is no substitute.
    expect((await scrape(`Bearer ${await signIn(app, 'admin@example.com', TEST_PUBLIC_URL)}`)).statusCode).toBe(403);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.headers['cache-control']).toBe('no-store');
  });

  it('times requests per route pattern, never the URL with its query; probes and scrapes are not timed', async () => {
    const [member] = await database.db
      .select({ pk: subscribers.subscriberPK, lastName: subscribers.lastName })
      .from(subscribers)
      .where(eq(subscribers.employerPK, 2))
      .limit(1);
    const auth = { authorization: `Bearer ${await signIn(app, 'hr@example.com', TEST_PUBLIC_URL)}` };
    const url = endpointUrl(endpoints.subscriberDetails);
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'GET', url: `${url}?pk=${member!.pk}`, headers: auth });
      expect(res.statusCode).toBe(200);
    }
    await app.inject({ method: 'GET', url: HEALTH_PATH });
    await app.inject({ method: 'GET', url: `/no/such/path?lastName=${member!.lastName}` });

    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, `http_request_duration_seconds_count{method="GET",route="${url}",status_code="200"}`)).toBe(3);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/idp\/\*"/);
    const routes = [...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]!);
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((r) => /[?#]|pk=|\d{3}/.test(r))).toEqual([]);
    expect(text).not.toContain(member!.lastName);
    expect(routes).not.toContain(HEALTH_PATH);
    expect(routes).not.toContain(METRICS_PATH);
    // No summary beside the histogram.
    expect(text).not.toContain('http_request_summary_seconds');
    // Node's own gauges come along.
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('reports the processing queue and the database', async () => {
    const [waiting] = await database.db.select({ n: count() }).from(requests).where(eq(requests.status, 'HRApproved'));
    expect(waiting!.n).toBeGreaterThan(0);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, 'portal_processing_queue_depth')).toBe(waiting!.n);
    expect(sample(text, `portal_database_info{driver="${database.driver}"}`)).toBe(1);
    expect(sample(text, 'portal_draining')).toBe(0);
    if (database.driver === 'postgres') {
      // Open connections: at least the one that answered the queue depth; none are waiting now.
      expect(sample(text, 'portal_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'portal_db_pool_waiting_clients')).toBe(0);
      expect(sample(text, 'portal_db_pool_max_connections')).toBe(10);
    } else {
      // PGlite is one in-process connection: no pool to report.
      expect(text).not.toContain('portal_db_pool_');
    }
  });
});
