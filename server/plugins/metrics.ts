// Prometheus metrics at /metrics (METRICS=true): request rate and latency per route pattern, Node's
// own gauges, the database pool and the processing queue. Each app keeps its own registry, so several
// apps in one process (tests) never clash over metric names.
import promClient from '@platformatic/prom-client';
import fastifyMetrics from 'fastify-metrics';
import type { FastifyInstance } from 'fastify';
import type { DatabaseDriver, Db, PoolStats } from '../db/client';
import { HttpProblem } from '../lib/problem';
import { sameSecret } from '../lib/same-secret';
import { countWaitingRequests } from '../services/processing';

export const METRICS_PATH = '/metrics';

type MetricsOptions = {
  db: Db;
  driver: DatabaseDriver;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string;
  poolStats?: () => PoolStats;
  isDraining: () => boolean;
};

/** Seconds; from a quick lookup to a long census download. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function checkBearer(authorization: string | undefined, token: string) {
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  if (!given) throw new HttpProblem(401, 'Unauthorized', 'A bearer token is required.');
  if (!sameSecret(given, token)) throw new HttpProblem(403, 'Forbidden', 'The metrics token is wrong.');
}

function registerAppGauges(registry: promClient.Registry, opts: MetricsOptions, onError: (error: unknown) => void) {
  const registers = [registry];
  new promClient.Gauge({
    name: 'portal_database_info',
    help: 'The database driver in use (pglite is one in-process connection, without a pool)',
    labelNames: ['driver'],
    registers,
  }).set({ driver: opts.driver }, 1);

  new promClient.Gauge({
    name: 'portal_draining',
    help: '1 once shutdown has begun and the replica takes no new work',
    registers,
    collect() {
      this.set(opts.isDraining() ? 1 : 0);
    },
  });

  new promClient.Gauge({
    name: 'portal_processing_queue_depth',
    help: 'Requests approved by HR and waiting for the processing worker',
    registers,
    async collect() {
      try {
        this.set(await countWaitingRequests(opts.db));
      } catch (error) {
        // No sample rather than a stale one while the database is away.
        this.reset();
        onError(error);
      }
    },
  });

  const { poolStats } = opts;
  if (!poolStats) return;
  const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new promClient.Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read(poolStats()));
      },
    });
  poolGauge('portal_db_pool_connections', 'Open connections of the PostgreSQL pool', (s) => s.total);
  poolGauge('portal_db_pool_idle_connections', 'Open connections not running a query', (s) => s.idle);
  poolGauge('portal_db_pool_waiting_clients', 'Queries waiting for a free connection', (s) => s.waiting);
  poolGauge('portal_db_pool_max_connections', 'Size limit of the PostgreSQL pool', (s) => s.max);
}

/** Register before any route: fastify-metrics times only routes added after it. */
export async function registerMetrics(app: FastifyInstance, opts: MetricsOptions) {
  const registry = new promClient.Registry();
  await app.register(fastifyMetrics, {
    promClient: promClient as never,
    // Served below, behind the token.
    endpoint: null,
    defaultMetrics: { enabled: true, register: registry as never },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      // Route patterns (`/api/.../:id`, `/idp/*`), never the URL with its query; unknown paths are not timed.
      registeredRoutesOnly: true,
      routeBlacklist: [METRICS_PATH],
      overrides: {
        histogram: { buckets: LATENCY_BUCKETS, registers: [registry as never] },
        // The plugin builds the summary even when it is off; it must not land in the global registry.
        summary: { registers: [] },
      },
    },
  });
  registerAppGauges(registry, opts, (error) => app.log.warn({ err: error }, 'metrics: queue depth unavailable'));

  app.get(METRICS_PATH, { logLevel: 'warn' }, async (request, reply) => {
    if (opts.token) checkBearer(request.headers.authorization, opts.token);
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}
