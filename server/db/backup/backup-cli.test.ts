// Backs up a seeded database while it is in use, restores it into a fresh one and compares every
// table, on the database this run uses: PGlite by default, PostgreSQL under DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { asc, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery } from '../admin-query';
import { migrateFirst as migrateFirstPglite } from '../../test/first-migrations';
import { memberRow } from '../../test/member-row';
import { openDatabase, type Db, type OpenedDatabase } from '../client';
import { employers, groupNames, subscribers } from '../schema';
import { seedDatabase } from '../seed/seed-database';
import { BackupError } from './backup-envelope';
import { backupDatabase, restoreDatabase } from './backup-cli';
import { migrateFirst as migrateFirstPg } from './migrations';

const BACKUP_KEY = randomBytes(32).toString('base64');
const baseUrl = process.env.DATABASE_URL;
const engine = baseUrl ? 'postgres' : 'pglite';

type Place = {
  env: NodeJS.ProcessEnv;
  open(): Promise<OpenedDatabase>;
  /** The database as it stood after this release's first `count` migrations, for `use` to fill. */
  atFirstMigrations(count: number, use: (db: Db) => Promise<void>): Promise<void>;
  drop(): Promise<void>;
};

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
      atFirstMigrations: async (count, use) => {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        try {
          await migrateFirstPg(client, count);
          await use(drizzlePg({ client }) as unknown as Db);
        } finally {
          await client.end();
        }
      },
      drop: () => adminQuery(baseUrl, `drop database if exists "${database}" with (force)`),
    };
  }
  const dataDir = join(folder, name);
  return {
    env: { DATA_DIR: dataDir, BACKUP_KEY },
    open: () => openDatabase({ dataDir }),
    atFirstMigrations: async (count, use) => {
      const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
      try {
        await migrateFirstPglite(client, count);
        await use(drizzlePglite({ client }) as unknown as Db);
      } finally {
        await client.close();
      }
    },
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

describe(`db:restore of a backup taken at an older schema (${engine})`, () => {
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'portal-backup-older-'));
  });
  afterAll(async () => rm(folder, { recursive: true, force: true }));

  it('builds the backup’s own schema for its rows, then the later migrations run over them', async () => {
    const older = await newPlace('older');
    const target = await newPlace('older_restored');
    const file = join(folder, 'older.backup');
    try {
      // A database before migration 0031, which builds each group's name dictionary from its members.
      await older.atFirstMigrations(31, async (db) => {
        const [group] = await db
          .insert(employers)
          .values({ employerName: 'Older', employerID: 'OLD1' })
          .returning({ pk: employers.employerPK });
        await db
          .insert(subscribers)
          .values([memberRow(group!.pk, 1, 'Ann', 'Smith'), memberRow(group!.pk, 2, 'Bo', 'Jones')]);
      });
      await backupDatabase(older.env, file);
      await restoreDatabase(target.env, file, false);

      // Opening the restored database migrates it the rest of the way, as a server's start does.
      const restored = await target.open();
      try {
        const members = await restored.db
          .select({ firstName: subscribers.firstName, lastName: subscribers.lastName, ssn: subscribers.ssn })
          .from(subscribers)
          .orderBy(asc(subscribers.subscriberID));
        expect(members).toEqual([
          { firstName: 'Ann', lastName: 'Smith', ssn: '900-00-0001' },
          { firstName: 'Bo', lastName: 'Jones', ssn: '900-00-0002' },
        ]);
        const names = await restored.db
          .select({ kind: groupNames.kind, name: groupNames.name })
          .from(groupNames)
          .orderBy(groupNames.kind, groupNames.name);
        expect(names).toEqual([
          { kind: 'first', name: 'Ann' },
          { kind: 'first', name: 'Bo' },
          { kind: 'last', name: 'Jones' },
          { kind: 'last', name: 'Smith' },
        ]);
      } finally {
        await restored.close();
      }
    } finally {
      await older.drop();
      await target.drop();
    }
  }, 180_000);
});
