import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints, type EndpointName } from '../../src/contracts/endpoints';
import type { PasskeySummary } from '../../src/contracts/my-account';
import { auditEvents, employers, userGrants, userPasskeys, users } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed/demo-users';
import { listPasskeys } from '../services/identity';
import { startTestInbox, type TestInbox } from '../test/mail-inbox';
import { injectSend, LoginSession, signInTokens, type Send } from '../test/sign-in';
import { SoftPasskey } from '../test/soft-passkey';
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
type Options = { challenge: string; rp: { id: string; name: string }; user: { id: string; name: string } } & Record<
  string,
  unknown
>;

async function call(name: EndpointName, authorization: string, payload?: object): Promise<Answer> {
  const endpoint = endpoints[name];
  const res = await t.app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint),
    headers: { authorization },
    payload: payload ?? {},
  });
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Record<string, unknown>) : {} };
}

/** One token per user, taken before their first passkey (then the password alone no longer signs in). */
const tokens = new Map<string, Promise<string>>();
const bearer = (email: string) => {
  if (!tokens.has(email))
    tokens.set(
      email,
      signInTokens(injectSend(t.app), email, TEST_PUBLIC_URL).then((answer) => `Bearer ${answer.access_token}`),
    );
  return tokens.get(email)!;
};
const userIdOf = async (email: string) =>
  (await t.db.select({ userId: users.userId }).from(users).where(eq(users.email, email)))[0]!.userId;

async function start(auth: string) {
  const answer = await call('startPasskeyRegistration', auth);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { options: Options; pending: string };
}

/** Registers a software passkey through the two calls, as the My Account page does. */
async function register(auth: string, name = 'Laptop', passkey = new SoftPasskey(TEST_PUBLIC_URL)) {
  const { options, pending } = await start(auth);
  const answer = await call('finishPasskeyRegistration', auth, { pending, name, response: passkey.register(options) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { passkey, summary: (answer.body as { passkey: PasskeySummary }).passkey };
}

describe('registering a passkey', () => {
  const EMAIL = 'claims@example.com';

  it('offers creation options for the portal, the user and none of their passkeys yet', async () => {
    const auth = await bearer(EMAIL);
    const { options, pending } = await start(auth);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Benefits Portal' },
      user: { name: EMAIL },
      excludeCredentials: [],
      attestation: 'none',
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // The user handle is the same on every start: an authenticator replaces its passkey instead of adding one.
    expect((await start(auth)).options.user.id).toBe(options.user.id);
    expect(pending).not.toContain(options.challenge);
  });

  it('keeps the passkey, says so by mail, lists it and excludes it next time', async () => {
    const auth = await bearer(EMAIL);
    const { summary, passkey } = await register(auth, '  Work laptop  ');
    expect(summary).toMatchObject({ id: passkey.id, name: 'Work laptop', lastUsedAt: null });
    expect(Date.parse(summary.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await listPasskeys(t.db, await userIdOf(EMAIL))).toEqual([summary]);
    await expect
      .poll(() => inbox.messages.filter((m) => m.to.includes(EMAIL) && /passkey was added/.test(m.subject)).length)
      .toBe(1);
    const next = await start(auth);
    expect(next.options.excludeCredentials).toEqual([{ id: passkey.id, type: 'public-key', transports: ['internal'] }]);

    // The same authenticator's credential a second time is refused.
    const again = await call('finishPasskeyRegistration', auth, {
      pending: next.pending,
      name: 'Again',
      response: passkey.register(next.options),
    });
    expect(again).toMatchObject({ status: 409 });
  });

  it('answers 400 with a clear message for a bad answer, never 500', async () => {
    const auth = await bearer(EMAIL);
    const { options, pending } = await start(auth);
    const passkey = new SoftPasskey(TEST_PUBLIC_URL);
    const cases: [string, object][] = [
      ['garbage', { pending, name: 'X', response: { id: 'x', nonsense: true } }],
      ['another origin', { pending, name: 'X', response: passkey.register(options, { origin: 'https://evil.test' }) }],
      ['another RP', { pending, name: 'X', response: passkey.register(options, { rpId: 'evil.test' }) }],
      ['another challenge', { pending, name: 'X', response: passkey.register({ ...options, challenge: 'AAAA' }) }],
    ];
    for (const [what, payload] of cases) {
      const answer = await call('finishPasskeyRegistration', auth, payload);
      expect(answer.status, what).toBe(400);
      expect(answer.body.detail, what).toBe('The passkey could not be verified. Try adding it again.');
    }
    const tampered = `${pending.slice(0, -4)}AAAA`;
    const answer = await call('finishPasskeyRegistration', auth, {
      pending: tampered,
      name: 'X',
      response: passkey.register(options),
    });
    expect(answer).toMatchObject({ status: 400, body: { detail: expect.stringMatching(/took too long/) } });
    // Another user's pending registration is not theirs to finish.
    const other = await call('finishPasskeyRegistration', await bearer('finance@example.com'), {
      pending,
      name: 'X',
      response: passkey.register(options),
    });
    expect(other).toMatchObject({ status: 400, body: { detail: expect.stringMatching(/took too long/) } });
    // The contract's own checks: a name is required.
    expect(await call('finishPasskeyRegistration', auth, { pending, name: ' ', response: {} })).toMatchObject({
      status: 400,
    });
  });
});

describe('removing a passkey', () => {
  it("removes one's own only", async () => {
    const auth = await bearer('funding@example.com');
    const { summary } = await register(auth);
    const stranger = await call('removePasskey', await bearer('invoice@example.com'), { id: summary.id });
    expect(stranger).toMatchObject({ status: 404 });
    expect(await call('removePasskey', auth, { id: 'no-such-passkey' })).toMatchObject({ status: 404 });
    expect(await call('removePasskey', auth, { id: summary.id })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await listPasskeys(t.db, await userIdOf('funding@example.com'))).toEqual([]);
  });

  it('keeps the last second factor of a user whose group requires one', async () => {
    const EMAIL = 'reports@example.com';
    const auth = await bearer(EMAIL);
    const first = await register(auth, 'First');
    const second = await register(auth, 'Second');
    const userId = await userIdOf(EMAIL);
    const groups = t.db.select({ pk: userGrants.employerPK }).from(userGrants).where(eq(userGrants.userId, userId));
    await t.db.update(employers).set({ mfaRequired: true }).where(inArray(employers.employerPK, groups));
    try {
      expect(await call('removePasskey', auth, { id: first.summary.id })).toMatchObject({ status: 200 });
      const last = await call('removePasskey', auth, { id: second.summary.id });
      expect(last).toMatchObject({ status: 409, body: { detail: expect.stringMatching(/only second factor/) } });
      expect((await listPasskeys(t.db, userId)).map((p) => p.id)).toEqual([second.summary.id]);
    } finally {
      await t.db.update(employers).set({ mfaRequired: false }).where(inArray(employers.employerPK, groups));
    }
  });
});

/** The sign-in's exchanges, with the headers of the last answer (the page's CSP). */
function recordingSend() {
  const seen: { headers: Record<string, unknown> } = { headers: {} };
  const send: Send = async ({ method, url, headers, payload }) => {
    const response = await t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
    seen.headers = response.headers;
    const cookies = response.headers['set-cookie'];
    return {
      statusCode: response.statusCode,
      location: response.headers.location === undefined ? null : String(response.headers.location),
      setCookies: Array.isArray(cookies) ? cookies : cookies ? [cookies] : [],
      body: response.body,
    };
  };
  return { send, seen };
}

const unescape = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
const passkeyOptionsOf = (page: string) =>
  JSON.parse(unescape(/data-options="([^"]*)"/.exec(page)?.[1] ?? '{}')) as Options & {
    rpId: string;
    allowCredentials: { id: string }[];
    userVerification: string;
  };

describe('signing in with a passkey', () => {
  const EMAIL = 'auditor@example.com';
  let passkey: SoftPasskey;
  beforeAll(async () => {
    ({ passkey } = await register(await bearer(EMAIL), 'Key'));
  });

  async function passwordStep() {
    const { send, seen } = recordingSend();
    const session = await LoginSession.open(send, TEST_PUBLIC_URL);
    const page = await session.submit(EMAIL, DEMO_PASSWORD);
    return { session, page, seen };
  }

  it('asks for the passkey after the password, with the two script files the CSP allows', async () => {
    const { page, seen } = await passwordStep();
    expect(page.code).toBeNull();
    expect(page.body).toContain('Two-step verification');
    expect(page.body).toContain('Use a passkey');
    // Passkeys only: no authenticator-app code is asked for.
    expect(page.body).not.toContain('6-digit code');
    expect(seen.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(page.body).not.toMatch(/<script>/);
    const options = passkeyOptionsOf(page.body);
    expect(options).toMatchObject({
      rpId: 'localhost',
      allowCredentials: [{ id: passkey.id, type: 'public-key' }],
      userVerification: 'preferred',
    });

    const scripts = [...page.body.matchAll(/<script src="([^"]+)" integrity="([^"]+)" defer><\/script>/g)];
    expect(scripts.map((m) => m[1])).toEqual([
      expect.stringMatching(/^\/idp\/assets\/simplewebauthn-browser\.[0-9a-f]{12}\.js$/),
      expect.stringMatching(/^\/idp\/assets\/passkey-sign-in\.[0-9a-f]{12}\.js$/),
    ]);
    for (const [, src] of scripts) {
      const res = await t.app.inject({ method: 'GET', url: src! });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('finishes the sign-in with a good signature and records its use', async () => {
    const { session, page } = await passwordStep();
    const response = passkey.authenticate(passkeyOptionsOf(page.body));
    const done = await session.submitStep(page, { response: JSON.stringify(response) });
    expect(done.code).toBeTruthy();
    expect((await session.tokens(done.code!)).access_token).toBeTruthy();
    const [row] = await t.db.select().from(userPasskeys).where(eq(userPasskeys.credentialId, passkey.id));
    expect(row!.counter).toBe(passkey.counter);
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('counts a bad or replayed signature as a failed sign-in', async () => {
    const failures = async () =>
      (
        await t.db
          .select({ detail: auditEvents.detail })
          .from(auditEvents)
          .where(and(eq(auditEvents.actor, EMAIL), eq(auditEvents.action, 'signin.failed')))
          .orderBy(desc(auditEvents.auditEventPK))
      ).length;
    const before = await failures();
    const { session, page } = await passwordStep();
    const options = passkeyOptionsOf(page.body);
    const cases = [
      JSON.stringify({ id: passkey.id }),
      JSON.stringify(passkey.authenticate({ ...options, challenge: 'AAAA' })),
      JSON.stringify(passkey.authenticate(options, { origin: 'https://evil.test' })),
      // A cloned authenticator: a count it has shown already.
      JSON.stringify(passkey.authenticate(options, { counter: 1 })),
    ];
    for (const response of cases) {
      const again = await session.submitStep(page, { response });
      expect(again.code, response.slice(0, 40)).toBeNull();
      expect(again.body).toContain('That passkey could not be verified');
    }
    // The fifth failure locks the account, as five wrong codes do.
    const locked = await session.submitStep(page, {
      response: JSON.stringify(new SoftPasskey(TEST_PUBLIC_URL).authenticate(options)),
    });
    expect(locked.statusCode).toBe(429);
    expect(await failures()).toBe(before + cases.length + 1);
    const [last] = await t.db
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.actor, EMAIL), eq(auditEvents.action, 'signin.failed')))
      .orderBy(desc(auditEvents.auditEventPK))
      .limit(1);
    expect(last!.detail).toMatchObject({ factor: 'passkey' });
    // Reset the account's failure count for the other tests.
    await t.db.execute(sql`delete from sign_in_throttles`);
  });
});
