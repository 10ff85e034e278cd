import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints, type EndpointName } from '../../src/contracts/endpoints';
import { USER_MESSAGES, type UserAnswer, type UserList } from '../../src/contracts/users';
import { auditEvents, oidcModels, userGrants, userLinks, users } from '../db/schema';
import { ACCESS_VERSION_CHECK_MS } from '../services/identity';
import { startTestInbox, type TestInbox } from '../test/mail-inbox';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let inbox: TestInbox;
beforeAll(async () => {
  inbox = await startTestInbox();
  t = await createTestApp({ env: { SMTP_URL: inbox.smtpUrl } });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const ADMIN = 'admin@example.com';
const OPERATOR = 'operator@example.com';

type UserCall = Exclude<
  Extract<EndpointName, `${string}User${string}` | `${string}Invitation` | 'userList'>,
  'userExport'
>;

async function call(name: UserCall | 'userExport', email: string, input: Record<string, unknown>) {
  const endpoint = endpoints[name];
  const headers = await t.auth(email);
  if (endpoint.method === 'GET') {
    const query = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]));
    return t.app.inject({ method: 'GET', url: `${endpointUrl(endpoint)}?${query}`, headers });
  }
  return t.app.inject({ method: endpoint.method, url: endpointUrl(endpoint), headers, payload: input });
}

async function ok(name: UserCall, email: string, input: Record<string, unknown>) {
  const res = await call(name, email, input);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UserAnswer;
}

const list = async (email: string, query: Record<string, unknown> = {}) => {
  const res = await call('userList', email, { employerPK: 2, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UserList;
};

describe('the Users screen’s list', () => {
  it('lists the group’s users with roles, status, last sign-in and MFA, searched and paged', async () => {
    await t.auth('hr@example.com');
    const all = await list(ADMIN, { recordsPerPage: 100 });
    const emails = all.list.map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['hr@example.com', 'broker@example.com', ADMIN]));
    // Only users of group 2: the bench group's HR and the operator (no grants) are not listed.
    expect(emails).not.toContain('bench@example.com');
    expect(emails).not.toContain(OPERATOR);
    const hr = all.list.find((u) => u.email === 'hr@example.com')!;
    expect(hr).toMatchObject({ roles: ['HR'], status: 'active', mfaEnabled: false, invitationExpiresAt: null });
    expect(hr.lastSignInAt).not.toBeNull();

    const found = await list(ADMIN, { search: 'lindq' });
    expect(found.list.map((u) => u.email)).toEqual(['reports@example.com']);
    expect(found.recordCount).toBe(1);
    const paged = await list(ADMIN, { recordsPerPage: 2, sort: 'email', order: 'ASC' });
    expect(paged.list).toHaveLength(2);
    expect(paged.recordCount).toBe(all.recordCount);
    expect(paged.list[0]!.email < paged.list[1]!.email).toBe(true);
  });

  it('exports the filtered list as CSV', async () => {
    const res = await call('userExport', ADMIN, { employerPK: 2, format: 'csv', search: 'example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('hr@example.com');
    expect(res.body.split('\n')[0]).toContain('E-mail');
  });

  it('is refused to roles other than GroupAdmin and to groups the caller does not administer', async () => {
    expect((await call('userList', 'hr@example.com', { employerPK: 2 })).statusCode).toBe(403);
    expect((await call('userList', ADMIN, { employerPK: 3 })).statusCode).toBe(403);
    expect((await call('userList', OPERATOR, { employerPK: 3 })).statusCode).toBe(200);
  });
});

describe('inviting', () => {
  it('creates an invited user with roles, e-mails a single-use link and audits the change', async () => {
    const answer = await ok('inviteUser', ADMIN, {
      employerPK: 2,
      email: ' New.Hire@Example.com ',
      givenName: 'Nina',
      familyName: 'Hale',
      roles: ['HR'],
    });
    expect(answer.user).toMatchObject({ email: 'new.hire@example.com', status: 'invited', roles: ['HR'] });
    expect(answer.user!.invitationExpiresAt).not.toBeNull();

    const mail = await inbox.waitForMail('new.hire@example.com', { subject: /invited/ });
    expect(mail.text).toContain('Alice Mendes');
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]).toMatch(/^http:\/\/localhost\/idp\/invitation\/[\w-]{43}$/);
    const [link] = await t.db.select().from(userLinks).where(eq(userLinks.userId, answer.user!.userId));
    // Only the hash is kept.
    expect(mail.links[0]).not.toContain(link!.tokenHash);

    const [row] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.endpoint, 'inviteUser'), eq(auditEvents.status, 200)));
    expect(row).toMatchObject({ employerPK: 2, action: 'access.change', records: [`user:${answer.user!.userId}`] });

    // And the group's Access Report shows it.
    const report = await t.app.inject({
      method: 'GET',
      url: `${endpointUrl(endpoints.accessReport)}?employerPK=2&endpoint=inviteUser`,
      headers: await t.auth('auditor@example.com'),
    });
    expect(report.statusCode).toBe(200);
    expect(report.json().list).toContainEqual(
      expect.objectContaining({ actorEmail: ADMIN, endpoint: 'inviteUser', records: [`user:${answer.user!.userId}`] }),
    );
  });

  it('refuses bad input with field errors and an existing user of the group with a 409', async () => {
    const bad = await call('inviteUser', ADMIN, { employerPK: 2, email: 'not-an-email', givenName: '', roles: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['email', 'givenName', 'roles']));
    const twice = await call('inviteUser', ADMIN, {
      employerPK: 2,
      email: 'hr@example.com',
      givenName: 'Hannah',
      familyName: 'Reyes',
      roles: ['HR'],
    });
    expect(twice.statusCode).toBe(409);
  });

  it('lets only the Portal Administrator grant the Broker role', async () => {
    const input = {
      employerPK: 2,
      email: 'agent@example.com',
      givenName: 'Ada',
      familyName: 'Gent',
      roles: ['Broker'],
    };
    const refused = await call('inviteUser', ADMIN, input);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(USER_MESSAGES.operatorOnlyRole);
    expect((await ok('inviteUser', OPERATOR, input)).user).toMatchObject({ roles: ['Broker'] });
  });

  it('resends a new link (the old one stops working) and cancels an invitation', async () => {
    const { user } = await ok('inviteUser', ADMIN, {
      employerPK: 2,
      email: 'temp@example.com',
      givenName: 'Tim',
      familyName: 'Porary',
      roles: ['Reporting'],
    });
    await inbox.waitForMail('temp@example.com');
    await ok('resendInvitation', ADMIN, { employerPK: 2, userId: user!.userId });
    await inbox.waitForMail('temp@example.com', { subject: /invited/ });
    const links = await t.db.select().from(userLinks).where(eq(userLinks.userId, user!.userId));
    expect(links.filter((l) => l.usedAt === null)).toHaveLength(1);

    expect(await ok('cancelInvitation', ADMIN, { employerPK: 2, userId: user!.userId })).toEqual({ user: null });
    expect(await t.db.select().from(users).where(eq(users.userId, user!.userId))).toEqual([]);
  });
});

describe('delegated scope', () => {
  const usersEndpoints = (Object.keys(endpoints) as EndpointName[]).filter((name) => endpoints[name].area === 'users');

  it('covers every Users call', () => {
    expect(usersEndpoints.sort()).toEqual(
      [
        'cancelInvitation',
        'changeUserRoles',
        'deactivateUser',
        'inviteUser',
        'reactivateUser',
        'resendInvitation',
        'resetUserMfa',
        'userExport',
        'userList',
      ].sort(),
    );
  });

  it('keeps the GroupAdmin of group 2 from reading or changing users and grants of group 3 through any of them', async () => {
    const before = await t.db.select().from(userGrants).where(eq(userGrants.employerPK, 3));
    for (const name of usersEndpoints) {
      const input = {
        employerPK: 3,
        userId: 'user-broker',
        email: 'x@example.com',
        givenName: 'X',
        familyName: 'Y',
        roles: ['HR'],
        format: 'csv',
      };
      const res = await call(name as UserCall, ADMIN, input);
      expect(res.statusCode, name).toBe(403);
      expect(res.body, name).not.toContain('broker@example.com');
    }
    expect(await t.db.select().from(userGrants).where(eq(userGrants.employerPK, 3))).toEqual(before);
  });
});

describe('changing roles and deactivating', () => {
  it('changes roles, and the user’s calls follow without a new sign-in', async () => {
    expect((await call('userList', 'claims@example.com', { employerPK: 2 })).statusCode).toBe(403);
    const { user } = await ok('changeUserRoles', ADMIN, {
      employerPK: 2,
      userId: 'user-claims',
      roles: ['ViewClaims', 'GroupAdmin'],
    });
    expect(user!.roles).toEqual(['GroupAdmin', 'ViewClaims']);
    await new Promise((resolve) => setTimeout(resolve, ACCESS_VERSION_CHECK_MS + 200));
    expect((await call('userList', 'claims@example.com', { employerPK: 2 })).statusCode).toBe(200);
    await ok('changeUserRoles', ADMIN, { employerPK: 2, userId: 'user-claims', roles: ['ViewClaims'] });
  });

  it('never removes the last GroupAdmin of a group', async () => {
    const res = await call('changeUserRoles', OPERATOR, { employerPK: 2, userId: 'user-admin', roles: ['HR'] });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(USER_MESSAGES.lastGroupAdmin);
    const deactivate = await call('deactivateUser', OPERATOR, { employerPK: 2, userId: 'user-admin' });
    expect(deactivate.statusCode).toBe(409);
  });

  it('keeps a GroupAdmin from deactivating a user who also works in groups they do not administer', async () => {
    const res = await call('deactivateUser', ADMIN, { employerPK: 2, userId: 'user-broker' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(USER_MESSAGES.otherGroups);
  });

  it('deactivates: sessions end, calls are refused, and reactivating restores them', async () => {
    const token = await t.auth('funding@example.com');
    await t.app.inject({ method: 'GET', url: `${endpointUrl(endpoints.accountAccess)}`, headers: token });
    const sessionsBefore = await t.db.select().from(oidcModels);
    expect(sessionsBefore.some((m) => m.payload.accountId === 'user-funding')).toBe(true);

    const { user } = await ok('deactivateUser', ADMIN, { employerPK: 2, userId: 'user-funding' });
    expect(user!.status).toBe('deactivated');
    const sessionsAfter = await t.db.select().from(oidcModels);
    expect(sessionsAfter.some((m) => m.payload.accountId === 'user-funding')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, ACCESS_VERSION_CHECK_MS + 200));
    const refused = await t.app.inject({ method: 'GET', url: endpointUrl(endpoints.accountAccess), headers: token });
    expect(refused.statusCode).toBe(401);

    expect((await ok('reactivateUser', ADMIN, { employerPK: 2, userId: 'user-funding' })).user!.status).toBe('active');
  });

  it('refuses to act on users of another group, as if they did not exist', async () => {
    await t.db.insert(userGrants).values({ userId: 'user-bench', employerPK: 3, role: 'HR' }).onConflictDoNothing();
    for (const name of [
      'resendInvitation',
      'cancelInvitation',
      'deactivateUser',
      'reactivateUser',
      'resetUserMfa',
    ] as const) {
      const res = await call(name, ADMIN, { employerPK: 2, userId: 'user-bench' });
      expect(res.statusCode, name).toBe(404);
    }
    expect(
      (await call('changeUserRoles', ADMIN, { employerPK: 2, userId: 'user-bench', roles: ['HR'] })).statusCode,
    ).toBe(404);
    // Naming the other group itself is refused before anything is read.
    expect((await call('deactivateUser', ADMIN, { employerPK: 3, userId: 'user-bench' })).statusCode).toBe(403);
  });
});
