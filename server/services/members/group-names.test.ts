// The member list's "contains" name search goes through each group's dictionary of names
// (group_names, migration 0031): it must find exactly the members `ilike` finds on the members
// themselves, and see every name a member gets, by insert, rename or move.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { and, eq, ilike, inArray, isNull } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_CONTAINS_FROM, subscriberListQuery, type SubscriberListQuery } from '../../../src/contracts/subscribers';
import { bulkInsert } from '../../db/bulk-insert';
import type { Db } from '../../db/client';
import { employers, groupNames, subscribers } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import { migrateAll, migrateFirst } from '../../test/first-migrations';
import { contains } from '../../lib/like-pattern';
import { missingGroupNames } from '../../test/group-names';
import { memberRow } from '../../test/member-row';
import { subscriberList } from './members';

const GROUP = 2;
const OTHER_GROUP = 3;

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
}, 120_000);
afterAll(async () => t?.close());

async function search(body: Partial<SubscriberListQuery>, employerPK = GROUP) {
  const q = subscriberListQuery.parse({ employerPK, recordsPerPage: 100, ...body });
  const answer = await subscriberList(t.db, employerPK, q);
  return { count: answer.recordCount, pks: answer.list.map((m) => m.subscriberPK).sort((a, b) => a - b) };
}

describe('name search through the group’s names', () => {
  it('holds every member’s names once seeded', async () => {
    expect(await missingGroupNames(t.db)).toEqual([]);
  });

  it('finds the members ilike finds on the members themselves, termed or not, in any case', async () => {
    const members = await t.db
      .select({ firstName: subscribers.firstName, lastName: subscribers.lastName })
      .from(subscribers)
      .where(eq(subscribers.employerPK, GROUP))
      .limit(12);
    // Fragments long enough for "contains"; shorter ones match the start of names (member-list.test.ts).
    const fragments = members
      .flatMap((m, i) => [
        { lastName: m.lastName.slice(1, 4).toUpperCase() },
        { firstName: m.firstName.slice(-3) },
        { lastName: m.lastName.slice(0, 3), firstName: members[(i + 1) % members.length]!.firstName.slice(0, 3) },
      ])
      .filter((f) => Object.values(f).every((text) => text.length >= NAME_CONTAINS_FROM));
    expect(fragments.length).toBeGreaterThan(20);
    for (const fragment of fragments) {
      for (const includeTermedMembers of [false, true]) {
        const expected = await t.db
          .select({ pk: subscribers.subscriberPK })
          .from(subscribers)
          .where(
            and(
              eq(subscribers.employerPK, GROUP),
              fragment.lastName ? ilike(subscribers.lastName, contains(fragment.lastName)) : undefined,
              fragment.firstName ? ilike(subscribers.firstName, contains(fragment.firstName)) : undefined,
              includeTermedMembers ? undefined : isNull(subscribers.termDate),
            ),
          );
        expect(expected.length).toBeLessThanOrEqual(100);
        expect(await search({ ...fragment, includeTermedMembers })).toEqual({
          count: expected.length,
          pks: expected.map((r) => r.pk).sort((a, b) => a - b),
        });
      }
    }
  });

  it('finds a member added by insert, one statement or a batch, by any part of their names', async () => {
    const [added] = await t.db
      .insert(subscribers)
      .values(memberRow(GROUP, 1, 'Zebulah', 'Quixwoldt'))
      .returning({ pk: subscribers.subscriberPK });
    expect(await search({ lastName: 'XWOL' })).toEqual({ count: 1, pks: [added!.pk] });
    expect(await search({ firstName: 'bula', lastName: 'quix' })).toEqual({ count: 1, pks: [added!.pk] });

    const batch = await bulkInsert(
      t.db,
      subscribers,
      [memberRow(GROUP, 2, "O'Brannagh", 'De la Prunta'), memberRow(GROUP, 3, 'Ysolde', 'De la Prunta')],
      { returning: [subscribers.subscriberPK] },
    );
    const batchPKs = batch.map((r) => Number(r.subscriber_pk)).sort((a, b) => a - b);
    expect(await search({ lastName: 'a pru' })).toEqual({ count: 2, pks: batchPKs });
    expect(await search({ firstName: "'bra" })).toEqual({ count: 1, pks: [batchPKs[0]] });
    expect(await missingGroupNames(t.db)).toEqual([]);
  });

  it('finds a renamed member under the new name only; the old name stays and matches no one', async () => {
    const [member] = await t.db
      .insert(subscribers)
      .values(memberRow(GROUP, 4, 'Philippa', 'Oldenquast'))
      .returning({ pk: subscribers.subscriberPK });
    expect(await search({ lastName: 'denqua' })).toEqual({ count: 1, pks: [member!.pk] });

    await t.db
      .update(subscribers)
      .set({ lastName: 'Newenquast', firstName: 'Philippina' })
      .where(eq(subscribers.subscriberPK, member!.pk));
    expect(await search({ lastName: 'wenqua' })).toEqual({ count: 1, pks: [member!.pk] });
    expect(await search({ firstName: 'ppina' })).toEqual({ count: 1, pks: [member!.pk] });
    expect(await search({ lastName: 'denqua' })).toEqual({ count: 0, pks: [] });
    const kept = await t.db
      .select({ name: groupNames.name })
      .from(groupNames)
      .where(and(eq(groupNames.employerPK, GROUP), inArray(groupNames.name, ['Oldenquast', 'Newenquast'])));
    expect(kept.map((r) => r.name).sort()).toEqual(['Newenquast', 'Oldenquast']);
  });

  it('finds a member moved to another group in that group', async () => {
    const [member] = await t.db
      .insert(subscribers)
      .values(memberRow(GROUP, 5, 'Marguerite', 'Wanderhoff'))
      .returning({ pk: subscribers.subscriberPK });
    expect(await search({ lastName: 'anderhof' }, OTHER_GROUP)).toEqual({ count: 0, pks: [] });
    await t.db.update(subscribers).set({ employerPK: OTHER_GROUP }).where(eq(subscribers.subscriberPK, member!.pk));
    expect(await search({ lastName: 'anderhof' }, OTHER_GROUP)).toEqual({ count: 1, pks: [member!.pk] });
    expect(await search({ lastName: 'anderhof' })).toEqual({ count: 0, pks: [] });
    expect(await missingGroupNames(t.db)).toEqual([]);
  });
});

describe('migration 0031 on a database that already has members', () => {
  it('fills the dictionary with each group’s distinct names, then keeps it', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      const db = drizzle({ client }) as unknown as Db;
      await migrateFirst(client, 31);
      const groups = await db
        .insert(employers)
        .values([
          { employerName: 'One', employerID: 'G1' },
          { employerName: 'Two', employerID: 'G2' },
        ])
        .returning({ pk: employers.employerPK });
      const [one, two] = groups.map((g) => g.pk) as [number, number];
      await db
        .insert(subscribers)
        .values([
          memberRow(one, 1, 'Ann', 'Smith'),
          memberRow(one, 2, 'Ann', 'Smith'),
          memberRow(one, 3, 'Bo', 'Jones'),
          memberRow(two, 4, 'Ann', 'Smith'),
        ]);

      await migrateAll(client);

      const names = await db
        .select({ employerPK: groupNames.employerPK, kind: groupNames.kind, name: groupNames.name })
        .from(groupNames)
        .orderBy(groupNames.employerPK, groupNames.kind, groupNames.name);
      expect(names).toEqual([
        { employerPK: one, kind: 'first', name: 'Ann' },
        { employerPK: one, kind: 'first', name: 'Bo' },
        { employerPK: one, kind: 'last', name: 'Jones' },
        { employerPK: one, kind: 'last', name: 'Smith' },
        { employerPK: two, kind: 'first', name: 'Ann' },
        { employerPK: two, kind: 'last', name: 'Smith' },
      ]);
      await db.update(subscribers).set({ lastName: 'Smythe' }).where(eq(subscribers.subscriberID, 'GN4'));
      expect(await missingGroupNames(db)).toEqual([]);
    } finally {
      await client.close();
    }
  }, 60_000);
});
