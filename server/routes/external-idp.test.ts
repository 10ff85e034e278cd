import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import type { AccountAccess } from '../../src/contracts/account';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { DEMO_PASSWORD } from '../db/seed/demo-users';
import { users } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { registerIdentityProvider } from '../idp/interactions';
import { hashPassword } from '../services/identity';
import { startTestInbox, type TestInbox } from '../test/mail-inbox';
import { httpSend, signInTokens } from '../test/sign-in';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/test-app';

// The portal behind an external OpenID provider (OIDC_AUTHORITY): a second oidc-provider with its own
// users stands in for the organisation's. Its subjects are not the portal's; users are matched by the
// e-mail it verified, and their grants are still the portal's.

let listener: Server;
let external: FastifyInstance;
let externalDb: TestDatabase;
let portal: TestApp;
let inbox: TestInbox;
let send: ReturnType<typeof httpSend>;

async function externalUser(userId: string, email: string) {
  await externalDb.db.insert(users).values({
    userId,
    email,
    givenName: 'Ext',
    familyName: 'User',
    status: 'active',
    passwordHash: await hashPassword(DEMO_PASSWORD),
  });
}

beforeAll(async () => {
  externalDb = await createTestDatabase({ seed: false });
  await externalUser('ext-42', 'hr@example.com');
  await externalUser('ext-admin', 'admin@example.com');
  await externalUser('ext-stranger', 'stranger@example.com');
  await externalUser('ext-new', 'new.colleague@example.com');

  // The issuer names the port, so the port is taken first and kept: a port freed and asked for again
  // could go to another test file's server in between.
  listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}/idp`;
  external = Fastify({ serverFactory: (handler) => listener.on('request', handler) });
  await external.register(formbody);
  await registerIdentityProvider(external, {
    issuer,
    clientId: 'group-portal',
    redirectUris: [`${TEST_PUBLIC_URL}/signin-oidc`],
    postLogoutRedirectUris: [`${TEST_PUBLIC_URL}/`],
    apiAudience: `${TEST_PUBLIC_URL}/api`,
    db: externalDb.db,
  });
  await external.ready();
  send = httpSend(`http://127.0.0.1:${port}`);

  inbox = await startTestInbox();
  portal = await createTestApp({ env: { OIDC_AUTHORITY: issuer, SMTP_URL: inbox.smtpUrl } });
});

afterAll(async () => {
  await portal?.close();
  await external?.close();
  if (listener) {
    listener.closeAllConnections();
    await new Promise((resolve) => listener.close(resolve));
  }
  await externalDb?.close();
  await inbox?.close();
});

const bearer = async (email: string) => ({
  authorization: `Bearer ${(await signInTokens(send, email, TEST_PUBLIC_URL)).access_token}`,
});
const access = async (email: string) =>
  portal.app.inject({ method: 'GET', url: endpointUrl(endpoints.accountAccess), headers: await bearer(email) });

describe('an external identity provider', () => {
  it('matches its user by verified e-mail, links the subject, and applies the portal’s grants', async () => {
    const res = await access('hr@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json<AccountAccess>()).toMatchObject({ sub: 'user-hr', current: { GroupPK: 2, roles: ['HR'] } });
    const [hr] = await portal.db.select().from(users).where(eq(users.userId, 'user-hr'));
    expect(hr?.externalSubject).toBe('ext-42');
    // Matched by its subject from now on.
    expect((await access('hr@example.com')).json<AccountAccess>().sub).toBe('user-hr');
  });

  it('refuses someone the portal has no user for', async () => {
    expect((await access('stranger@example.com')).statusCode).toBe(401);
  });

  it('lets a GroupAdmin invite a person, who then signs in at the external provider with the roles given', async () => {
    expect((await access('new.colleague@example.com')).statusCode).toBe(401);
    const invited = await portal.app.inject({
      method: 'POST',
      url: endpointUrl(endpoints.inviteUser),
      headers: await bearer('admin@example.com'),
      payload: {
        employerPK: 2,
        email: 'new.colleague@example.com',
        givenName: 'Nell',
        familyName: 'Cole',
        roles: ['Reporting'],
      },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const mail = await inbox.waitForMail('new.colleague@example.com');
    // No password to set here: the link opens the portal, whose sign-in is the organisation's.
    expect(mail.links).toEqual([`${TEST_PUBLIC_URL}/`]);
    expect(mail.text).toContain("your organisation's account");

    const res = await access('new.colleague@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json<AccountAccess>().current).toEqual({ GroupPK: 2, roles: ['Reporting'] });
  });
});
