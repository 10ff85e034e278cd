// Probes for the load balancer. /healthz: the process is up (no database, answers at once).
// /readyz: this replica should get traffic: it is not shutting down, the database answers, and every
// migration this code knows is applied there. Neither needs a token, and neither is audited.
// On the embedded database, a ready answer also carries `warnings` when a group outgrows what PGlite
// serves within its targets: the replica still serves, but the operator should move to PostgreSQL.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseDriver, Db } from '../db/client';
import { EMBEDDED_MEMBER_CEILING, embeddedCeilingWarnings } from '../db/pglite-ceiling';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/** A probe that waits longer than this is answered 503: a stuck pool is not ready either. */
const READY_TIMEOUT_MS = 2_000;

type Journal = { entries: { tag: string; when: number }[] };

type HealthOptions = {
  db: Db;
  migrationsFolder: string;
  migrationsSchema: string;
  /** True once shutdown has begun: the balancer must stop sending new work here. */
  isDraining: () => boolean;
  /** The ceiling warnings apply to PGlite only. */
  driver: DatabaseDriver;
  /** Members one group may hold on PGlite before /readyz warns (tests lower it). */
  memberCeiling?: number;
  /** How long a read of the group sizes is reused: probes come every few seconds, groups grow slowly. */
  warningsMaxAgeMs?: number;
};

type Readiness = { ready: true } | { ready: false; reason: string; pending?: string[] };

const WARNINGS_MAX_AGE_MS = 60_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function registerHealthRoutes(app: FastifyInstance, opts: HealthOptions) {
  const journal = JSON.parse(
    await readFile(path.join(opts.migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const table = sql`${sql.identifier(opts.migrationsSchema)}.${sql.identifier('__drizzle_migrations')}`;

  // Drizzle's migrator records each migration by its journal timestamp (created_at = `when`).
  async function readiness(): Promise<Readiness> {
    if (opts.isDraining()) return { ready: false, reason: 'draining' };
    let applied: Set<number>;
    try {
      const { rows } = await withTimeout(
        opts.db.execute<{ created_at: string | number }>(sql`select created_at from ${table}`),
        READY_TIMEOUT_MS,
      );
      applied = new Set(rows.map((row) => Number(row.created_at)));
    } catch {
      return { ready: false, reason: 'database unavailable' };
    }
    const pending = journal.entries.filter((entry) => !applied.has(entry.when)).map((entry) => entry.tag);
    return pending.length ? { ready: false, reason: 'migrations pending', pending } : { ready: true };
  }

  // The ceiling check: one indexed read of a small table, cached. A failed read keeps the last answer
  // (the migrations check above already reports an unreachable database).
  const checkCeiling = opts.driver === 'pglite';
  const memberCeiling = opts.memberCeiling ?? EMBEDDED_MEMBER_CEILING;
  const warningsMaxAgeMs = opts.warningsMaxAgeMs ?? WARNINGS_MAX_AGE_MS;
  let warnings: string[] = [];
  let warningsReadAt = -Infinity;
  let warningsRead: Promise<void> | null = null;
  let loggedWarnings = '';
  function refreshWarnings(): Promise<void> {
    warningsRead ??= withTimeout(embeddedCeilingWarnings(opts.db, memberCeiling), READY_TIMEOUT_MS)
      .then((found) => {
        warnings = found;
        warningsReadAt = Date.now();
        // Once at start and once per change, not once per probe.
        const key = found.join('\n');
        if (key !== loggedWarnings) for (const warning of found) app.log.warn(warning);
        loggedWarnings = key;
      })
      .catch(() => undefined)
      .finally(() => {
        warningsRead = null;
      });
    return warningsRead;
  }
  async function currentWarnings(): Promise<string[]> {
    if (!checkCeiling) return [];
    if (Date.now() - warningsReadAt >= warningsMaxAgeMs) await refreshWarnings();
    return warnings;
  }
  if (checkCeiling) app.addHook('onReady', refreshWarnings);

  // Successful probes arrive every few seconds: only warnings reach the log.
  const quiet = { logLevel: 'warn' as const, config: { disableMetrics: true } };
  let lastReason: string | null = null;

  app.get(HEALTH_PATH, quiet, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get(READY_PATH, quiet, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const state = await readiness();
    const reason = state.ready ? null : state.reason;
    // Once per change, not once per probe.
    if (reason !== lastReason) {
      if (reason) app.log.warn({ reason }, 'not ready');
      else if (lastReason) app.log.info('ready again');
      lastReason = reason;
    }
    if (state.ready) {
      const found = await currentWarnings();
      return found.length ? { status: 'ready', warnings: found } : { status: 'ready' };
    }
    return reply.code(503).send({ status: state.reason, ...(state.pending ? { pending: state.pending } : {}) });
  });
}
