// Backs up a seeded database while it is in use, restores it into a fresh one and compares every
// table, on the database this run uses: PGlite by default, PostgreSQL under DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery } from '../admin-query';
import { openDatabase, type Db, type OpenedDatabase } from '../client';
import { seedDatabase } from '../seed/seed-database';
import { BackupError } from './backup-envelope';
import { backupDatabase, restoreDatabase } from './backup-cli';

const BACKUP_KEY = randomBytes(32).toString('base64');
const baseUrl = process.env.DATABASE_URL;
const engine = baseUrl ? 'postgres' : 'pglite';

type Place = { env: NodeJS.ProcessEnv; open(): Promise<OpenedDatabase>; drop(): Promise<void> };

let folder: string;

async function newPlace(name: string): Promise<Place> {
  if (baseUrl) {
    const database = `backup_${name}_${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(baseUrl, `create database "${database}"`);
    const url = new URL(baseUrl);
    url.pathname = `/${database}`;
    return {
      env: { DATABASE_URL: url.toString(), BACKUP_KEY },
      open: () => openDatabase({ databaseUrl: url.toString() }),
      drop: () => adminQuery(baseUrl, `drop database if exists "${database}" with (force)`),
    };
  }
  const dataDir = join(folder, name);
  return {
    env: { DATA_DIR: dataDir, BACKUP_KEY },
    open: () => openDatabase({ dataDir }),
    drop: async () => {},
  };
}

/** Every table's row count and a digest of its rows in a stable order. */
async function tableDigests(db: Db): Promise<Record<string, { rows: number; digest: string }>> {
  const { rows: tables } = await db.execute<{ name: string }>(
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
  );
  const digests: Record<string, { rows: number; digest: string }> = {};
  for (const { name } of tables) {
    const { rows } = await db.execute<{ rows: number; digest: string }>(
      sql.raw(`select count(*)::int as rows,
                      md5(coalesce(string_agg(row_to_json(t)::text, E'\\n' order by row_to_json(t)::text), '')) as digest
                 from "${name}" t`),
    );
    digests[name] = rows[0]!;
  }
  return digests;
}

const auditRows = async (db: Db) =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'backup-test'`))
    .rows[0]!.n;

describe(`db:backup and db:restore (${engine})`, () => {
  let source: Place;
  let target: Place;
  let sourceDb: OpenedDatabase;
  let file: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'portal-backup-'));
    file = join(folder, 'portal.backup');
    source = await newPlace('source');
    target = await newPlace('target');
    sourceDb = await source.open();
    await seedDatabase(sourceDb.db, { today: '2026-11-02', largeGroupMembers: 200 });
  }, 120_000);

  afterAll(async () => {
    await sourceDb?.close();
    await source?.drop();
    await target?.drop();
    await rm(folder, { recursive: true, force: true });
  });

  it('backs up while the database is in use and restores every table into a fresh one', async () => {
    // Writes go on while the backup runs, as a server's would.
    let writing = true;
    const writes = (async () => {
      let acknowledged = 0;
      while (writing) {
        await sourceDb.db.execute(sql`insert into audit_events (actor, action) values ('backup-test', 'backup-test')`);
        acknowledged += 1;
      }
      return acknowledged;
    })();
    while ((await auditRows(sourceDb.db)) < 5) await new Promise((r) => setTimeout(r, 10));
    const before = await auditRows(sourceDb.db);
    const { bytes } = await backupDatabase(source.env, file);
    writing = false;
    const after = await writes;
    expect(bytes).toBeGreaterThan(1000);
    // Encrypted: no member's name shows in the file.
    const { rows: names } = await sourceDb.db.execute<{ last_name: string }>(
      sql`select last_name from subscribers order by subscriber_pk limit 1`,
    );
    expect((await readFile(file)).includes(Buffer.from(names[0]!.last_name))).toBe(false);

    const restoredInfo = await restoreDatabase(target.env, file, false);
    expect(restoredInfo.replaced).toBeNull();
    const restored = await target.open();
    try {
      const expected = await tableDigests(sourceDb.db);
      const got = await tableDigests(restored.db);
      // The audit trail holds the rows written up to the backup's moment, not those after it.
      const restoredAudit = await auditRows(restored.db);
      expect(restoredAudit).toBeGreaterThanOrEqual(before);
      expect(restoredAudit).toBeLessThanOrEqual(after);
      delete expected.audit_events;
      delete got.audit_events;
      expect(Object.keys(got)).toEqual(Object.keys(expected));
      expect(got).toEqual(expected);
      expect(expected.subscribers!.rows).toBeGreaterThan(200);
      expect(expected.requests!.rows).toBeGreaterThan(0);
      // New rows continue after the restored keys.
      const { rows } = await restored.db.execute<{ pk: number }>(
        sql`insert into employers (employer_name, employer_id) values ('After Restore', 'AFTER1')
            returning employer_pk as pk`,
      );
      const { rows: highest } = await sourceDb.db.execute<{ pk: number }>(
        sql`select max(employer_pk)::int as pk from employers`,
      );
      expect(rows[0]!.pk).toBeGreaterThan(highest[0]!.pk);
    } finally {
      await restored.close();
    }
  }, 180_000);

  it('refuses to restore over a database that holds data unless told to, and with another key', async () => {
    const refused = await restoreDatabase(target.env, file, false).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toMatch(/already holds .*without --force/);
    const wrongKey = await restoreDatabase({ ...target.env, BACKUP_KEY: 'w'.repeat(44) }, file, true).catch(
      (e: unknown) => e,
    );
    expect((wrongKey as Error).message).toMatch(/could not be decrypted/);

    const forced = await restoreDatabase(target.env, file, true);
    const restored = await target.open();
    try {
      const { rows } = await restored.db.execute<{ n: number }>(
        sql`select count(*)::int as n from employers where employer_name = 'After Restore'`,
      );
      // The row added after the first restore is gone: the backup replaced the database.
      expect(rows[0]!.n).toBe(0);
    } finally {
      await restored.close();
    }
    if (engine === 'pglite') {
      // The replaced folder is kept, not deleted.
      expect(forced.replaced).not.toBeNull();
      expect(existsSync(join(forced.replaced!, 'PG_VERSION'))).toBe(true);
      // A folder a running server holds is never replaced, forced or not.
      await expect(restoreDatabase(source.env, file, true)).rejects.toThrow(/in use by a running server/);
    } else {
      expect(forced.replaced).toBeNull();
    }
  }, 180_000);

  it('refuses a file that is not a backup and a backup of the other database', async () => {
    const other = join(folder, 'other.csv');
    await writeFile(other, 'name,ssn\n');
    await expect(restoreDatabase(target.env, other, true)).rejects.toThrow('This file is not a portal backup.');
    const otherEngine = baseUrl
      ? { DATA_DIR: join(folder, 'elsewhere'), BACKUP_KEY }
      : { DATABASE_URL: 'postgres://127.0.0.1:1/x', BACKUP_KEY };
    await expect(restoreDatabase(otherEngine, file, true)).rejects.toThrow(/it restores only there/);
  });
});
