import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import formbody from '@fastify/formbody';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { decodeJwt, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier } from '../auth/verify-token';
import { auditEvents } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { DEMO_PASSWORD, seedDemoUsers } from '../db/seed/demo-users';
import { registerIdentityProvider } from './interactions';
import { createGrantCheck } from './grant-check';
import { createIdentityProvider } from './provider';
import { DEFAULT_THROTTLE_POLICY } from './sign-in-throttle';

const CLIENT_ID = 'benefits-portal';
const API_AUDIENCE = 'http://127.0.0.1/api';
const SCOPE = 'openid email enrollment.group mygroup.group offline_access';

let app: FastifyInstance;
let database: TestDatabase;
let port: number;
let origin: string;
let issuer: string;
let redirectUri: string;
let postLogoutRedirectUri: string;
let jwks: JSONWebKeySet;

// The issuer must name the port before the provider exists, so take a free one first.
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A browser's cookie handling, as much of it as the flow needs: name, value and path. */
class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute('path') ?? '/';
      const expires = attribute('expires');
      const key = `${name};${path}`;
      if (!value || (expires && Date.parse(expires) <= Date.now())) this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
  }

  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies.entries()]
      .filter(([, c]) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map(([key, c]) => `${key.split(';')[0]}=${c.value}`)
      .join('; ');
  }
}

async function request(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(response);
  return response;
}

function locationOf(response: Response, base: string): string {
  const location = response.headers.get('location');
  expect(location, `status ${response.status} without a Location`).toBeTruthy();
  return new URL(location!, base).href;
}

function form(values: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams(values).toString(),
  };
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(params: Record<string, string>): string {
  const url = new URL(`${issuer}/auth`);
  for (const [name, value] of Object.entries({
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: SCOPE,
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    ...params,
  })) {
    url.searchParams.set(name, value);
  }
  return url.href;
}

/** Starts an authorization request and returns the login page's URL. */
async function startSignIn(jar: CookieJar, challenge: string): Promise<string> {
  const response = await request(jar, authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }));
  expect(response.status).toBe(303);
  return locationOf(response, issuer);
}

/** Follows redirects the way a browser would, stopping at the client's redirect URI. */
async function followToClient(jar: CookieJar, response: Response): Promise<URL> {
  let current = response;
  for (let hops = 0; hops < 10; hops++) {
    expect([302, 303]).toContain(current.status);
    const next = locationOf(current, origin);
    if (next.startsWith(redirectUri)) return new URL(next);
    current = await request(jar, next);
  }
  throw new Error('too many redirects');
}

async function signIn(email: string): Promise<{ jar: CookieJar; code: string; verifier: string }> {
  const jar = new CookieJar();
  const { verifier, challenge } = pkce();
  const loginUrl = await startSignIn(jar, challenge);
  const response = await request(jar, `${loginUrl}/login`, form({ email, password: DEMO_PASSWORD }));
  const callback = await followToClient(jar, response);
  const code = callback.searchParams.get('code');
  expect(code).toBeTruthy();
  return { jar, code: code!, verifier };
}

type TokenResponse = {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  scope?: string;
  error?: string;
};

async function tokenRequest(values: Record<string, string>): Promise<{ status: number; body: TokenResponse }> {
  const response = await fetch(`${issuer}/token`, form({ client_id: CLIENT_ID, ...values }));
  return { status: response.status, body: (await response.json()) as TokenResponse };
}

async function exchange(code: string, verifier: string) {
  return tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
}

function providerOptions(extra: { sessionMaxSeconds?: number } = {}) {
  return {
    ...extra,
    issuer,
    clientId: CLIENT_ID,
    redirectUris: [redirectUri, `${origin}/silentrenew`],
    postLogoutRedirectUris: [postLogoutRedirectUri],
    apiAudience: API_AUDIENCE,
    db: database.db,
    // Short locks, so a test can wait one out.
    signInPolicy: { ...DEFAULT_THROTTLE_POLICY, baseLockSeconds: 1 },
  };
}

/** One server process's worth of provider, on the shared database. */
async function startProvider(
  extra: { sessionMaxSeconds?: number } = {},
): Promise<{ server: FastifyInstance; jwks: JSONWebKeySet }> {
  const server = Fastify();
  // The app may parse forms globally; the provider must still get its bodies untouched.
  await server.register(formbody);
  const registered = await registerIdentityProvider(server, providerOptions(extra));
  return { server, jwks: registered.jwks };
}

/**
 * A new provider process on the same port and database. The client's pooled connections to the
 * closed one fail once each when next used (however long after the close), so they are used up here,
 * not by the test's next call.
 */
async function restartProvider(extra: { sessionMaxSeconds?: number } = {}): Promise<void> {
  await app.close();
  ({ server: app } = await startProvider(extra));
  await app.listen({ port, host: '127.0.0.1' });
  for (let attempt = 0; attempt < 5; attempt++) {
    const answered = await fetch(`${issuer}/.well-known/openid-configuration`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
  }
  throw new Error('The restarted provider does not answer');
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  // The demo users alone: the provider needs no groups.
  await seedDemoUsers(database.db);
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  issuer = `${origin}/idp`;
  redirectUri = `${origin}/signin-oidc`;
  postLogoutRedirectUri = `${origin}/logout/callback`;

  ({ server: app, jwks } = await startProvider());
  await app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('identity provider', () => {
  it('publishes discovery with endpoints under /idp and S256 as the only PKCE method', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(issuer);
    expect(discovery.authorization_endpoint).toBe(`${issuer}/auth`);
    expect(discovery.token_endpoint).toBe(`${issuer}/token`);
    expect(discovery.jwks_uri).toBe(`${issuer}/jwks`);
    expect(discovery.end_session_endpoint).toBe(`${issuer}/session/end`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['enrollment.group', 'mygroup.group']));
  });

  it('serves the same public key it returns to the app, without private parts', async () => {
    const served = (await (await fetch(`${issuer}/jwks`)).json()) as JSONWebKeySet;
    expect(served.keys.map((k) => k.kid)).toEqual(jwks.keys.map((k) => k.kid));
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('signs in a broker through our login page and issues an API access token', async () => {
    const jar = new CookieJar();
    const { verifier, challenge } = pkce();
    const loginUrl = await startSignIn(jar, challenge);
    expect(new URL(loginUrl).pathname).toMatch(/^\/idp\/interaction\/[\w-]+$/);

    const page = await request(jar, loginUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Sign in – Benefits Portal</title>');
    expect(html).toContain('<p class="brand">Benefits Portal</p>');
    expect(html).toContain('font:16px/1.5 "Roboto", "Helvetica", "Arial", sans-serif');
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<label for="password">Password<\/label>/);
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(html).not.toContain('Invalid email or password.');

    const wrong = await request(jar, `${loginUrl}/login`, form({ email: 'broker@example.com', password: 'nope' }));
    expect(wrong.status).toBe(200);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toMatch(/role="alert"[^>]*>Invalid email or password\.</);
    expect(wrongHtml).toContain('value="broker@example.com"');

    const right = await request(
      jar,
      `${loginUrl}/login`,
      form({ email: 'broker@example.com', password: DEMO_PASSWORD }),
    );
    const callback = await followToClient(jar, right);
    expect(callback.searchParams.get('iss')).toBe(issuer);
    const code = callback.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const { status, body } = await exchange(code, verifier);
    expect(status).toBe(200);
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(900);
    expect(body.refresh_token).toBeTruthy();

    const accessToken = decodeJwt(body.access_token);
    expect(accessToken).toMatchObject({
      iss: issuer,
      aud: API_AUDIENCE,
      sub: 'user-broker',
      client_id: CLIENT_ID,
      email: 'broker@example.com',
      given_name: 'Brian',
    });
    // The token names the user only: their groups are read from the database on each call.
    for (const claim of ['groupRoles', 'role', 'enrollment.group', 'mygroup.group']) {
      expect(accessToken).not.toHaveProperty([claim]);
    }
    expect(accessToken.exp! - accessToken.iat!).toBe(900);

    const idToken = decodeJwt(body.id_token!);
    expect(idToken).toMatchObject({
      aud: CLIENT_ID,
      email: 'broker@example.com',
      given_name: 'Brian',
    });
    expect(idToken).not.toHaveProperty('groupRoles');

    const verify = createTokenVerifier({ issuer, audience: API_AUDIENCE, jwks });
    const user = await verify(`Bearer ${body.access_token}`);
    expect(user).toEqual({
      sub: 'user-broker',
      email: 'broker@example.com',
      givenName: 'Brian',
      emailVerified: true,
      grantId: expect.any(String),
    });
    // The ID token is for the SPA, not the API.
    await expect(verify(`Bearer ${body.id_token}`)).rejects.toThrow();
  });

  it('verifies tokens against the published jwks_uri as an external provider would be', async () => {
    const { code, verifier } = await signIn('hr@example.com');
    const { body } = await exchange(code, verifier);
    const verify = createTokenVerifier({ issuer, audience: API_AUDIENCE, jwks: new URL(`${issuer}/jwks`) });
    expect((await verify(`Bearer ${body.access_token}`)).sub).toBe('user-hr');
  });

  it('renews silently while the provider session lasts', async () => {
    const { jar } = await signIn('admin@example.com');
    const { verifier, challenge } = pkce();
    const silent = await request(
      jar,
      authorizeUrl({ prompt: 'none', code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    const callback = await followToClient(jar, silent);
    const { status, body } = await exchange(callback.searchParams.get('code')!, verifier);
    expect(status).toBe(200);
    expect(decodeJwt(body.access_token).sub).toBe('user-admin');

    const withoutSession = await request(
      new CookieJar(),
      authorizeUrl({ prompt: 'none', code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    expect(new URL(locationOf(withoutSession, issuer)).searchParams.get('error')).toBe('login_required');
  });

  it('answers token requests from the portal origin only', async () => {
    const { code, verifier } = await signIn('idcard@example.com');
    const response = await fetch(`${issuer}/token`, {
      ...form({
        client_id: CLIENT_ID,
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('rotates refresh tokens and rejects a used one', async () => {
    const { code, verifier } = await signIn('finance@example.com');
    const first = await exchange(code, verifier);
    const oldRefreshToken = first.body.refresh_token!;

    // oidc-client-ts sends back the scope of the previous token response.
    const renewed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: oldRefreshToken,
      scope: first.body.scope!,
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.refresh_token).toBeTruthy();
    expect(renewed.body.refresh_token).not.toBe(oldRefreshToken);
    expect(decodeJwt(renewed.body.access_token)).toMatchObject({
      aud: API_AUDIENCE,
      sub: 'user-finance',
    });

    const reused = await tokenRequest({ grant_type: 'refresh_token', refresh_token: oldRefreshToken });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
  });

  it('refuses a code exchange with the wrong code_verifier', async () => {
    const { code } = await signIn('claims@example.com');
    const { status, body } = await exchange(code, pkce().verifier);
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
  });

  it('rejects the plain PKCE method and requests without PKCE', async () => {
    const { verifier } = pkce();
    const attempts: Record<string, string>[] = [{ code_challenge: verifier, code_challenge_method: 'plain' }, {}];
    for (const params of attempts) {
      const response = await request(new CookieJar(), authorizeUrl(params));
      expect(response.status).toBe(303);
      const back = new URL(locationOf(response, issuer));
      expect(back.href.startsWith(redirectUri)).toBe(true);
      expect(back.searchParams.get('error')).toBe('invalid_request');
      expect(back.searchParams.get('code')).toBeNull();
    }
  });

  it('lets a user without groups sign in, with no group claims in the token', async () => {
    const { code, verifier } = await signIn('nogroups@example.com');
    const { status, body } = await exchange(code, verifier);
    expect(status).toBe(200);
    const accessToken = decodeJwt(body.access_token);
    expect(accessToken.sub).toBe('user-nogroups');
    expect(accessToken).not.toHaveProperty('groupRoles');
    expect(accessToken).not.toHaveProperty(['enrollment.group']);
    const verify = createTokenVerifier({ issuer, audience: API_AUDIENCE, jwks });
    expect((await verify(`Bearer ${body.access_token}`)).sub).toBe('user-nogroups');
  });

  it('escapes what the user typed when the login page is shown again', async () => {
    const jar = new CookieJar();
    const loginUrl = await startSignIn(jar, pkce().challenge);
    const response = await request(jar, `${loginUrl}/login`, form({ email: '"><script>x()</script>', password: 'x' }));
    const html = await response.text();
    expect(html).not.toContain('<script>x()');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;x()&lt;/script&gt;"');
  });

  it('says on the sign-in page that an idle logoff ended the session, only when asked so', async () => {
    const notice = 'You were signed out because of inactivity. Sign in again to continue.';
    const loginHtml = async (extra: Record<string, string>) => {
      const jar = new CookieJar();
      const { challenge } = pkce();
      const started = await request(
        jar,
        authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256', ...extra }),
      );
      return (await request(jar, locationOf(started, issuer))).text();
    };
    expect(await loginHtml({ signed_out: 'inactivity' })).toContain(`<p role="status">${notice}</p>`);
    expect(await loginHtml({})).not.toContain(notice);
    expect(await loginHtml({ signed_out: '<b>other</b>' })).not.toContain('other');
  });

  it('renders its errors with our own page', async () => {
    const response = await fetch(authorizeUrl({ client_id: '<unknown>' }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<h1>Sign-in problem</h1>');
    expect(html).not.toContain('<unknown>');
  });

  it('shows an expired page for an unknown interaction', async () => {
    const response = await fetch(`${issuer}/interaction/unknown`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Sign-in expired');
  });

  it('logs out in one step and returns to the post-logout redirect URI', async () => {
    const { jar, code, verifier } = await signIn('reports@example.com');
    const { body } = await exchange(code, verifier);

    const endSession = new URL(`${issuer}/session/end`);
    endSession.searchParams.set('id_token_hint', body.id_token!);
    endSession.searchParams.set('post_logout_redirect_uri', postLogoutRedirectUri);
    endSession.searchParams.set('state', 'bye');
    const page = await request(jar, endSession.href);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('document.forms[0].submit()');

    // What the page's script does: submit the provider's form as it stands.
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    expect(action).toBe(`${issuer}/session/end/confirm`);
    expect(fields.logout).toBe('yes');
    const confirmed = await request(jar, action!, form(fields as Record<string, string>));
    expect(confirmed.status).toBe(303);
    expect(locationOf(confirmed, origin)).toBe(`${postLogoutRedirectUri}?state=bye`);

    // The refresh token died with the session.
    const renewed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: body.refresh_token! });
    expect(renewed.status).toBe(400);
  });

  it('refuses the access token of a grant that logout or refresh-token reuse revoked', async () => {
    // A fresh check per call (no remembered grants), as the API sees it once its cache entry lapses.
    const verify = createTokenVerifier({
      issuer,
      audience: API_AUDIENCE,
      jwks,
      isGrantActive: createGrantCheck(database.db, 0),
    });

    const { jar, code, verifier } = await signIn('reports@example.com');
    const { body } = await exchange(code, verifier);
    await expect(verify(`Bearer ${body.access_token}`)).resolves.toMatchObject({ email: 'reports@example.com' });
    const endSession = new URL(`${issuer}/session/end`);
    endSession.searchParams.set('id_token_hint', body.id_token!);
    const page = await (await request(jar, endSession.href)).text();
    const fields = Object.fromEntries(
      [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    expect((await request(jar, `${issuer}/session/end/confirm`, form(fields as Record<string, string>))).status).toBe(
      303,
    );
    await expect(verify(`Bearer ${body.access_token}`)).rejects.toMatchObject({ message: 'Access token was revoked' });

    const second = await signIn('reports@example.com');
    const tokens = await exchange(second.code, second.verifier);
    const rotated = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token! });
    expect(rotated.status).toBe(200);
    await expect(verify(`Bearer ${rotated.body.access_token}`)).resolves.toBeTruthy();
    // The first refresh token again: taken for a stolen one, so the grant and its tokens go.
    expect(
      (await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token! })).status,
    ).toBe(400);
    await expect(verify(`Bearer ${rotated.body.access_token}`)).rejects.toMatchObject({
      message: 'Access token was revoked',
    });
  });

  it('remembers a live grant for a while, so a busy user costs one lookup per period', async () => {
    const check = createGrantCheck(database.db, 60_000);
    const { code, verifier } = await signIn('idcard@example.com');
    const { body } = await exchange(code, verifier);
    const gid = decodeJwt(body.access_token).gid as string;
    expect(await check(gid)).toBe(true);
    expect(await check('no-such-grant')).toBe(false);
  });

  it('locks an account after 5 wrong passwords, says so the same way for an unknown one, and audits it', async () => {
    const attempt = async (email: string, password: string) => {
      const jar = new CookieJar();
      const loginUrl = await startSignIn(jar, pkce().challenge);
      const response = await request(jar, `${loginUrl}/login`, form({ email, password }));
      return {
        status: response.status,
        html: response.status === 200 || response.status === 429 ? await response.text() : '',
      };
    };
    const locked = /role="alert"[^>]*>Too many failed sign-in attempts\. Try again in 1 minute\.</;

    for (const email of ['claims@example.com', 'nobody-here@example.com']) {
      for (let i = 1; i <= 4; i++)
        expect((await attempt(email, `wrong-${i}`)).html).toContain('Invalid email or password.');
      const fifth = await attempt(email, 'wrong-5');
      expect(fifth.status).toBe(429);
      expect(fifth.html).toMatch(locked);
      // Refused while locked (checked at once: the tests' lock lasts a second), even with the right
      // password and whatever case the address is typed in.
      const refused = await attempt(email.replace(/^./, (c) => c.toUpperCase()).replace('@e', '@E'), DEMO_PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.html).toMatch(locked);
    }

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await attempt('claims@example.com', DEMO_PASSWORD)).status).toBe(303);

    const audited = await database.db
      .select({ actor: auditEvents.actor, action: auditEvents.action, detail: auditEvents.detail })
      .from(auditEvents)
      .where(eq(auditEvents.actor, 'claims@example.com'));
    expect(audited.filter((row) => row.action === 'signin.failed')).toHaveLength(5);
    expect(audited.filter((row) => row.action === 'signin.refused')).toHaveLength(1);
    expect(audited[0]?.detail).toEqual({ ip: '127.0.0.1' });
  });

  it('keeps its signing key in the database, the same for every start', async () => {
    const again = await createIdentityProvider(providerOptions());
    expect(again.jwks).toEqual(jwks);
    const other = await createTestDatabase({ seed: false });
    try {
      const fresh = await createIdentityProvider({ ...providerOptions(), db: other.db });
      expect(fresh.jwks.keys[0]?.kid).not.toBe(jwks.keys[0]?.kid);
    } finally {
      await other.close();
    }
  });

  it('keeps a sign-in across a restart and shares it with a second replica', async () => {
    const { jar, code, verifier } = await signIn('hr@example.com');
    const first = await exchange(code, verifier);
    expect(first.status).toBe(200);

    // Restart: the process goes away with everything it held in memory.
    await restartProvider();

    const verifyAccessToken = createTokenVerifier({ issuer, audience: API_AUDIENCE, jwks });
    await expect(verifyAccessToken(`Bearer ${first.body.access_token}`)).resolves.toMatchObject({
      email: 'hr@example.com',
    });
    const renewed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token!,
      scope: first.body.scope!,
    });
    expect(renewed.status).toBe(200);

    // The provider session (its cookie) also survived: a silent sign-in needs no password.
    const { verifier: silentVerifier, challenge } = pkce();
    const silent = await request(
      jar,
      authorizeUrl({ prompt: 'none', code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    const silentCode = (await followToClient(jar, silent)).searchParams.get('code');
    expect(silentCode).toBeTruthy();
    expect((await exchange(silentCode!, silentVerifier)).status).toBe(200);

    // A second replica on the same database renews the token the first one issued.
    const { server: replica } = await startProvider();
    try {
      const onReplica = await replica.inject({
        method: 'POST',
        url: '/idp/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        payload: new URLSearchParams({
          client_id: CLIENT_ID,
          grant_type: 'refresh_token',
          refresh_token: renewed.body.refresh_token!,
        }).toString(),
      });
      expect(onReplica.statusCode).toBe(200);
      const latest = onReplica.json<TokenResponse>().refresh_token!;

      // Replaying the rotated token on the first replica is seen as theft: the whole grant goes.
      const replayed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: renewed.body.refresh_token! });
      expect(replayed.status).toBe(400);
      const afterReplay = await tokenRequest({ grant_type: 'refresh_token', refresh_token: latest });
      expect(afterReplay.status).toBe(400);
    } finally {
      await replica.close();
    }
  });

  it('ends sessions and refresh tokens at the absolute limit from sign-in, however they are used', async () => {
    // Restarted with a 3-second limit (SESSION_MAX_HOURS in the app).
    await restartProvider({ sessionMaxSeconds: 3 });

    const { jar, code, verifier } = await signIn('hr@example.com');
    const first = await exchange(code, verifier);
    expect(first.status).toBe(200);
    const authTime = decodeJwt(first.body.access_token).auth_time;
    expect(authTime).toEqual(expect.any(Number));
    // Used within the limit: renewal works and keeps the sign-in time.
    const renewed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token! });
    expect(renewed.status).toBe(200);
    expect(decodeJwt(renewed.body.access_token).auth_time).toBe(authTime);

    await new Promise((resolve) => setTimeout(resolve, 3_500));
    const late = await tokenRequest({ grant_type: 'refresh_token', refresh_token: renewed.body.refresh_token! });
    expect(late.status).toBe(400);
    const { challenge } = pkce();
    const silent = await request(
      jar,
      authorizeUrl({ prompt: 'none', code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    expect(new URL(locationOf(silent, issuer)).searchParams.get('error')).toBe('login_required');

    // An access token issued before the limit is refused once the sign-in is older than the limit.
    const verifyAt = (offsetMs: number) =>
      createTokenVerifier({
        issuer,
        audience: API_AUDIENCE,
        jwks,
        sessionMaxSeconds: 3,
        now: () => Date.now() + offsetMs,
      });
    await expect(verifyAt(0)(`Bearer ${renewed.body.access_token}`)).resolves.toMatchObject({
      email: 'hr@example.com',
    });
    await expect(verifyAt(10_000)(`Bearer ${renewed.body.access_token}`)).rejects.toMatchObject({
      code: 'expired_token',
    });
  });
});
