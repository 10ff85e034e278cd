import { APP_STORE_KEY, OIDC_USER_PREFIX } from './app-storage';
import { config } from './config';

/**
 * The session check's call (the user's access in the stored group), sent by the entry as soon as it
 * runs, while the router, the contract and the screen are still loading. The guard then finds its
 * answer there instead of asking once everything has loaded: a phone saves a round trip on every
 * signed-in cold load. The answer is taken once, only by the same GET with the same token, while
 * fresh; anything else is asked again as usual (an expired token is renewed by the guard first, so
 * nothing is sent early for it).
 */

/** Past this, the guard asks again: a reload or a slow start must not act on an old answer. */
const FRESH_MS = 10_000;
/** A token about to expire is renewed by the guard before it calls: nothing early then. */
const EXPIRY_MARGIN_S = 30;

type EarlyCall = { url: string; authorization: string; sentAt: number; answer: Promise<Response | null> };

let early: EarlyCall | null = null;

function readJson(key: string): unknown {
  try {
    return JSON.parse(window.sessionStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

/** The stored user's token while it is valid, as oidc-client-ts keeps it for this client. */
function storedToken(now: number): string | null {
  const user = readJson(`${OIDC_USER_PREFIX}${config.oidc.authority}:${config.oidc.clientId}`) as {
    access_token?: unknown;
    expires_at?: unknown;
  } | null;
  if (typeof user?.access_token !== 'string' || typeof user.expires_at !== 'number') return null;
  return user.expires_at - EXPIRY_MARGIN_S > now / 1000 ? user.access_token : null;
}

/** The current group the app store keeps (zustand's persisted `{ state }`), or none. */
function storedEmployerPK(): number | null {
  const stored = readJson(APP_STORE_KEY) as { state?: { employer?: { currentEmployerPK?: unknown } } } | null;
  const employerPK = stored?.state?.employer?.currentEmployerPK;
  return typeof employerPK === 'number' && Number.isInteger(employerPK) ? employerPK : null;
}

/** Sends the access call the guard will make, if this tab holds a valid token. */
export function sendEarlyAccessCall(now = Date.now()): void {
  const token = storedToken(now);
  if (token === null) return;
  const url = new URL(`${config.api.enrollment}/Account/Access`);
  const employerPK = storedEmployerPK();
  if (employerPK !== null) url.searchParams.set('employerPK', String(employerPK));
  const authorization = `Bearer ${token}`;
  early = {
    url: url.href,
    authorization,
    sentAt: now,
    answer: fetch(url, { headers: { Accept: 'application/json', Authorization: authorization } }).catch(() => null),
  };
}

/** ky ends a URL with a bare `?` when the call has no parameters. */
const withoutEmptyQuery = (url: string) => url.replace(/\?$/, '');

/**
 * The early answer for `request` when it is the same call with the same token (for ky's
 * beforeRequest, after the token is set); otherwise undefined, and the request goes out as usual.
 */
export async function earlyAnswerFor(request: Request): Promise<Response | undefined> {
  const call = early;
  if (call === null || request.method !== 'GET' || withoutEmptyQuery(request.url) !== call.url) return undefined;
  early = null;
  if (request.headers.get('Authorization') !== call.authorization || Date.now() - call.sentAt > FRESH_MS) {
    return undefined;
  }
  return (await call.answer) ?? undefined;
}
