import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints, type EndpointName } from '../../src/contracts/endpoints';
import type { MyAccount, RecoveryCodes, TotpSetup } from '../../src/contracts/my-account';
import { oidcModels, signInThrottles, userRecoveryCodes, users } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed/demo-users';
import { startTestInbox, type TestInbox } from '../test/mail-inbox';
import { injectSend, LoginSession, signInTokens } from '../test/sign-in';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/test-app';

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

type Answer = { status: number; body: Record<string, unknown> };

async function call(name: EndpointName, authorization: string, payload?: object): Promise<Answer> {
  const endpoint = endpoints[name];
  const res = await t.app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint),
    headers: { authorization },
    // Calls without a body send none, as the SPA does.
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Record<string, unknown>) : {} };
}

const bearer = async (email: string, password = DEMO_PASSWORD) => {
  if (password === DEMO_PASSWORD)
    return `Bearer ${(await signInTokens(injectSend(t.app), email, TEST_PUBLIC_URL)).access_token}`;
  const session = await LoginSession.open(injectSend(t.app), TEST_PUBLIC_URL);
  const { code } = await session.submit(email, password);
  if (!code) throw new Error(`sign-in of ${email} refused`);
  return `Bearer ${(await session.tokens(code)).access_token}`;
};

const accountOf = async (authorization: string) => {
  const answer = await call('myAccount', authorization);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as MyAccount;
};

/** A code of the current step, or of a later one (the check accepts one step ahead). */
const totpCode = (secret: string, stepsAhead = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

const NEW_PASSWORD = 'a quite long and new passphrase';

describe('my account', () => {
  it('answers any signed-in user, with or without groups', async () => {
    const account = await accountOf(await bearer('nogroups@example.com'));
    expect(account).toMatchObject({
      email: 'nogroups@example.com',
      givenName: 'Nora',
      totpEnabled: false,
      recoveryCodesLeft: 0,
      passkeys: [],
      mfaRequired: false,
    });
    expect(account.sessions).toHaveLength(1);
    expect(account.sessions[0]).toMatchObject({ current: true });
    expect(Date.parse(account.sessions[0]!.signedInAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await call('myAccount', 'Bearer nonsense')).toMatchObject({ status: 401 });
  });
});

describe('changing the password', () => {
  const EMAIL = 'idcard@example.com';

  it('refuses a wrong current password, counting it as a failed sign-in', async () => {
    const auth = await bearer(EMAIL);
    const wrong = await call('changePassword', auth, {
      currentPassword: 'not my password',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: ['The current password is not correct.'] });
    const [throttle] = await t.db
      .select()
      .from(signInThrottles)
      .where(eq(signInThrottles.key, `account:${EMAIL}`));
    expect(throttle?.failures).toBe(1);
  });

  it('checks no password while the sign-in throttle locks the account', async () => {
    const auth = await bearer('funding@example.com');
    const attempt = (currentPassword: string) =>
      call('changePassword', auth, { currentPassword, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong ${i}`)).status).toBe(400);
    const locked = await attempt(DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.detail).toMatch(/^Too many failed attempts\. Try again in \d+ minutes?\.$/);
    await t.db.delete(signInThrottles);
  });

  it('refuses a common new password and one that does not match its confirmation', async () => {
    const auth = await bearer(EMAIL);
    const common = await call('changePassword', auth, {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'passwordpassword',
      confirmPassword: 'passwordpassword',
    });
    expect(common.status).toBe(400);
    expect((common.body.errors as Record<string, string[]>).newPassword).toContain(
      'This password is too common. Choose another.',
    );
    const differ = await call('changePassword', auth, {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}!`,
    });
    expect(differ.status).toBe(400);
    expect((differ.body.errors as Record<string, string[]>).confirmPassword).toEqual(['The passwords do not match.']);
  });

  it('changes it: the notice arrives, other sessions end, this one stays, only the new password signs in', async () => {
    const auth = await bearer(EMAIL);
    const other = await bearer(EMAIL);
    expect((await accountOf(auth)).sessions.length).toBeGreaterThanOrEqual(2);

    const changed = await call('changePassword', auth, {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed).toEqual({ status: 200, body: { ok: true } });
    await inbox.waitForMail(EMAIL, { subject: /your password was changed/ });

    const after = await accountOf(auth);
    expect(after.sessions).toHaveLength(1);
    expect(after.sessions[0]!.current).toBe(true);
    // The other token's grant is gone (never checked alive before, so refused at once).
    expect((await call('myAccount', other)).status).toBe(401);

    const old = await LoginSession.open(injectSend(t.app), TEST_PUBLIC_URL);
    expect((await old.submit(EMAIL, DEMO_PASSWORD)).code).toBeNull();
    await t.db.delete(signInThrottles);
    expect(await accountOf(await bearer(EMAIL, NEW_PASSWORD))).toMatchObject({ email: EMAIL });
  });
});

describe('two-step verification', () => {
  const EMAIL = 'claims@example.com';
  let auth = '';
  beforeAll(async () => {
    auth = await bearer(EMAIL);
  });

  it('offers new recovery codes only with a second factor', async () => {
    const refused = await call('newRecoveryCodes', auth);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Set up two-step verification first.');
  });

  it('sets up TOTP with a code from the scanned secret and answers the recovery codes once', async () => {
    const started = await call('startTotpSetup', auth);
    expect(started.status).toBe(200);
    const setup = started.body as unknown as TotpSetup;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(setup.pending).not.toContain(setup.secret);
    // Nothing is stored yet.
    const [before] = await t.db.select().from(users).where(eq(users.email, EMAIL));
    expect(before!.totpSecret).toBeNull();

    const code = totpCode(setup.secret);
    const wrong = await call('confirmTotpSetup', auth, {
      pending: setup.pending,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({
      code: ['That code is not right. Check the time on your phone and try again.'],
    });
    const tampered = await call('confirmTotpSetup', auth, { pending: `${setup.pending.slice(0, -4)}AAAA`, code });
    expect(tampered.body.errors).toEqual({ code: ['Start the setup again.'] });
    // A setup is bound to the user who started it.
    const stranger = await call('confirmTotpSetup', await bearer('finance@example.com'), {
      pending: setup.pending,
      code,
    });
    expect(stranger.body.errors).toEqual({ code: ['Start the setup again.'] });

    const confirmed = await call('confirmTotpSetup', auth, { pending: setup.pending, code });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = confirmed.body as unknown as RecoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes[0]).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    await inbox.waitForMail(EMAIL, { subject: /two-step verification was set up/ });

    const [after] = await t.db.select().from(users).where(eq(users.email, EMAIL));
    expect(after!.totpSecret).toMatch(/^v1\./);
    expect(after!.totpLastStep).toBeGreaterThan(0);
    expect(await accountOf(auth)).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10 });
  });

  it('replaces the recovery codes', async () => {
    const [user] = await t.db.select().from(users).where(eq(users.email, EMAIL));
    const before = await t.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user!.userId));
    const answer = await call('newRecoveryCodes', auth);
    expect(answer.status).toBe(200);
    expect((answer.body as unknown as RecoveryCodes).recoveryCodes).toHaveLength(10);
    const after = await t.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user!.userId));
    expect(after).toHaveLength(10);
    expect(after.map((r) => r.codeHash)).not.toContain(before[0]!.codeHash);
  });
});

describe('sessions', () => {
  const EMAIL = 'reports@example.com';

  const rowsOfGrants = (grantIds: string[]) =>
    t.db
      .select({ kind: oidcModels.kind, id: oidcModels.id })
      .from(oidcModels)
      .where(
        or(inArray(oidcModels.grantId, grantIds), and(eq(oidcModels.kind, 'Grant'), inArray(oidcModels.id, grantIds))),
      );
  const grantOf = (authorization: string) =>
    JSON.parse(Buffer.from(authorization.split('.')[1]!, 'base64url').toString()).gid as string;

  it('lists the sessions and ends one, or every other one; the current one cannot be ended here', async () => {
    const first = await bearer(EMAIL);
    const second = await bearer(EMAIL);
    const third = await bearer(EMAIL);
    const account = await accountOf(first);
    expect(account.sessions).toHaveLength(3);
    expect(account.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(account.sessions[0]!.current).toBe(true);
    for (const session of account.sessions) {
      expect(session.expiresAt && Date.parse(session.expiresAt)).toBeGreaterThan(Date.now());
      // The provider's session id (its cookie's value) never reaches the browser.
      const [row] = await t.db
        .select()
        .from(oidcModels)
        .where(and(eq(oidcModels.kind, 'Session'), eq(oidcModels.id, session.id)));
      expect(row).toBeUndefined();
    }

    const current = account.sessions.find((s) => s.current)!;
    expect((await call('signOutSession', first, { id: current.id })).status).toBe(409);
    expect((await call('signOutSession', first, { id: 'no-such-session' })).status).toBe(404);

    // The second token's session, as the second token sees it.
    const secondSession = (await accountOf(second)).sessions.find((s) => s.current)!;
    const secondGrant = grantOf(second);
    expect(await rowsOfGrants([secondGrant])).not.toHaveLength(0);
    expect(await call('signOutSession', first, { id: secondSession.id })).toEqual({ status: 200, body: { ok: true } });
    expect(await rowsOfGrants([secondGrant])).toHaveLength(0);
    expect((await accountOf(first)).sessions).toHaveLength(2);

    const thirdGrant = grantOf(third);
    // A grant no session holds any more (its session expired; its refresh token lives on).
    await t.db.insert(oidcModels).values([
      { kind: 'Grant', id: 'orphan-grant', payload: { accountId: 'user-reports', clientId: 'group-portal' } },
      {
        kind: 'RefreshToken',
        id: 'orphan-refresh',
        grantId: 'orphan-grant',
        payload: { accountId: 'user-reports', grantId: 'orphan-grant' },
      },
    ]);
    expect(await call('signOutOtherSessions', first)).toEqual({ status: 200, body: { ok: true } });
    expect(await rowsOfGrants(['orphan-grant'])).toHaveLength(0);
    const left = await accountOf(first);
    expect(left.sessions).toHaveLength(1);
    expect(left.sessions[0]!.current).toBe(true);
    expect(await rowsOfGrants([thirdGrant])).toHaveLength(0);
    // Never seen alive by the grant check, so refused at once (a seen one within GRANT_CHECK_TTL_MS).
    expect((await call('myAccount', third)).status).toBe(401);
    expect(await rowsOfGrants([grantOf(first)])).not.toHaveLength(0);
    const kinds = await t.db
      .select({ kind: oidcModels.kind })
      .from(oidcModels)
      .where(and(inArray(oidcModels.kind, ['Session']), sql`${oidcModels.payload} ->> 'accountId' = 'user-reports'`));
    expect(kinds).toHaveLength(1);
  });
});
