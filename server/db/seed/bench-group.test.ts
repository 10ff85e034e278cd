import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../client';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { missingGroupNames } from '../../test/group-names';
import { memberCountDrift } from '../../test/member-counts';
import { REBUILD_INDEXES_FROM } from './bench-group';
import { seedDatabase } from './seed-database';

const TODAY = '2026-03-15';
const MEMBERS = REBUILD_INDEXES_FROM;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as Rows<T>).rows;

/** The indexes and foreign keys of the tables the large group fills, as the catalog has them. */
async function loadedTablesShape(db: Db) {
  const indexes = await rowsOf<{ name: string; definition: string; usable: boolean }>(
    db,
    sql`select i.relname as name, pg_get_indexdef(i.oid) as definition, x.indisvalid and x.indisready as usable
      from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid in ('subscribers'::regclass, 'dependents'::regclass, 'coverages'::regclass)
      order by i.relname`,
  );
  const foreignKeys = await rowsOf<{ name: string; definition: string; validated: boolean }>(
    db,
    sql`select conname as name, pg_get_constraintdef(oid) as definition, convalidated as validated
      from pg_constraint
      where contype = 'f' and conrelid in ('subscribers'::regclass, 'dependents'::regclass, 'coverages'::regclass)
      order by conname`,
  );
  return { indexes, foreignKeys };
}

/** A digest of everything seeded for group 6's people, to compare two seeds. */
async function groupDigest(db: Db): Promise<string> {
  const [row] = await rowsOf<{ digest: string }>(
    db,
    sql`select md5(string_agg(concat_ws('|', s.subscriber_id, s.first_name, s.last_name, s.ssn, s.ssn_last4,
        s.date_of_birth, s.gender_pk, s.address1, s.address2, s.city, s.state_pk, s.zip_code, s.phone1, s.email,
        s.pay_rate, s.date_of_hire, s.effective_date, s.term_date,
        d.dependent_id, d.first_name, d.ssn, d.date_of_birth, d.relationship_pk), ',' order by s.subscriber_id)) as digest
      from subscribers s left join dependents d on d.subscriber_pk = s.subscriber_pk
      where s.employer_pk = 6`,
  );
  return row!.digest;
}

describe('seedLargeGroup', () => {
  let database: TestDatabase;
  let db: Db;
  let before: Awaited<ReturnType<typeof loadedTablesShape>>;

  // A seeded database, then a group large enough to be loaded with its indexes dropped and rebuilt.
  beforeAll(async () => {
    database = await createTestDatabase({ seed: { today: TODAY } });
    db = database.db;
    before = await loadedTablesShape(db);
    expect(await seedDatabase(db, { today: TODAY, largeGroupMembers: MEMBERS })).toEqual({
      seededBase: false,
      seededLargeGroup: true,
    });
  }, 240_000);

  afterAll(async () => {
    await database?.close();
  });

  it('leaves every index and foreign key of the loaded tables as it was, built and valid', async () => {
    expect(before.indexes.length).toBeGreaterThan(10);
    expect(before.foreignKeys.length).toBeGreaterThanOrEqual(7);
    const after = await loadedTablesShape(db);
    expect(after).toEqual(before);
    expect(after.indexes.every((i) => i.usable)).toBe(true);
    expect(after.foreignKeys.every((f) => f.validated)).toBe(true);
  });

  it('keeps the member, dependent and coverage counts exact', async () => {
    expect(await memberCountDrift(db)).toEqual([]);
    const [kept] = await rowsOf<{ members: number; active_dependents: number; counted_dependents: number }>(
      db,
      sql`select k.members, k.active_dependents,
          (select count(*)::int from dependents d join subscribers s using (subscriber_pk)
            where s.employer_pk = 6 and d.term_date is null) as counted_dependents
        from group_member_counts k where k.employer_pk = 6`,
    );
    expect(kept?.members).toBe(MEMBERS);
    expect(kept?.active_dependents).toBe(kept?.counted_dependents);
    const [covered] = await rowsOf<{ kept: number; counted: number }>(
      db,
      sql`select (select sum(subscribers)::int from coverage_counts where employer_pk = 6) as kept,
          (select count(*)::int from coverages c join subscribers s using (subscriber_pk)
            where s.employer_pk = 6 and c.dependent_pk is null) as counted`,
    );
    expect(covered).toEqual({ kept: MEMBERS, counted: MEMBERS });
  });

  it('puts every loaded member’s names in the group’s name dictionary, once each', async () => {
    expect(await missingGroupNames(db)).toEqual([]);
    const [names] = await rowsOf<{ kept: number; distinct: number }>(
      db,
      sql`select (select count(*)::int from group_names where employer_pk = 6) as kept,
          (select count(distinct last_name)::int + count(distinct first_name)::int from subscribers
            where employer_pk = 6) as distinct`,
    );
    expect(names?.kept).toBe(names?.distinct);
  });

  it('gives about 30 % of members one covered dependent, with unique SSNs and their last four', async () => {
    const [shape] = await rowsOf<{
      members: number;
      with_dependent: number;
      most: number;
      uncovered_dependents: number;
      ssns: number;
      bad_last4: number;
      bad_ids: number;
      tiers: number;
    }>(
      db,
      sql`select count(distinct s.subscriber_pk)::int as members,
          count(distinct d.subscriber_pk)::int as with_dependent,
          (select max(n)::int from (select count(*) as n from dependents x
            join subscribers y using (subscriber_pk) where y.employer_pk = 6 group by x.subscriber_pk) m) as most,
          count(d.dependent_pk) filter (where not exists (select 1 from coverages c
            where c.dependent_pk = d.dependent_pk))::int as uncovered_dependents,
          (select count(distinct ssn)::int from (select ssn from subscribers where employer_pk = 6
            union all select x.ssn from dependents x join subscribers y using (subscriber_pk)
            where y.employer_pk = 6) a) as ssns,
          count(*) filter (where s.ssn_last4 <> right(s.ssn, 4) or d.ssn_last4 <> right(d.ssn, 4))::int as bad_last4,
          count(*) filter (where d.dependent_id <> s.subscriber_id || '-01')::int as bad_ids,
          (select count(distinct coverage_option_pk)::int from coverages c join subscribers y using (subscriber_pk)
            where y.employer_pk = 6) as tiers
        from subscribers s left join dependents d on d.subscriber_pk = s.subscriber_pk
        where s.employer_pk = 6`,
    );
    expect(shape?.members).toBe(MEMBERS);
    expect(shape!.with_dependent / MEMBERS).toBeGreaterThan(0.27);
    expect(shape!.with_dependent / MEMBERS).toBeLessThan(0.33);
    expect(shape?.most).toBe(1);
    expect(shape?.uncovered_dependents).toBe(0);
    expect(shape?.ssns).toBe(MEMBERS + shape!.with_dependent);
    expect(shape?.bad_last4).toBe(0);
    expect(shape?.bad_ids).toBe(0);
    // Employee only, + spouse and + child(ren).
    expect(shape?.tiers).toBe(3);
  });

  it('is deterministic: another database seeded the same gets the same people', { timeout: 240_000 }, async () => {
    const other = await createTestDatabase({ seed: { today: TODAY } });
    try {
      await seedDatabase(other.db, { today: TODAY, largeGroupMembers: MEMBERS });
      expect(await groupDigest(other.db)).toBe(await groupDigest(db));
    } finally {
      await other.close();
    }
  });
});
