import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type OpenedDatabase } from '../../db/client';
import { auditEvents, employers } from '../../db/schema';
import { captureLog } from '../../test/log-capture';
import { maintainTables, tablesDueForMaintenance } from './database-maintenance';

// The embedded database as the server runs it (its own process, a folder), whatever the suite's driver:
// only PGlite lacks autovacuum.
let dir: string;
let database: OpenedDatabase;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'maintenance-'));
  database = await openDatabase({ dataDir: path.join(dir, 'db') });
  // Whatever the migrations left to do, so each test starts with nothing due.
  await maintainTables(database.db);
}, 60_000);

afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

const stats = async (table: string) =>
  (
    await database.db.execute<{
      dead: number;
      vacuumed: boolean;
      analyzed: boolean;
      visible: number;
      pages: number;
    }>(sql`
      select s.n_dead_tup::int as dead, s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analyzed,
        c.relallvisible as visible, c.relpages as pages
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public' and s.relname = ${table}`)
  ).rows[0]!;

const dueTables = async () => (await tablesDueForMaintenance(database.db)).map((due) => due.table);

/** The audit trail's partition that this month's rows go to (migration 0030). */
const auditMonth = async () =>
  (await database.db.execute<{ name: string }>(sql`select 'audit_events_' || to_char(now(), 'YYYY_MM') as name`))
    .rows[0]!.name;

describe('maintenance of the embedded database', () => {
  it('finds nothing due on a database just maintained', async () => {
    expect(await dueTables()).toEqual([]);
  });

  it('vacuums a table whose updates left dead rows, and it is no longer due', async () => {
    await database.db.insert(employers).values(
      Array.from({ length: 400 }, (_, i) => ({
        employerPK: 10_000 + i,
        employerName: `Group ${i}`,
        employerID: `M${String(i).padStart(6, '0')}`,
        groupEffectiveDate: '2020-01-01',
      })),
    );
    await maintainTables(database.db);
    await database.db.execute(
      sql`update employers set employer_name = employer_name || ' Inc' where employer_pk >= 10000`,
    );
    expect(await dueTables()).toEqual(['employers']);
    expect((await stats('employers')).dead).toBeGreaterThanOrEqual(400);

    const done = await maintainTables(database.db);
    expect(done.map((table) => table.table)).toEqual(['employers']);
    expect(done[0]).toMatchObject({ deadRows: expect.any(Number), ms: expect.any(Number) });
    expect(await stats('employers')).toMatchObject({ dead: 0, vacuumed: true, analyzed: true });
    expect(await dueTables()).toEqual([]);
  });

  it('marks an append-only table all-visible once enough rows arrived', async () => {
    await database.db
      .insert(auditEvents)
      .values(
        Array.from({ length: 1_500 }, (_, i) => ({ actor: 'maintenance-test', action: 'pageView', detail: { i } })),
      );
    expect(await dueTables()).toEqual([await auditMonth()]);

    await maintainTables(database.db);
    const after = await stats(await auditMonth());
    expect(after.pages).toBeGreaterThan(0);
    // Every page all-visible: index scans answer from the index without reading the rows.
    expect(after.visible).toBe(after.pages);
    expect(await dueTables()).toEqual([]);
  });

  it('stops before the next table once aborted', async () => {
    await database.db
      .insert(auditEvents)
      .values(Array.from({ length: 1_500 }, () => ({ actor: 'maintenance-test', action: 'pageView', detail: {} })));
    const aborted = new AbortController();
    aborted.abort();
    expect(await maintainTables(database.db, aborted.signal)).toEqual([]);
    expect(await dueTables()).toEqual([await auditMonth()]);
  });
});

describe('the server on the embedded database', () => {
  it('maintains its tables on its own schedule and logs each one', async () => {
    await database.db
      .insert(auditEvents)
      .values(Array.from({ length: 1_500 }, () => ({ actor: 'maintenance-test', action: 'pageView', detail: {} })));
    const log = captureLog();
    const config = loadConfig({ PUBLIC_URL: 'http://localhost', SERVE_SPA: 'false', PROCESSING_INTERVAL_MS: '0' });
    const app = await buildApp({
      config: { ...config, carrierFeedIntervalMs: 0, maintenanceIntervalMs: 50 },
      db: database.db,
      database: { driver: 'pglite' },
      logger: true,
      logStream: log.stream,
    });
    try {
      await app.ready();
      await expect
        .poll(() =>
          log.lines
            .map((line) => JSON.parse(line) as { msg: string; table?: string })
            .filter((line) => line.msg === 'vacuumed and analyzed')
            .map((line) => line.table),
        )
        .toContain(await auditMonth());
      expect(await dueTables()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
