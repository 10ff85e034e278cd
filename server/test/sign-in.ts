import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../db/seed/demo-users';

const base64url = (buffer: Buffer) => buffer.toString('base64url');

type Exchange = { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string };
type Answer = { statusCode: number; location: string | null; setCookies: string[]; body: string };
/** One HTTP exchange, without following redirects: in-process (`inject`) or over the network. */
export type Send = (exchange: Exchange) => Promise<Answer>;

export function injectSend(app: FastifyInstance): Send {
  return async ({ method, url, headers, payload }) => {
    const response = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
    const cookies = response.headers['set-cookie'];
    return {
      statusCode: response.statusCode,
      location: response.headers.location === undefined ? null : String(response.headers.location),
      setCookies: Array.isArray(cookies) ? cookies : cookies ? [cookies] : [],
      body: response.body,
    };
  };
}

/** Over real HTTP to a listening server; `url` is a path, resolved against `base`. */
export function httpSend(base: string): Send {
  return async ({ method, url, headers, payload }) => {
    const response = await fetch(new URL(url, base), { method, headers, body: payload, redirect: 'manual' });
    return {
      statusCode: response.status,
      location: response.headers.get('location'),
      setCookies: response.headers.getSetCookie(),
      body: await response.text(),
    };
  };
}

/** A minimal cookie jar for the provider's session and interaction cookies. */
class CookieJar {
  private cookies = new Map<string, string>();
  store(answer: Answer) {
    for (const line of answer.setCookies) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      // An empty or expired cookie is the provider clearing it.
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export type Tokens = { access_token: string; refresh_token: string; id_token: string };

async function tokenCall(send: Send, form: Record<string, string>): Promise<Tokens> {
  const answer = await send({
    method: 'POST',
    url: '/idp/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: 'group-portal', ...form }).toString(),
  });
  if (answer.statusCode !== 200)
    throw new Error(`token call answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
  return JSON.parse(answer.body) as Tokens;
}

/** What the SPA's silent renewal does: a new access token (and a rotated refresh token). */
export function refreshWith(send: Send, refreshToken: string): Promise<Tokens> {
  return tokenCall(send, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

type Submitted = { statusCode: number; body: string; code: string | null };

/**
 * One sign-in through the real embedded provider (authorization code + PKCE, our login page), held
 * at the login form so that passwords can be tried on it, as a person at the form would.
 */
export class LoginSession {
  private jar = new CookieJar();
  private verifier = base64url(randomBytes(32));
  private action = '';
  private readonly redirectUri: string;

  private constructor(
    private readonly send: Send,
    private readonly publicUrl: string,
  ) {
    this.redirectUri = `${publicUrl}/signin-oidc`;
  }

  static async open(send: Send, publicUrl = 'http://localhost'): Promise<LoginSession> {
    const session = new LoginSession(send, publicUrl);
    const authorize = new URLSearchParams({
      client_id: 'group-portal',
      response_type: 'code',
      scope: 'openid email profile offline_access enrollment.group mygroup.group',
      redirect_uri: session.redirectUri,
      code_challenge: base64url(createHash('sha256').update(session.verifier).digest()),
      code_challenge_method: 'S256',
      state: base64url(randomBytes(8)),
    });
    const reached = await session.follow(await session.send({ method: 'GET', url: `/idp/auth?${authorize}` }));
    if (reached.code !== null) throw new Error('the provider answered a code before the login form');
    return session;
  }

  /** Posts the login form; a success follows the provider's redirects to the authorization code. */
  async submit(email: string, password: string): Promise<Submitted> {
    const answer = await this.send({
      method: 'POST',
      url: this.action,
      headers: { cookie: this.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password }).toString(),
    });
    return this.follow(answer);
  }

  /**
   * Posts the form of a step the sign-in stopped at (two-step verification, setting it up) with its
   * hidden fields and `fields`. A page without a form (the recovery codes) is answered as it is.
   */
  async submitStep(page: Submitted, fields: Record<string, string>): Promise<Submitted> {
    const hiddenFields = Object.fromEntries(
      [...page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1] ?? '',
        (m[2] ?? '').replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
      ]),
    );
    const answer = await this.send({
      method: 'POST',
      url: this.action,
      headers: { cookie: this.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...hiddenFields, ...fields }).toString(),
    });
    if (answer.statusCode === 200 && !/<form/.test(answer.body)) {
      this.jar.store(answer);
      return { statusCode: answer.statusCode, body: answer.body, code: null };
    }
    return this.follow(answer);
  }

  /** Follows a link of a page the sign-in stopped at (e.g. "Continue" after the recovery codes). */
  async visit(href: string): Promise<Submitted> {
    const url = new URL(href.replaceAll('&amp;', '&'), this.publicUrl);
    return this.follow(
      await this.send({ method: 'GET', url: url.pathname + url.search, headers: { cookie: this.jar.header() } }),
    );
  }

  tokens(code: string): Promise<Tokens> {
    return tokenCall(this.send, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.redirectUri,
      code_verifier: this.verifier,
    });
  }

  /** Follows redirects until the code comes back or a page with a form (the login form) is shown. */
  private async follow(first: Answer): Promise<Submitted> {
    let answer = first;
    for (let hop = 0; hop < 10; hop++) {
      this.jar.store(answer);
      if (answer.statusCode >= 300 && answer.statusCode < 400 && answer.location) {
        const location = new URL(answer.location, this.publicUrl);
        if (location.href.startsWith(this.redirectUri)) {
          return { statusCode: answer.statusCode, body: answer.body, code: location.searchParams.get('code') };
        }
        answer = await this.send({
          method: 'GET',
          url: location.pathname + location.search,
          headers: { cookie: this.jar.header() },
        });
        continue;
      }
      const action = /<form[^>]*action="([^"]+)"/.exec(answer.body)?.[1];
      if (!action) throw new Error(`sign-in stopped at ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
      this.action = action.replaceAll('&amp;', '&');
      return { statusCode: answer.statusCode, body: answer.body, code: null };
    }
    throw new Error('sign-in redirected too often');
  }
}

/** Signs in with the demo password and returns the tokens the SPA would hold. */
export async function signInTokens(send: Send, email: string, publicUrl = 'http://localhost'): Promise<Tokens> {
  const session = await LoginSession.open(send, publicUrl);
  const { code, statusCode, body } = await session.submit(email, DEMO_PASSWORD);
  if (!code) throw new Error(`sign-in of ${email} refused (${statusCode}): ${body.slice(0, 200)}`);
  return session.tokens(code);
}

export async function signInWith(send: Send, email: string, publicUrl = 'http://localhost'): Promise<string> {
  return (await signInTokens(send, email, publicUrl)).access_token;
}

/** Signs in inside the process. */
export function signIn(app: FastifyInstance, email: string, publicUrl = 'http://localhost') {
  return signInWith(injectSend(app), email, publicUrl);
}
