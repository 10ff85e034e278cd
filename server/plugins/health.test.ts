import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrationsFolder, migrationsSchema } from '../db/client';
import { EMBEDDED_MEMBER_CEILING, seedCeilingWarning } from '../db/pglite-ceiling';
import { auditEvents, employers, groupMemberCounts } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { captureLog } from '../test/log-capture';
import { HEALTH_PATH, READY_PATH, registerHealthRoutes } from './health';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
const log = captureLog();
const lines = log.lines;
const config = loadConfig({ PUBLIC_URL: 'http://localhost', SERVE_SPA: 'false', PROCESSING_INTERVAL_MS: '0' });

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config, db: database.db, logger: true, logStream: log.stream });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });
const migrationsTable = sql`${sql.identifier(migrationsSchema)}.${sql.identifier('__drizzle_migrations')}`;

describe('health probes', () => {
  it('answer without a token, unaudited, and leave no info line when all is well', async () => {
    const [before] = await database.db.select({ n: count() }).from(auditEvents);
    const logged = lines.length;

    const health = await get(HEALTH_PATH);
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const ready = await get(READY_PATH);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });

    expect(lines.slice(logged)).toEqual([]);
    const [after] = await database.db.select({ n: count() }).from(auditEvents);
    expect(after!.n).toBe(before!.n);
  });

  it('readyz answers 503 naming a migration of this code the database lacks, and recovers', async () => {
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    };
    const last = journal.entries.at(-1)!;
    const { rows } = await database.db.execute<{ hash: string }>(
      sql`select hash from ${migrationsTable} where created_at = ${last.when}`,
    );
    expect(rows).toHaveLength(1);
    await database.db.execute(sql`delete from ${migrationsTable} where created_at = ${last.when}`);
    try {
      const ready = await get(READY_PATH);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'migrations pending', pending: [last.tag] });
      // The process itself is fine: the liveness probe says so.
      expect((await get(HEALTH_PATH)).statusCode).toBe(200);
      expect(lines.some((line) => line.includes('"reason":"migrations pending"'))).toBe(true);
    } finally {
      await database.db.execute(
        sql`insert into ${migrationsTable} (hash, created_at) values (${rows[0]!.hash}, ${last.when})`,
      );
    }
    expect((await get(READY_PATH)).statusCode).toBe(200);
  });

  it('readyz answers 503 once the app drains; healthz stays 200', async () => {
    app.drain();
    const ready = await get(READY_PATH);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'draining' });
    expect((await get(HEALTH_PATH)).statusCode).toBe(200);
  });
});

describe('the embedded database ceiling', () => {
  // A group's size is read from group_member_counts, so writing that row stands in for seeding it.
  const GROUP = 6;
  async function setGroupSize(members: number) {
    await database.db
      .insert(groupMemberCounts)
      .values({ employerPK: GROUP, members })
      .onConflictDoUpdate({ target: groupMemberCounts.employerPK, set: { members } });
  }
  beforeAll(async () => {
    await database.db
      .insert(employers)
      .values({ employerPK: GROUP, employerName: 'Ceiling Group', employerID: 'G000006' })
      .onConflictDoNothing();
  });
  afterAll(async () => {
    await database.db.delete(employers).where(eq(employers.employerPK, GROUP));
  });
  /** The app on the test database with its log captured, as it starts with this group's size. */
  async function appWithLog() {
    const log = captureLog();
    const app = await buildApp({
      config,
      db: database.db,
      database: { driver: database.driver },
      logger: true,
      logStream: log.stream,
    });
    await app.ready();
    return { app, log };
  }

  const onPglite = () => database.driver === 'pglite';
  const overCeiling = (members: string, ceiling: string) =>
    `Group ${GROUP} has ${members} members; the embedded database serves up to ${ceiling} within its targets. ` +
    'Move to PostgreSQL (DATABASE_URL).';

  it('over the ceiling: readyz still answers 200, with a warning on PGlite only, logged once at start', async () => {
    await setGroupSize(EMBEDDED_MEMBER_CEILING + 1);
    const { app: big, log: bigLog } = await appWithLog();
    try {
      const warning = overCeiling(
        (EMBEDDED_MEMBER_CEILING + 1).toLocaleString('en-US'),
        EMBEDDED_MEMBER_CEILING.toLocaleString('en-US'),
      );
      for (let probe = 0; probe < 3; probe++) {
        const ready = await big.inject({ method: 'GET', url: READY_PATH });
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toEqual(onPglite() ? { status: 'ready', warnings: [warning] } : { status: 'ready' });
      }
      const logged = bigLog.lines.filter((line) => line.includes('embedded database serves up to'));
      expect(logged).toHaveLength(onPglite() ? 1 : 0);
      if (onPglite()) expect(JSON.parse(logged[0]!)).toMatchObject({ level: 40, msg: warning });
    } finally {
      await big.close();
      await setGroupSize(0);
    }
  });

  it('at the ceiling: no warning, no log line', async () => {
    await setGroupSize(EMBEDDED_MEMBER_CEILING);
    const { app: quiet, log: quietLog } = await appWithLog();
    try {
      const ready = await quiet.inject({ method: 'GET', url: READY_PATH });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
      expect(quietLog.lines.filter((line) => line.includes('embedded database'))).toEqual([]);
    } finally {
      await quiet.close();
      await setGroupSize(0);
    }
  });

  it('a seed past the ceiling is warned about, naming the ceiling and PostgreSQL', () => {
    expect(seedCeilingWarning(EMBEDDED_MEMBER_CEILING)).toBeNull();
    const warning = seedCeilingWarning(EMBEDDED_MEMBER_CEILING + 1);
    expect(warning).toContain(EMBEDDED_MEMBER_CEILING.toLocaleString('en-US'));
    expect(warning).toContain('DATABASE_URL to a PostgreSQL server');
  });

  it('follows the group as it grows and shrinks, logging each change once (a lower ceiling, no cache)', async () => {
    await setGroupSize(5);
    const probeLog = captureLog();
    const probe = Fastify({ logger: { level: 'info', stream: probeLog.stream } });
    await registerHealthRoutes(probe, {
      db: database.db,
      migrationsFolder,
      migrationsSchema,
      isDraining: () => false,
      driver: database.driver,
      memberCeiling: 10,
      warningsMaxAgeMs: 0,
    });
    try {
      await probe.ready();
      const warnings = async () => {
        const ready = await probe.inject({ method: 'GET', url: READY_PATH });
        expect(ready.statusCode).toBe(200);
        return (ready.json() as { warnings?: string[] }).warnings ?? [];
      };
      expect(await warnings()).toEqual([]);
      await setGroupSize(12_345);
      const expected = onPglite() ? [overCeiling('12,345', '10')] : [];
      expect(await warnings()).toEqual(expected);
      expect(await warnings()).toEqual(expected);
      expect(probeLog.lines.filter((line) => line.includes('embedded database'))).toHaveLength(expected.length);
      await setGroupSize(10);
      expect(await warnings()).toEqual([]);
    } finally {
      await probe.close();
      await setGroupSize(0);
    }
  });
});
