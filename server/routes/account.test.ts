import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AccountAccess, AccountGroups } from '../../src/contracts/account';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { employers, userGrants, users } from '../db/schema';
import { ACCESS_VERSION_CHECK_MS, bumpAccessVersion } from '../services/identity';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = async (name: 'accountAccess' | 'accountGroups' | 'employerDetails', email: string, query = '') =>
  t.app.inject({ method: 'GET', url: `${endpointUrl(endpoints[name])}?${query}`, headers: await t.auth(email) });
const access = async (email: string, query = '') => {
  const res = await get('accountAccess', email, query);
  expect(res.statusCode).toBe(200);
  return res.json() as AccountAccess;
};
const groups = async (email: string, query = '') => {
  const res = await get('accountGroups', email, query);
  expect(res.statusCode).toBe(200);
  return res.json() as AccountGroups;
};
/** Past the longest any replica keeps access it read before a change. */
const afterCacheWindow = () => new Promise((resolve) => setTimeout(resolve, ACCESS_VERSION_CHECK_MS + 200));

describe('the caller’s own access', () => {
  it('names the current group asked for when held there, else the first one', async () => {
    expect(await access('broker@example.com', 'employerPK=3')).toEqual({
      sub: 'user-broker',
      email: 'broker@example.com',
      givenName: 'Brian',
      familyName: 'Okafor',
      groupCount: 3,
      current: { GroupPK: 3, roles: ['Broker'] },
      portalAdministrator: false,
    });
    expect((await access('broker@example.com', 'employerPK=5')).current).toEqual({ GroupPK: 2, roles: ['Broker'] });
    expect((await access('finance@example.com')).current).toEqual({ GroupPK: 2, roles: ['Funding', 'Invoice'] });
  });

  it('answers a user without groups, who is refused everything else', async () => {
    expect(await access('nogroups@example.com')).toMatchObject({ groupCount: 0, current: null });
    expect((await get('employerDetails', 'nogroups@example.com', 'employerPK=2')).statusCode).toBe(403);
  });

  it('gives the operator every group as Portal Administrator', async () => {
    const operator = await access('operator@example.com', 'employerPK=4');
    expect(operator).toMatchObject({
      portalAdministrator: true,
      current: { GroupPK: 4, roles: ['Portal Administrator'] },
    });
    expect(operator.groupCount).toBe((await t.db.select().from(employers)).length);
    expect((await get('employerDetails', 'operator@example.com', 'employerPK=5')).statusCode).toBe(200);
  });

  it('refuses a bad group number with a 400, not a 500', async () => {
    expect((await get('accountAccess', 'hr@example.com', 'employerPK=abc')).statusCode).toBe(400);
  });
});

describe('the caller’s groups', () => {
  it('pages the groups with the roles held in each, in group order', async () => {
    const first = await groups('broker@example.com', 'recordsPerPage=2');
    expect(first.recordCount).toBe(3);
    expect(first.list.map((g) => [g.employerPK, g.roles])).toEqual([
      [2, ['Broker']],
      [3, ['Broker']],
    ]);
    expect((await groups('broker@example.com', 'recordsPerPage=2&page=1')).list.map((g) => g.employerPK)).toEqual([4]);
  });

  it('searches by name or group ID, and only among the caller’s groups', async () => {
    const byId = await groups('broker@example.com', 'search=G000003');
    expect(byId.list.map((g) => g.employerPK)).toEqual([3]);
    expect(byId.recordCount).toBe(1);
    const name = byId.list[0]!.employerName;
    expect(
      (await groups('broker@example.com', `search=${encodeURIComponent(name.slice(1, 6).toLowerCase())}`)).list.map(
        (g) => g.employerPK,
      ),
    ).toContain(3);
    // Group 5 is not the broker's: searching for it finds nothing.
    expect(await groups('broker@example.com', 'search=G000005')).toEqual({ list: [], recordCount: 0 });
    expect((await groups('operator@example.com', 'search=G000005')).list.map((g) => g.employerPK)).toEqual([5]);
  });

  it('finds a group created since, once the change is seen', async () => {
    const [created] = await t.db
      .insert(employers)
      .values({ employerName: 'Brand New Group', employerID: 'G009999', mfaRequired: true })
      .returning({ employerPK: employers.employerPK });
    await bumpAccessVersion(t.db);
    await afterCacheWindow();
    const found = await groups('operator@example.com', 'search=brand%20new');
    expect(found.list).toEqual([
      {
        employerPK: created!.employerPK,
        employerName: 'Brand New Group',
        employerID: 'G009999',
        roles: ['Portal Administrator'],
      },
    ]);
  });

  it('gives a user without groups an empty list', async () => {
    expect(await groups('nogroups@example.com')).toEqual({ list: [], recordCount: 0 });
  });
});

describe('a change of access', () => {
  it('applies to calls under way without a new sign-in, once the cache window passes', async () => {
    expect((await get('employerDetails', 'claims@example.com', 'employerPK=3')).statusCode).toBe(403);
    await t.db.insert(userGrants).values({ userId: 'user-claims', employerPK: 3, role: 'ViewClaims' });
    await bumpAccessVersion(t.db);
    await afterCacheWindow();
    expect((await get('employerDetails', 'claims@example.com', 'employerPK=3')).statusCode).toBe(200);
    expect((await access('claims@example.com')).groupCount).toBe(2);

    await t.db.delete(userGrants).where(and(eq(userGrants.userId, 'user-claims'), eq(userGrants.employerPK, 3)));
    await bumpAccessVersion(t.db);
    await afterCacheWindow();
    expect((await get('employerDetails', 'claims@example.com', 'employerPK=3')).statusCode).toBe(403);
  });

  it('refuses every call of a deactivated user with a 401, and serves them again once reactivated', async () => {
    expect((await get('accountAccess', 'reports@example.com')).statusCode).toBe(200);
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.userId, 'user-reports'));
    await bumpAccessVersion(t.db);
    await afterCacheWindow();
    expect((await get('accountAccess', 'reports@example.com')).statusCode).toBe(401);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.userId, 'user-reports'));
    await bumpAccessVersion(t.db);
    await afterCacheWindow();
    expect((await get('accountAccess', 'reports@example.com')).statusCode).toBe(200);
  });
});
