import { and, eq, sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { auditEvents, employers, signInThrottles, userLinks, userRecoveryCodes, users } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed/demo-users';
import { startTestInbox, type TestInbox } from '../test/mail-inbox';
import { injectSend, LoginSession, refreshWith } from '../test/sign-in';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/test-app';

let t: TestApp;
let inbox: TestInbox;
beforeAll(async () => {
  inbox = await startTestInbox();
  t = await createTestApp({ env: { SMTP_URL: inbox.smtpUrl, SIGN_IN_LOCK_SECONDS: '1' } });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const ADMIN = 'admin@example.com';
const GOOD_PASSWORD = 'correct horse battery staple';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

type Page = { status: number; body: string; headers: Record<string, unknown> };

async function get(url: string): Promise<Page> {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}
async function post(url: string, fields: Record<string, string>): Promise<Page> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: FORM,
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}

const pathOf = (link: string) => new URL(link).pathname;
const hiddenPending = (body: string) => /name="pending" value="([^"]+)"/.exec(body)?.[1] ?? '';
/** The manual-entry key on the enrolment page, without its spaces. */
const secretOn = (body: string) => (/<code id="totp-secret">([^<]+)<\/code>/.exec(body)?.[1] ?? '').replace(/\s/g, '');
const recoveryCodesOn = (body: string) =>
  [...body.matchAll(/<li><code>([0-9A-Z-]{19})<\/code><\/li>/g)].map((m) => m[1]!);
/** A code of the current step, or of a later one (the check accepts one step ahead). */
const totpCode = (secret: string, stepsAhead = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

async function invite(email: string, givenName = 'Pat'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: endpointUrl(endpoints.inviteUser),
    headers: await t.auth(ADMIN),
    payload: { employerPK: 2, email, givenName, familyName: 'Tester', roles: ['HR'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await inbox.waitForMail(email, { subject: /invited/ });
  const link = mail.links.find((l) => l.includes('/idp/invitation/'));
  expect(link).toBeTruthy();
  return pathOf(link!);
}

async function passwordStep(email: string, password = GOOD_PASSWORD) {
  const session = await LoginSession.open(injectSend(t.app), TEST_PUBLIC_URL);
  const page = await session.submit(email, password);
  return { session, page };
}

const clearThrottles = () => t.db.delete(signInThrottles);
const auditOf = (actor: string, action: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.actor, actor), eq(auditEvents.action, action)));

/** The recovery codes of the user enrolled at the invitation; [0] is used at sign-in, [1] for a reset. */
let mfaCodes: string[] = [];

describe('accepting an invitation', () => {
  let secret = '';
  let codes: string[] = [];
  const EMAIL = 'mfa.user@example.com';

  it('sets a password (common ones and the e-mail refused), enrols TOTP and shows recovery codes once', async () => {
    const path = await invite(EMAIL);
    const setUp = await get(path);
    expect(setUp.status).toBe(200);
    expect(setUp.headers['content-security-policy']).toContain("default-src 'none'");
    expect(setUp.body).toContain('<title>Set up your account – Benefits Portal</title>');
    expect(setUp.body).toContain(`value="${EMAIL}"`);
    expect(setUp.body).toContain('autocomplete="new-password"');
    expect(setUp.body).toMatch(/at least 15 characters, or at least 8/);

    const common = await post(path, { password: 'passwordpassword', confirm: 'passwordpassword' });
    expect(common.body).toContain('This password is too common');
    expect(common.body).toContain('role="alert"');
    expect(common.body).toContain('aria-invalid="true"');
    const withEmail = await post(path, { password: `my ${EMAIL} pass`, confirm: `my ${EMAIL} pass` });
    expect(withEmail.body).toContain('must not contain your e-mail address');
    const differ = await post(path, { password: GOOD_PASSWORD, confirm: `${GOOD_PASSWORD}!` });
    expect(differ.body).toContain('The passwords do not match.');
    // Nothing of the password is in the page.
    expect(differ.body).not.toContain(GOOD_PASSWORD);

    const enrol = await post(path, { password: GOOD_PASSWORD, confirm: GOOD_PASSWORD });
    expect(enrol.body).toContain('<title>Set up two-step verification – Benefits Portal</title>');
    expect(enrol.body).toMatch(/<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(enrol.body).toContain('Skip for now');
    expect(enrol.body).not.toContain(GOOD_PASSWORD);
    secret = secretOn(enrol.body);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const pending = hiddenPending(enrol.body);

    const wrong = await post(path, { pending, code: '000000' === totpCode(secret) ? '111111' : '000000' });
    expect(wrong.body).toContain('That code is not right');
    // Still invited until the second step is done.
    const [before] = await t.db.select().from(users).where(eq(users.email, EMAIL));
    expect(before).toMatchObject({ status: 'invited', passwordHash: null, totpSecret: null });

    const done = await post(path, { pending, code: totpCode(secret) });
    expect(done.body).toContain('<title>Save your recovery codes – Benefits Portal</title>');
    expect(done.body).toContain('href="/"');
    codes = recoveryCodesOn(done.body);
    mfaCodes = codes;
    expect(codes).toHaveLength(10);

    const [after] = await t.db.select().from(users).where(eq(users.email, EMAIL));
    expect(after!.status).toBe('active');
    expect(after!.passwordHash).toMatch(/^scrypt\$/);
    expect(after!.totpSecret).toMatch(/^v1\./);
    expect(after!.totpSecret).not.toContain(secret);
    expect(after!.totpLastStep).toBeGreaterThan(0);
    const stored = await t.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, after!.userId));
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
    await inbox.waitForMail(EMAIL, { subject: /two-step verification was set up/ });
    expect(await auditOf(after!.userId, 'account.invitation-accepted')).toHaveLength(1);
    expect(await auditOf(after!.userId, 'account.mfa-enrolled')).toHaveLength(1);

    // The link works once.
    const again = await get(path);
    expect(again.status).toBe(400);
    expect(again.body).toContain('This invitation link is no longer valid. Ask your administrator for a new one.');
    expect((await post(path, { pending, code: totpCode(secret, 1) })).status).toBe(400);
  });

  it('signs in with the password and a TOTP code, and refuses the code a second time', async () => {
    const { session, page } = await passwordStep(EMAIL);
    expect(page.code).toBeNull();
    expect(page.body).toContain('<title>Two-step verification – Benefits Portal</title>');
    expect(page.body).toContain('autocomplete="one-time-code"');
    expect(page.body).toContain('inputmode="numeric"');
    expect(page.body).toContain('Use a recovery code instead');
    const code = totpCode(secret, 1);
    const verified = await session.submitStep(page, { code });
    expect(verified.code, verified.body.slice(0, 300)).toBeTruthy();
    const tokens = await session.tokens(verified.code!);
    expect(tokens.access_token).toBeTruthy();

    const replay = await passwordStep(EMAIL);
    const refused = await replay.session.submitStep(replay.page, { code });
    expect(refused.code).toBeNull();
    expect(refused.body).toContain('That code is not right');
    const failures = await auditOf(EMAIL, 'signin.failed');
    expect(failures.at(-1)!.detail).toEqual({ ip: expect.any(String), factor: 'totp' });
    await clearThrottles();
  });

  it('locks after 5 wrong codes, even for a right one then', async () => {
    const { session, page } = await passwordStep(EMAIL);
    let answer = page;
    for (let i = 1; i <= 4; i++) {
      answer = await session.submitStep(answer, { code: '000000' });
      expect(answer.statusCode).toBe(200);
    }
    answer = await session.submitStep(answer, { code: '000000' });
    expect(answer.statusCode).toBe(429);
    expect(answer.body).toContain('Too many failed sign-in attempts');
    const locked = await session.submitStep(answer, { recovery: codes[0]! });
    expect(locked.statusCode).toBe(429);
    expect(locked.code).toBeNull();
    // The recovery code was not looked at, so it still works.
    await clearThrottles();
  });

  it('takes a recovery code once instead of a TOTP code, and says so by mail', async () => {
    const { session, page } = await passwordStep(EMAIL);
    const used = await session.submitStep(page, { recovery: codes[0]!.toLowerCase() });
    expect(used.code).toBeTruthy();
    await inbox.waitForMail(EMAIL, { subject: /a recovery code was used/ });
    const [user] = await t.db.select().from(users).where(eq(users.email, EMAIL));
    expect(await auditOf(user!.userId, 'account.recovery-code-used')).toHaveLength(1);

    const again = await passwordStep(EMAIL);
    const refused = await again.session.submitStep(again.page, { recovery: codes[0]! });
    expect(refused.code).toBeNull();
    expect(refused.body).toContain('That recovery code is not right, or it was used already.');
    expect((await auditOf(EMAIL, 'signin.failed')).at(-1)!.detail).toMatchObject({ factor: 'recovery-code' });
    await clearThrottles();
  });

  it('refuses an expired invitation link', async () => {
    const path = await invite('late.user@example.com');
    await t.db
      .update(userLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(userLinks.tokenHash, sql`encode(sha256(convert_to(${path.split('/').pop()!}, 'UTF8')), 'hex')`));
    const page = await get(path);
    expect(page.status).toBe(400);
    expect(page.body).toContain('This invitation link is no longer valid.');
    expect((await post(path, { password: GOOD_PASSWORD, confirm: GOOD_PASSWORD })).status).toBe(400);
    expect((await get('/idp/invitation/not-a-token')).status).toBe(400);
  });
});

describe('a user without two-step verification', () => {
  const EMAIL = 'plain.user@example.com';

  it('may skip it when no group requires it, and signs in with the password alone', async () => {
    const path = await invite(EMAIL);
    const enrol = await post(path, { password: GOOD_PASSWORD, confirm: GOOD_PASSWORD });
    const ready = await post(path, { pending: hiddenPending(enrol.body), skip: 'yes' });
    expect(ready.body).toContain('Your account is ready');
    const [user] = await t.db.select().from(users).where(eq(users.email, EMAIL));
    expect(user).toMatchObject({ status: 'active', totpSecret: null });
    const { page } = await passwordStep(EMAIL);
    expect(page.code).toBeTruthy();
  });

  it('must set up a second factor with a short password', async () => {
    const path = await invite('short.password@example.com');
    const enrol = await post(path, { password: 'vq7#Lm2!xz', confirm: 'vq7#Lm2!xz' });
    expect(enrol.body).toContain('Set up two-step verification');
    expect(enrol.body).not.toContain('Skip for now');
    const skipped = await post(path, { pending: hiddenPending(enrol.body), skip: 'yes' });
    expect(skipped.body).toContain('Two-step verification is required');
    expect((await t.db.select().from(users).where(eq(users.email, 'short.password@example.com')))[0]!.status).toBe(
      'invited',
    );
  });

  it('leaves the seeded demo users signing in with the password alone', async () => {
    const { page } = await passwordStep('hr@example.com', DEMO_PASSWORD);
    expect(page.code).toBeTruthy();
  });
});

describe('forgot password', () => {
  const PLAIN = 'plain.user@example.com';
  const MFA = 'mfa.user@example.com';
  const NEW_PASSWORD = 'a brand new passphrase';

  async function requestReset(email: string): Promise<Page> {
    return post('/idp/forgot-password', { email });
  }
  const resetMails = (email: string) =>
    inbox.messages.filter((m) => m.to.includes(email) && /Reset your/.test(m.subject));
  /** Asks for a reset link and answers the path of the one mailed. */
  async function resetLinkFor(email: string): Promise<string> {
    const before = resetMails(email).length;
    expect((await requestReset(email)).status).toBe(200);
    await expect.poll(() => resetMails(email).length).toBe(before + 1);
    return pathOf(resetMails(email)[before]!.links.find((l) => l.includes('/idp/reset/'))!);
  }

  it('is linked from the sign-in page', async () => {
    const { page } = await passwordStep('nobody@example.com', 'wrong');
    expect(page.body).toContain('href="/idp/forgot-password"');
    const form = await get('/idp/forgot-password');
    expect(form.status).toBe(200);
    expect(form.body).toContain('<title>Forgot password – Benefits Portal</title>');
  });

  it('answers the same for an unknown address, mails a single-use link, and revokes sessions on reset', async () => {
    const unknown = await requestReset('nobody@example.com');
    const known = await requestReset(PLAIN);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.body).toContain('If an account exists for that address');

    const signedIn = await passwordStep(PLAIN);
    const tokens = await signedIn.session.tokens(signedIn.page.code!);

    const mail = await inbox.waitForMail(PLAIN, { subject: /Reset your/ });
    const path = pathOf(mail.links.find((l) => l.includes('/idp/reset/'))!);
    const form = await get(path);
    expect(form.body).toContain('<title>Choose a new password – Benefits Portal</title>');
    expect(form.body).not.toContain('name="code"');

    const common = await post(path, { password: 'passwordpassword', confirm: 'passwordpassword' });
    expect(common.body).toContain('This password is too common');
    const done = await post(path, { password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(done.body).toContain('Your password was changed. Sign in with it.');
    await inbox.waitForMail(PLAIN, { subject: /your password was changed/ });
    await expect(refreshWith(injectSend(t.app), tokens.refresh_token)).rejects.toThrow(/400/);

    expect((await get(path)).status).toBe(400);
    expect((await passwordStep(PLAIN)).page.code).toBeNull();
    expect((await passwordStep(PLAIN, NEW_PASSWORD)).page.code).toBeTruthy();
    expect(inbox.messages.filter((m) => m.to.includes('nobody@example.com'))).toHaveLength(0);
    await clearThrottles();
  });

  it('refuses an expired link and one replaced by a newer one', async () => {
    const older = await resetLinkFor(PLAIN);
    const newer = await resetLinkFor(PLAIN);
    expect((await get(older)).status).toBe(400);
    expect((await get(newer)).status).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, PLAIN));
    await t.db
      .update(userLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(userLinks.userId, user!.userId), eq(userLinks.kind, 'reset')));
    const expired = await get(newer);
    expect(expired.status).toBe(400);
    expect(expired.body).toContain('This password reset link is no longer valid.');
    expect(
      (await post(newer, { password: 'another fine passphrase', confirm: 'another fine passphrase' })).status,
    ).toBe(400);
  });

  it('asks a user with two-step verification for a code as well', async () => {
    const path = await resetLinkFor(MFA);
    expect((await get(path)).body).toContain('autocomplete="one-time-code"');
    const [before] = await t.db.select().from(users).where(eq(users.email, MFA));

    // Eight characters are enough with a second factor, but the link alone changes nothing.
    const withoutCode = await post(path, { password: 'shortish1', confirm: 'shortish1' });
    expect(withoutCode.status).toBe(200);
    expect(withoutCode.body).toContain('Enter the 6-digit code from your authenticator app, or a recovery code.');
    const wrong = await post(path, { password: 'shortish1', confirm: 'shortish1', code: '000000' });
    expect(wrong.body).toContain('role="alert"');
    const [unchanged] = await t.db.select().from(users).where(eq(users.email, MFA));
    expect(unchanged!.passwordHash).toBe(before!.passwordHash);
    expect((await auditOf(MFA, 'signin.failed')).length).toBeGreaterThan(0);

    const done = await post(path, { password: 'shortish1', confirm: 'shortish1', recovery: mfaCodes[1]! });
    expect(done.body).toContain('Your password was changed. Sign in with it.');
    await inbox.waitForMail(MFA, { subject: /a recovery code was used/ });
    expect(await auditOf(before!.userId, 'account.password-reset')).toHaveLength(1);
    const { page } = await passwordStep(MFA, 'shortish1');
    expect(page.body).toContain('Two-step verification');
    await clearThrottles();
  });

  it('throttles requests per address typed', async () => {
    let last: Page | undefined;
    for (let i = 0; i < 6; i++) last = await requestReset('flood@example.com');
    expect(last!.status).toBe(429);
    expect(last!.body).toContain('Too many requests');
  });
});

describe('a group that requires two-step verification', () => {
  const setRequired = (required: boolean) =>
    t.db.update(employers).set({ mfaRequired: required }).where(eq(employers.employerPK, 2));

  it('offers no skip at the invitation, and enrols users without a second factor at sign-in', async () => {
    const path = await invite('required.user@example.com');
    await setRequired(true);
    try {
      const enrol = await post(path, { password: GOOD_PASSWORD, confirm: GOOD_PASSWORD });
      expect(enrol.body).toContain('Your group requires two-step verification.');
      expect(enrol.body).not.toContain('Skip for now');
      expect((await post(path, { pending: hiddenPending(enrol.body), skip: 'yes' })).body).toContain(
        'Two-step verification is required',
      );

      // A user who skipped before the group required it sets it up at the next sign-in.
      const { session, page } = await passwordStep('plain.user@example.com', 'a brand new passphrase');
      expect(page.code).toBeNull();
      expect(page.body).toContain('Set up two-step verification');
      expect(page.body).not.toContain('Skip for now');
      const secret = secretOn(page.body);
      const codesPage = await session.submitStep(page, { code: totpCode(secret) });
      expect(codesPage.body).toContain('Save these recovery codes');
      expect(recoveryCodesOn(codesPage.body)).toHaveLength(10);
      const next = /<a href="([^"]+)">Continue<\/a>/.exec(codesPage.body)?.[1];
      const finished = await session.visit(next!);
      expect(finished.code).toBeTruthy();
      expect((await session.tokens(finished.code!)).access_token).toBeTruthy();
      await inbox.waitForMail('plain.user@example.com', { subject: /two-step verification was set up/ });
    } finally {
      await setRequired(false);
    }
  });
});
