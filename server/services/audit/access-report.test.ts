import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessReportFilters, accessReportQuery } from '../../../src/contracts/access-report';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import { accessReport, accessReportCsv } from './access-report';

// A group's long trail, written straight into the table: 2,400 reads by three users over 80 days, and
// 1,500 more at one instant, so that batches of the CSV end between rows of the same time.
const GROUP = 77;
const USERS = ['carol@example.com', 'alice@example.com', 'bob@example.com'];
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.execute(sql`
    insert into audit_events (actor, actor_email, employer_pk, action, endpoint, status, at, records)
    select 'user-' || i % 3, (${sql.param(USERS)}::text[])[i % 3 + 1], ${GROUP}::int, 'access.read', 'subscriberDetails',
      200, timestamptz '2026-09-30 12:00:00+00' - make_interval(mins => i * 48), array['subscriber:' || i]
    from generate_series(1, 2400) i`);
  await t.db.execute(sql`
    insert into audit_events (actor, actor_email, employer_pk, action, endpoint, status, at, records)
    select 'user-0', 'alice@example.com', ${GROUP}::int, 'access.read', 'claimDetails', 200,
      timestamptz '2026-10-15 08:30:00.123456+00', array['claim:' || i]
    from generate_series(1, 1500) i`);
}, 60_000);
afterAll(async () => t?.close());

const page = (query: Record<string, unknown>, cap?: number) =>
  accessReport(t.db, GROUP, accessReportQuery.parse({ employerPK: GROUP, ...query }), cap);

const csvRows = async (filters: Record<string, unknown>) =>
  parse(await text(accessReportCsv(t.db, GROUP, accessReportFilters.parse({ employerPK: GROUP, ...filters }))), {
    columns: true,
    bom: true,
  }) as Record<string, string>[];

describe('the Access Report of a long trail', () => {
  it('counts a filter up to the cap and says when there are more', async () => {
    const capped = await page({}, 1_000);
    expect(capped).toMatchObject({ recordCount: 1_000, countCapped: true });
    expect(capped.list).toHaveLength(25);
    // The last page stops at the cap; past it nothing is listed.
    expect((await page({ page: 39 }, 1_000)).list).toHaveLength(25);
    expect((await page({ page: 40 }, 1_000)).list).toEqual([]);
    // Under the cap the count is exact.
    const claims = await page({ endpoint: 'claimDetails' }, 2_000);
    expect(claims.recordCount).toBe(1_500);
    expect(claims.countCapped).toBeUndefined();
    // A later page's capped total comes back as one over the cap.
    expect(await page({ page: 2, knownCount: 1_001 }, 1_000)).toMatchObject({ recordCount: 1_000, countCapped: true });
  });

  it('sorts the newest matches by another column when the filter is over the cap', async () => {
    const newest = (await page({ recordsPerPage: 100 }, 1_000)).list;
    const all: typeof newest = [];
    for (let p = 0; p < 10; p++) all.push(...(await page({ page: p, recordsPerPage: 100 }, 1_000)).list);
    expect(all.slice(0, 100)).toEqual(newest);
    const byUser: typeof newest = [];
    for (let p = 0; p < 10; p++)
      byUser.push(...(await page({ page: p, recordsPerPage: 100, sort: 'actorEmail', order: 'ASC' }, 1_000)).list);
    // The same 1,000 entries, ordered by user and then newest last within a user.
    expect(new Set(byUser.map((e) => e.auditEventPK))).toEqual(new Set(all.map((e) => e.auditEventPK)));
    const expected = [...all].sort(
      (a, b) =>
        a.actorEmail!.localeCompare(b.actorEmail!) || a.at.localeCompare(b.at) || a.auditEventPK - b.auditEventPK,
    );
    expect(byUser.map((e) => e.auditEventPK)).toEqual(expected.map((e) => e.auditEventPK));
  });

  it('writes every match to the CSV once, in time order both ways, across rows of one instant', async () => {
    const newestFirst = await csvRows({});
    expect(newestFirst).toHaveLength(3_900);
    expect(new Set(newestFirst.map((r) => r.Records)).size).toBe(3_900);
    const times = newestFirst.map((r) => r.Time);
    expect(times).toEqual([...times].sort().reverse());

    const oldestFirst = await csvRows({ order: 'ASC' });
    expect(oldestFirst.map((r) => r.Records)).toEqual(newestFirst.map((r) => r.Records).reverse());

    const bob = await csvRows({ user: 'bob@', sort: 'actorEmail' });
    expect(bob).toHaveLength(800);
    expect(bob.every((r) => r.User === 'bob@example.com')).toBe(true);
  });
});
