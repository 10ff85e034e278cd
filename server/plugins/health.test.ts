import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrationsFolder, migrationsSchema } from '../db/client';
import { auditEvents } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { captureLog } from '../test/log-capture';
import { HEALTH_PATH, READY_PATH } from './health';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
const log = captureLog();
const lines = log.lines;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ PUBLIC_URL: 'http://localhost', SERVE_SPA: 'false', PROCESSING_INTERVAL_MS: '0' });
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
