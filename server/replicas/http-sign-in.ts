// The SPA's sign-in over real HTTP (authorization code + PKCE against the embedded provider), for
// servers running in their own processes. `base` is where the calls go (the proxy, or one replica
// directly); `publicUrl` is the portal's origin, which the provider's redirects and the issuer name.
import { createHash, randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from '../idp/accounts';

export const CLIENT_ID = 'group-portal';
const SCOPE = 'openid email profile offline_access enrollment.group mygroup.group';

export type Tokens = { access_token: string; refresh_token: string; id_token: string };

/** Cookies by name, whatever their path: the provider's session and interaction cookies. */
class CookieJar {
  private cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      // An expired cookie is the provider clearing it.
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

async function tokenCall(base: string, form: Record<string, string>): Promise<Tokens> {
  const response = await fetch(`${base}/idp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT_ID, ...form }),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`token call answered ${response.status}: ${body.slice(0, 200)}`);
  return JSON.parse(body) as Tokens;
}

export async function signInHttp(base: string, publicUrl: string, email: string): Promise<Tokens> {
  const jar = new CookieJar();
  const verifier = base64url(randomBytes(32));
  const redirectUri = `${publicUrl}/signin-oidc`;
  const authorize = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    scope: SCOPE,
    redirect_uri: redirectUri,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    state: base64url(randomBytes(8)),
  });
  // The provider names the public origin in its redirects; a direct call to one replica stays on it.
  const local = (url: string) => {
    const absolute = new URL(url, base).href;
    return absolute.startsWith(`${publicUrl}/`) ? base + absolute.slice(publicUrl.length) : absolute;
  };
  const send = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(local(url), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(response);
    return response;
  };

  let response = await send(`/idp/auth?${authorize}`);
  for (let hop = 0; hop < 10; hop++) {
    if (response.status >= 300 && response.status < 400) {
      const location = new URL(response.headers.get('location') ?? '', publicUrl);
      if (location.href.startsWith(redirectUri)) {
        const code = location.searchParams.get('code');
        if (!code) throw new Error(`sign-in ended without a code: ${location.searchParams.get('error')}`);
        return tokenCall(base, {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          code_verifier: verifier,
        });
      }
      response = await send(location.href);
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (response.status !== 200 || !action) throw new Error(`sign-in stopped at ${response.status}`);
    response = await send(action.replaceAll('&amp;', '&'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password: DEMO_PASSWORD }).toString(),
    });
  }
  throw new Error('sign-in did not reach the redirect URI');
}

/** What the SPA's silent renewal does: a new access token (and a rotated refresh token). */
export function refreshHttp(base: string, refreshToken: string): Promise<Tokens> {
  return tokenCall(base, { grant_type: 'refresh_token', refresh_token: refreshToken });
}
