// The member list of a large group: totals without counting the group, "contains" name search and
// SSN search through their indexes, paging that keeps the total, and the plans that serve them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { subscriberListQuery, type SubscriberListQuery } from '../../src/contracts/subscribers';
import { LARGE_GROUP_EMPLOYER_PK } from '../db/seed/data';
import { requests, subscribers } from '../db/schema';
import { pageAnchorsOf, subscriberList, subscriberListStatement } from '../services/members';
import { createTestApp, type TestApp } from '../test/test-app';

const GROUP = LARGE_GROUP_EMPLOYER_PK;
type Member = { subscriberPK: number; firstName: string; lastName: string; ssnLast4: string };
type Answer = { list: Member[]; recordCount: number };

let t: TestApp;
let active: (typeof subscribers.$inferSelect)[];
beforeAll(async () => {
  // Enough members for the planner to prefer an index over reading the group.
  t = await createTestApp({ seed: { largeGroupMembers: 3000 } });
  active = await t.db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.employerPK, GROUP), isNull(subscribers.termDate)));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function list(body: Partial<SubscriberListQuery>): Promise<Answer> {
  const res = await t.app.inject({
    method: 'POST',
    url: endpointUrl(endpoints.subscriberList),
    headers: await t.auth('bench@example.com'),
    payload: { employerPK: GROUP, ...body },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const pks = (members: { subscriberPK: number }[]) => members.map((m) => m.subscriberPK).sort((a, b) => a - b);

/** A fragment from inside a common last name: found in several members, never at the name's start only. */
function nameFragment() {
  const members = new Map<string, number>();
  for (const { lastName } of active) members.set(lastName, (members.get(lastName) ?? 0) + 1);
  const [name] = [...members].filter(([n]) => n.length >= 7).sort((a, b) => b[1] - a[1])[0]!;
  return name.slice(2, 6);
}

/** The three letters found in the most last names: a broad "contains" search. */
function broadFragment() {
  const members = new Map<string, number>();
  for (const { lastName } of active) {
    const name = lastName.toLowerCase();
    const inside = new Set(Array.from({ length: Math.max(name.length - 2, 0) }, (_, i) => name.slice(i, i + 3)));
    for (const fragment of inside) members.set(fragment, (members.get(fragment) ?? 0) + 1);
  }
  return [...members].sort((a, b) => b[1] - a[1])[0]![0];
}

describe('SubscriberList search', () => {
  it('finds last names containing the text, in any case, and counts exactly those', async () => {
    const fragment = nameFragment();
    const expected = active.filter((s) => s.lastName.toLowerCase().includes(fragment.toLowerCase()));
    expect(expected.length).toBeGreaterThan(1);
    const answer = await list({ lastName: fragment.toUpperCase(), recordsPerPage: 100 });
    expect(answer.recordCount).toBe(expected.length);
    expect(pks(answer.list)).toEqual(pks(expected));
    // Inside the name, not only at its start.
    expect(answer.list.some((m) => !m.lastName.toLowerCase().startsWith(fragment.toLowerCase()))).toBe(true);
  });

  it('finds first names in part, and matches typed wildcards literally', async () => {
    const fragment = active[0]!.firstName.slice(1, 4);
    const expected = active.filter((s) => s.firstName.toLowerCase().includes(fragment.toLowerCase()));
    const answer = await list({ firstName: fragment, recordsPerPage: 100 });
    expect(answer.recordCount).toBe(expected.length);
    expect(answer.list.every((m) => m.firstName.toLowerCase().includes(fragment.toLowerCase()))).toBe(true);
    expect(await list({ lastName: '%' })).toEqual({ list: [], recordCount: 0 });
    expect(await list({ lastName: '_' })).toEqual({ list: [], recordCount: 0 });
  });

  it('finds SSNs by their last four digits, or by the first of them', async () => {
    const someone = active[10]!;
    const exact = await list({ ssn: someone.ssnLast4 });
    expect(pks(exact.list)).toEqual(pks(active.filter((s) => s.ssnLast4 === someone.ssnLast4)));
    const lead = someone.ssnLast4.slice(0, 2);
    const leading = active.filter((s) => s.ssnLast4.startsWith(lead));
    const byLead = await list({ ssn: lead, recordsPerPage: 100 });
    expect(byLead.recordCount).toBe(leading.length);
    expect(byLead.list.every((m) => m.ssnLast4.startsWith(lead))).toBe(true);
  });

  it('answers each search with its own text and group when the same kind of search came before', async () => {
    const [one, two] = [active[3]!, active.find((s) => s.lastName.slice(1, 5) !== active[3]!.lastName.slice(1, 5))!];
    for (const member of [one, two, one]) {
      const fragment = member.lastName.slice(1, 5);
      const answer = await list({ lastName: fragment, ssn: member.ssnLast4, recordsPerPage: 100 });
      const expected = active.filter(
        (s) => s.lastName.toLowerCase().includes(fragment.toLowerCase()) && s.ssnLast4 === member.ssnLast4,
      );
      expect(pks(answer.list)).toEqual(pks(expected));
      expect(answer.list.map((m) => m.subscriberPK)).toContain(member.subscriberPK);
    }
    // The same search for another group (HR of group 2) lists that group's members only.
    const res = await t.app.inject({
      method: 'POST',
      url: endpointUrl(endpoints.subscriberList),
      headers: await t.auth('hr@example.com'),
      payload: { employerPK: 2, lastName: one.lastName.slice(1, 5), ssn: one.ssnLast4 },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Answer).list.map((m) => m.subscriberPK)).not.toContain(one.subscriberPK);
  });
});

describe('SubscriberList bounded search', () => {
  it('matches the start of names for a fragment under three letters, in any case', async () => {
    const leads = [...new Set(active.map((s) => s.lastName.slice(0, 2)))];
    const lead = leads
      .map((l) => ({
        l,
        starts: active.filter((s) => s.lastName.toLowerCase().startsWith(l.toLowerCase())),
        inside: active.filter((s) => s.lastName.toLowerCase().slice(1).includes(l.toLowerCase())),
      }))
      .find((c) => c.starts.length > 1 && c.starts.length <= 100 && c.inside.length > 0)!;
    const answer = await list({ lastName: lead.l.toLowerCase(), recordsPerPage: 100 });
    expect(answer.recordCount).toBe(lead.starts.length);
    expect(pks(answer.list)).toEqual(pks(lead.starts));
  });

  it('lists and counts a broad search only up to the cap, says so, and pages within it', async () => {
    const cap = 50;
    const query = (body: Partial<SubscriberListQuery>) => subscriberListQuery.parse({ employerPK: GROUP, ...body });
    const initials = new Map<string, number>();
    for (const { lastName } of active) initials.set(lastName[0]!, (initials.get(lastName[0]!) ?? 0) + 1);
    const [initial] = [...initials].sort((a, b) => b[1] - a[1])[0]!;
    expect(initials.get(initial)).toBeGreaterThan(cap + 1);
    const broad = broadFragment();
    expect(active.filter((s) => s.lastName.toLowerCase().includes(broad)).length).toBeGreaterThan(cap + 1);

    // At the start of names (a short fragment), then anywhere in them (through the group's names).
    for (const [lastName, matches] of [
      [initial, (name: string) => name.startsWith(initial)],
      [broad.toUpperCase(), (name: string) => name.toLowerCase().includes(broad)],
    ] as const) {
      const first = await subscriberList(t.db, GROUP, query({ lastName }), cap);
      expect(first).toMatchObject({ recordCount: cap, countCapped: true });
      const pages = [first.list];
      for (const page of [1, 2]) {
        const later = await subscriberList(t.db, GROUP, query({ lastName, page, knownCount: cap + 1 }), cap);
        expect(later).toMatchObject({ recordCount: cap, countCapped: true });
        pages.push(later.list);
      }
      expect(pages.map((p) => p.length)).toEqual([20, 20, 10]);
      const listed = pages.flat();
      expect(new Set(listed.map((m) => m.subscriberPK)).size).toBe(cap);
      expect(listed.every((m) => matches(m.lastName))).toBe(true);
      // In the list's order (the database's collation, which a sort here might not share).
      const ordered = await t.db
        .select({ pk: subscribers.subscriberPK })
        .from(subscribers)
        .where(inArray(subscribers.subscriberPK, pks(listed)))
        .orderBy(asc(subscribers.lastName), asc(subscribers.subscriberPK));
      expect(listed.map((m) => m.subscriberPK)).toEqual(ordered.map((r) => r.pk));
      // Past the cap there is no page, and the count still says there are more.
      const past = await subscriberList(t.db, GROUP, query({ lastName, page: 3 }), cap);
      expect(past).toMatchObject({ list: [], recordCount: cap, countCapped: true });
    }

    // A search within the cap is counted exactly and says nothing of a cap.
    const narrow = await subscriberList(t.db, GROUP, query({ lastName: nameFragment() }), cap);
    expect(narrow.recordCount).toBeLessThanOrEqual(cap);
    expect(narrow).not.toHaveProperty('countCapped');
  });
});

describe('SubscriberList totals while paging', () => {
  it('answers later pages of a filter with the total they bring, without counting again', async () => {
    const fragment = nameFragment();
    const first = await list({ lastName: fragment, recordsPerPage: 2 });
    expect(first.recordCount).toBeGreaterThan(2);
    const second = await list({ lastName: fragment, recordsPerPage: 2, page: 1, knownCount: first.recordCount });
    expect(second.recordCount).toBe(first.recordCount);
    expect(pks(second.list)).not.toEqual(pks(first.list));
    // Proof that nothing was counted: a total the client holds comes back as it is.
    const held = await list({ lastName: fragment, recordsPerPage: 2, page: 1, knownCount: first.recordCount + 7 });
    expect(held.recordCount).toBe(first.recordCount + 7);
    // A page past the end has no row to carry the total; it is still answered.
    expect(await list({ lastName: fragment, page: 500 })).toEqual({ list: [], recordCount: first.recordCount });
  });

  it('answers the group’s kept totals when unfiltered, whatever total the client holds', async () => {
    const all = await t.db.$count(subscribers, eq(subscribers.employerPK, GROUP));
    expect((await list({ page: 3, knownCount: 5 })).recordCount).toBe(active.length);
    expect((await list({ includeTermedMembers: true, knownCount: 5 })).recordCount).toBe(all);
    expect(all).toBeGreaterThan(active.length);
    expect(await list({ page: 1000 })).toEqual({ list: [], recordCount: active.length });
  });

  it('pages from the top and deep into the list in the order of the sort, both ways', async () => {
    // The database's own order (its collation), read the plain way.
    const ordered = (direction: 'asc' | 'desc', offset: number) =>
      t.db
        .select({ subscriberPK: subscribers.subscriberPK })
        .from(subscribers)
        .where(and(eq(subscribers.employerPK, GROUP), isNull(subscribers.termDate)))
        .orderBy(sql`${subscribers.lastName} ${sql.raw(direction)}, ${subscribers.subscriberPK} ${sql.raw(direction)}`)
        .limit(20)
        .offset(offset);
    const top = await list({});
    expect(top.list.map((m) => m.subscriberPK)).toEqual((await ordered('asc', 0)).map((m) => m.subscriberPK));
    const deep = await list({ page: 100 });
    expect(deep.list.map((m) => m.subscriberPK)).toEqual((await ordered('asc', 2000)).map((m) => m.subscriberPK));
    const desc = await list({ page: 7, sortColumn: 'lastName DESC' });
    expect(desc.list.map((m) => m.subscriberPK)).toEqual((await ordered('desc', 140)).map((m) => m.subscriberPK));
    expect(desc.list).toHaveLength(20);
  });
});

describe('SubscriberList rows', () => {
  it('flags exactly the members with a pending request, on the first page and on later ones', async () => {
    const top = (await list({})).list[3]!;
    const later = (await list({ page: 4 })).list[5]!;
    for (const [member, type] of [
      [top, 'Subscriber'],
      [later, 'Terminate'],
    ] as const) {
      await t.db.insert(requests).values({
        employerPK: GROUP,
        subscriberPK: member.subscriberPK,
        type,
        status: 'Submitted',
        subscriberFirstName: member.firstName,
        subscriberLastName: member.lastName,
        createdBy: 'user-bench',
      });
    }
    const flagged = async (body: Partial<SubscriberListQuery>) =>
      ((await list(body)).list as (Member & { pendingRequestTypes: string[] })[])
        .filter((m) => m.pendingRequestTypes.length > 0)
        .map((m) => [m.subscriberPK, m.pendingRequestTypes]);
    expect(await flagged({})).toEqual([[top.subscriberPK, ['Subscriber']]]);
    expect(await flagged({ page: 4 })).toEqual([[later.subscriberPK, ['Terminate']]]);
    expect(await flagged({ lastName: later.lastName, recordsPerPage: 100 })).toEqual([
      [later.subscriberPK, ['Terminate']],
    ]);
  });
});

describe('SubscriberList plans', () => {
  /** The plan of the list's statement for these filters, as text. */
  async function planOf(body: Partial<SubscriberListQuery>) {
    const q = subscriberListQuery.parse({ employerPK: GROUP, ...body });
    const { rows } = await t.db.execute(sql`explain ${subscriberListStatement(t.db, GROUP, q).rows}`);
    return rows.map((row) => Object.values(row).join('')).join('\n');
  }

  it('serves name searches from the group’s names and the sort index, SSN searches from the SSN index', async () => {
    // A broad fragment: the names that contain it, then their members along the sort index, which
    // stops at the cap without reading every match.
    const byName = await planOf({ lastName: broadFragment() });
    expect(byName).toMatch(/Scan on group_names/);
    expect(byName).toMatch(/Index Only Scan using subscribers_employer_last_name_idx/);
    expect(byName).toMatch(/Index Cond: .*last_name = ANY/);
    const byFirstName = await planOf({ firstName: 'ichae', sortColumn: 'firstName ASC' });
    expect(byFirstName).toMatch(/Scan on group_names/);
    expect(byFirstName).toMatch(/Index Only Scan using subscribers_employer_first_name_idx/);
    // Sorted by last name, which that index does not hold: the members' rows give it.
    expect(await planOf({ firstName: 'ichae' })).toMatch(/Index Scan using subscribers_employer_first_name_idx/);
    for (const plan of [byName, byFirstName]) {
      expect(plan).not.toMatch(/subscribers_(first|last)_name_trgm_idx/);
    }
    // With another criterion, each criterion's index gives a bitmap to intersect.
    const both = await planOf({ lastName: broadFragment(), firstName: 'ichae' });
    expect(both).not.toMatch(/group_names/);
    expect(both).toMatch(/subscribers_(first|last)_name_trgm_idx/);
    expect(await planOf({ ssn: active[0]!.ssnLast4 })).toContain('subscribers_employer_ssn_last4_idx');
    for (const plan of [byName, byFirstName, both, await planOf({ ssn: active[0]!.ssnLast4 })]) {
      expect(plan).not.toMatch(/Seq Scan on subscribers/);
    }
  });

  it('serves a fragment under three letters from the prefix index', async () => {
    const lead = active[0]!.lastName.slice(0, 2);
    const plan = await planOf({ lastName: lead });
    expect(plan).toContain('subscribers_employer_last_name_prefix_idx');
    expect(plan).not.toMatch(/Seq Scan on subscribers/);
    expect(await planOf({ firstName: active[0]!.firstName.slice(0, 1) })).toContain(
      'subscribers_employer_first_name_prefix_idx',
    );
  });

  it('reads a page far into the list from the sort index alone', async () => {
    const plan = await planOf({ page: 100 });
    expect(plan).toMatch(/Index Only Scan (Backward )?using subscribers_employer_last_name_idx/);
    expect(plan).not.toMatch(/Seq Scan on subscribers/);
    expect(await planOf({ page: 100, sortColumn: 'dateOfBirth DESC' })).toMatch(
      /Index Only Scan Backward using subscribers_employer_date_of_birth_idx/,
    );
  });

  it('enters the sort index at a remembered row for a far page', async () => {
    const q = subscriberListQuery.parse({ employerPK: GROUP, page: 100 });
    const anchor = { key: active[0]!.lastName, pk: active[0]!.subscriberPK };
    const statement = subscriberListStatement(t.db, GROUP, q, { limit: 20, offset: 40 }, undefined, anchor);
    const { rows } = await t.db.execute(sql`explain ${statement.rows}`);
    const plan = rows.map((row) => Object.values(row).join('')).join('\n');
    expect(plan).toMatch(/Index Only Scan using subscribers_employer_last_name_idx/);
    expect(plan).toMatch(/Index Cond: .*ROW\(last_name, subscriber_pk\) >= ROW/);
  });
});

// Runs last: it terms and restores a member, which the other tests' `active` would not expect.
describe('SubscriberList far pages from a remembered row', () => {
  /** The list in the database's own order, read the plain way. */
  const ordered = (sortColumn: 'lastName' | 'dateOfBirth', direction: 'asc' | 'desc', offset: number) =>
    t.db
      .select({ subscriberPK: subscribers.subscriberPK })
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, GROUP), isNull(subscribers.termDate)))
      .orderBy(sql`${subscribers[sortColumn]} ${sql.raw(direction)}, ${subscribers.subscriberPK} ${sql.raw(direction)}`)
      .limit(20)
      .offset(offset)
      .then((rows) => rows.map((m) => m.subscriberPK));
  const listed = async (body: Partial<SubscriberListQuery>) => (await list(body)).list.map((m) => m.subscriberPK);

  it('reads a page after a walked one from its first row, the same rows as a walk, both ways', async () => {
    expect(await listed({ page: 100 })).toEqual(await ordered('lastName', 'asc', 2000));
    const anchor = pageAnchorsOf(t.db).nearest(`${GROUP}  active`, 2000, Date.now());
    expect(anchor).toMatchObject({ offset: 2000, total: active.length });
    for (const page of [100, 101, 103, 120]) {
      expect(await listed({ page })).toEqual(await ordered('lastName', 'asc', page * 20));
    }
    expect(await listed({ page: 60, sortColumn: 'dateOfBirth DESC' })).toEqual(
      await ordered('dateOfBirth', 'desc', 1200),
    );
    expect(await listed({ page: 61, sortColumn: 'dateOfBirth DESC' })).toEqual(
      await ordered('dateOfBirth', 'desc', 1220),
    );
    // Past the end: no row, and the kept total.
    expect(await list({ page: 1000 })).toEqual({ list: [], recordCount: active.length });
  });

  it('walks again once the group’s count has changed, so no page is shifted', async () => {
    expect(await listed({ page: 101 })).toEqual(await ordered('lastName', 'asc', 2020));
    // A member near the top is termed: every later row moves up by one.
    const [early] = await ordered('lastName', 'asc', 5);
    await t.db.update(subscribers).set({ termDate: '2020-01-01' }).where(eq(subscribers.subscriberPK, early!));
    try {
      expect((await list({ page: 101 })).recordCount).toBe(active.length - 1);
      expect(await listed({ page: 101 })).toEqual(await ordered('lastName', 'asc', 2020));
      expect(await listed({ page: 102 })).toEqual(await ordered('lastName', 'asc', 2040));
    } finally {
      await t.db.update(subscribers).set({ termDate: null }).where(eq(subscribers.subscriberPK, early!));
    }
    expect(await listed({ page: 101 })).toEqual(await ordered('lastName', 'asc', 2020));
  });
});
