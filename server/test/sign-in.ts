import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../idp/accounts';

const base64url = (buffer: Buffer) => buffer.toString('base64url');

/** A minimal cookie jar for the provider's session and interaction cookies. */
class CookieJar {
  private cookies = new Map<string, string>();
  store(response: LightMyRequestResponse) {
    const header = response.headers['set-cookie'];
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Signs in through the real embedded provider (authorization code + PKCE, our login page) inside
 * the process and returns the access token the SPA would hold.
 */
export async function signIn(app: FastifyInstance, email: string, publicUrl = 'http://localhost') {
  const jar = new CookieJar();
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  const redirectUri = `${publicUrl}/signin-oidc`;
  const authorize = new URLSearchParams({
    client_id: 'group-portal',
    response_type: 'code',
    scope: 'openid email profile offline_access enrollment.group mygroup.group',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: base64url(randomBytes(8)),
  });

  let response = await app.inject({ method: 'GET', url: `/idp/auth?${authorize}` });
  let code: string | null = null;
  for (let hop = 0; hop < 10 && !code; hop++) {
    jar.store(response);
    if (response.statusCode >= 300 && response.statusCode < 400) {
      const location = new URL(String(response.headers.location), publicUrl);
      if (location.href.startsWith(redirectUri)) {
        code = location.searchParams.get('code');
        break;
      }
      response = await app.inject({
        method: 'GET',
        url: location.pathname + location.search,
        headers: { cookie: jar.header() },
      });
      continue;
    }
    const action = /<form[^>]*action="([^"]+)"/.exec(response.body)?.[1];
    if (response.statusCode !== 200 || !action)
      throw new Error(`sign-in stopped at ${response.statusCode}: ${response.body.slice(0, 200)}`);
    response = await app.inject({
      method: 'POST',
      url: action.replaceAll('&amp;', '&'),
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password: DEMO_PASSWORD }).toString(),
    });
  }
  if (!code) throw new Error('sign-in did not return a code');

  const token = await app.inject({
    method: 'POST',
    url: '/idp/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'group-portal',
      code_verifier: verifier,
    }).toString(),
  });
  if (token.statusCode !== 200) throw new Error(`token exchange failed: ${token.body}`);
  return (token.json() as { access_token: string }).access_token;
}
