import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import { migrateAll, migrateFirst } from '../../test/first-migrations';
import { AUDIT_MONTHS_AHEAD, addAuditMonths, auditMonths } from './audit-months';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
}, 60_000);
afterAll(async () => t?.close());

/** Which partition holds each of these audit rows, by actor. */
async function partitionsOf(db: Db, actors: string[]) {
  const { rows } = await db.execute<{ actor: string; partition: string }>(sql`
    select actor, tableoid::regclass::text as partition from audit_events
    where actor = any(${sql.param(actors)}::text[]) order by actor`);
  return Object.fromEntries(rows.map((r) => [r.actor, r.partition]));
}

const monthName = (iso: string) => `audit_events_${iso.slice(0, 4)}_${iso.slice(5, 7)}`;

describe('the audit trail by month', () => {
  it('has this month and the months ahead once the server is ready, and puts each row in its month', async () => {
    const config = loadConfig({ PUBLIC_URL: 'http://localhost', SERVE_SPA: 'false', PROCESSING_INTERVAL_MS: '0' });
    const app = await buildApp({ config: { ...config, carrierFeedIntervalMs: 0 }, db: t.db });
    await app.ready();
    await app.close();
    const { rows } = await t.db.execute<{ month: string }>(
      sql`select to_char(now() + make_interval(months => m), 'YYYY-MM-01') as month
          from generate_series(0, ${AUDIT_MONTHS_AHEAD}::int) m`,
    );
    const names = (await auditMonths(t.db)).map((p) => p.name);
    for (const { month } of rows) expect(names).toContain(monthName(month));
    expect(names.at(-1)).toBe('audit_events_default');
    // Done already: nothing more to add.
    expect(await addAuditMonths(t.db)).toBe(0);

    const [thisMonth, nextMonth] = rows.map((r) => r.month) as [string, string];
    await t.db.insert(auditEvents).values([
      { actor: 'month-now', action: 'pageView' },
      { actor: 'month-next', action: 'pageView', at: new Date(`${nextMonth}T12:00:00Z`) },
      { actor: 'month-long-ago', action: 'pageView', at: new Date('1999-06-15T12:00:00Z') },
    ]);
    expect(await partitionsOf(t.db, ['month-now', 'month-next', 'month-long-ago'])).toEqual({
      'month-now': monthName(thisMonth),
      'month-next': monthName(nextMonth),
      'month-long-ago': 'audit_events_default',
    });
  });

  it('leaves a month whose rows sit in the default partition there, without failing', async () => {
    await t.db.insert(auditEvents).values({ actor: 'month-orphan', action: 'pageView', at: new Date('2001-03-03') });
    const { rows } = await t.db.execute<{ made: number }>(
      sql`select audit_events_add_months('2001-02-01', '2001-04-01') as made`,
    );
    // February and April are made; March keeps its row where it is.
    expect(rows[0]!.made).toBe(2);
    const names = (await auditMonths(t.db)).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['audit_events_2001_02', 'audit_events_2001_04']));
    expect(names).not.toContain('audit_events_2001_03');
    expect(await partitionsOf(t.db, ['month-orphan'])).toEqual({ 'month-orphan': 'audit_events_default' });
  });

  it('reads a date range from the months it names only', async () => {
    const { rows } = await t.db.execute<{ plan: string }>(
      sql`explain select count(*) from audit_events where at >= '2001-02-01' and at < '2001-02-15'`,
    );
    const plan = rows.map((r) => Object.values(r)[0]).join('\n');
    expect(plan).toContain('audit_events_2001_02');
    expect(plan).not.toContain('audit_events_default');
    expect(plan).not.toContain('audit_events_2001_04');
  });
});

describe('migration 0030 on a trail that already holds rows', () => {
  it('moves every row into its month, keeps keys and goes on after the highest', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      const db = drizzle({ client });
      await migrateFirst(client, 30);
      await db.execute(sql`
        insert into audit_events (actor, action, at, employer_pk, endpoint, status, records)
        select 'before-' || i, 'access.read', now() - make_interval(days => i * 20), 2, 'subscriberList', 200,
          array['subscriber:' || i]
        from generate_series(1, 30) i`);
      const before = await db.execute<{ pk: number; at: string; records: string[] }>(
        sql`select audit_event_pk::int as pk, at::text, records from audit_events order by 1`,
      );

      await migrateAll(client);

      const after = await db.execute<{ pk: number; at: string; records: string[] }>(
        sql`select audit_event_pk::int as pk, at::text, records from audit_events order by 1`,
      );
      expect(after.rows).toEqual(before.rows);
      const { rows: placed } = await db.execute<{ misplaced: number; months: number }>(sql`
        select count(*) filter (where tableoid::regclass::text <> 'audit_events_' || to_char(at, 'YYYY_MM'))::int as misplaced,
          count(distinct tableoid)::int as months
        from audit_events`);
      // 30 rows 20 days apart span 20 months, each row in its own month's partition.
      expect(placed[0]).toEqual({ misplaced: 0, months: expect.any(Number) });
      expect(placed[0]!.months).toBeGreaterThanOrEqual(19);
      const { rows: next } = await db.execute<{ pk: number }>(
        sql`insert into audit_events (actor, action) values ('after', 'pageView') returning audit_event_pk::int as pk`,
      );
      expect(next[0]!.pk).toBe(Math.max(...before.rows.map((r) => r.pk)) + 1);
      const refused = { cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }) };
      await expect(db.execute(sql`truncate audit_events`)).rejects.toMatchObject(refused);
      await expect(db.execute(sql`delete from audit_events where actor = 'after'`)).rejects.toMatchObject(refused);
    } finally {
      await client.close();
    }
  });
});
