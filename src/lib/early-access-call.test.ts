import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_STORE_KEY, OIDC_USER_PREFIX } from './app-storage';
import { config } from './config';
import { earlyAnswerFor, sendEarlyAccessCall } from './early-access-call';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const USER_KEY = `${OIDC_USER_PREFIX}${config.oidc.authority}:${config.oidc.clientId}`;
const ACCESS = `${config.api.enrollment}/Account/Access`;

function storeUser(token: string, expiresInSeconds: number) {
  sessionStorage.setItem(USER_KEY, JSON.stringify({ access_token: token, expires_at: NOW / 1000 + expiresInSeconds }));
}

function storeGroup(employerPK: number) {
  sessionStorage.setItem(APP_STORE_KEY, JSON.stringify({ state: { employer: { currentEmployerPK: employerPK } } }));
}

/** The request ky sends for the access call, the token set. */
const kyRequest = (url: string, token = 'token-a', method = 'GET') =>
  new Request(url, { method, headers: { Authorization: `Bearer ${token}` } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  sessionStorage.clear();
  fetchMock = vi.fn<typeof fetch>(async () => Response.json({ sub: 'hr' }));
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(async () => {
  // Nothing is left for the next test.
  await earlyAnswerFor(kyRequest(`${ACCESS}?employerPK=2`));
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the early access call', () => {
  it('asks for the stored group with the stored token, and hands the answer to the same call once', async () => {
    storeUser('token-a', 300);
    storeGroup(7);
    sendEarlyAccessCall(NOW);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`${ACCESS}?employerPK=7`);
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-a');

    const answer = await earlyAnswerFor(kyRequest(`${ACCESS}?employerPK=7`));
    expect(await answer?.json()).toEqual({ sub: 'hr' });
    expect(await earlyAnswerFor(kyRequest(`${ACCESS}?employerPK=7`))).toBeUndefined();
  });

  it('without a stored group asks without one, matching ky’s URL with its empty query', async () => {
    storeUser('token-a', 300);
    sendEarlyAccessCall(NOW);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(ACCESS);
    expect(await earlyAnswerFor(kyRequest(`${ACCESS}?`))).toBeInstanceOf(Response);
  });

  it('is not taken by another call, another group, another method or another token, nor once stale', async () => {
    storeUser('token-a', 300);
    storeGroup(7);
    for (const other of [
      kyRequest(`${config.api.enrollment}/Account/Groups?employerPK=7`),
      kyRequest(`${ACCESS}?employerPK=8`),
      kyRequest(`${ACCESS}?employerPK=7`, 'token-a', 'POST'),
    ]) {
      sendEarlyAccessCall(NOW);
      expect(await earlyAnswerFor(other)).toBeUndefined();
    }

    sendEarlyAccessCall(NOW);
    expect(await earlyAnswerFor(kyRequest(`${ACCESS}?employerPK=7`, 'token-b'))).toBeUndefined();
    // A call that did not match the token has used it up: the next one goes out as usual.
    expect(await earlyAnswerFor(kyRequest(`${ACCESS}?employerPK=7`))).toBeUndefined();

    sendEarlyAccessCall(NOW);
    vi.setSystemTime(NOW + 10_001);
    expect(await earlyAnswerFor(kyRequest(`${ACCESS}?employerPK=7`))).toBeUndefined();
  });

  it('sends nothing without a user, with a token about to expire, or with unreadable storage', () => {
    sendEarlyAccessCall(NOW);
    storeUser('token-a', 20);
    sendEarlyAccessCall(NOW);
    sessionStorage.setItem(USER_KEY, '{not json');
    sendEarlyAccessCall(NOW);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets the call go out as usual when the early one could not reach the server', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    storeUser('token-a', 300);
    storeGroup(7);
    sendEarlyAccessCall(NOW);
    expect(await earlyAnswerFor(kyRequest(`${ACCESS}?employerPK=7`))).toBeUndefined();
  });
});
