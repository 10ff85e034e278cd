import type { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dependentQueries } from '../api/dependent-queries';
import { endpoints } from '../contracts/endpoints';
import { useNotificationStore } from '../stores/notification-store';
import { ApiError, callEndpoint, SESSION_EXPIRED_MESSAGE } from './api-client';
import { userManager } from './auth';
import { queryClient } from './query-client';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const sentRequest = (): Request => fetchMock.mock.calls[0]![0] as Request;
const notice = () => useNotificationStore.getState().current;

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  globalThis.fetch = fetchMock;
  vi.spyOn(userManager, 'getUser').mockResolvedValue({ access_token: 'token-1' } as User);
  vi.spyOn(userManager, 'removeUser').mockResolvedValue();
  // No provider to renew at: a silent renewal fails unless a test says otherwise.
  vi.spyOn(userManager, 'signinSilent').mockRejectedValue(new Error('login_required'));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
  useNotificationStore.getState().dismiss();
  queryClient.clear();
});

describe('callEndpoint requests', () => {
  it('sends the bearer token and the query, skipping undefined values, and parses the answer', async () => {
    const details = { employerPK: 2, employerName: 'Acme', employerID: 'G-2', employerLogo: 'data:image/png;base64,' };
    fetchMock.mockResolvedValue(answer(200, details));

    await expect(callEndpoint(endpoints.employerDetails, { query: { employerPK: 2 } })).resolves.toEqual(details);

    const request = sentRequest();
    expect(request.method).toBe('GET');
    expect(request.url).toBe('http://localhost:3000/api/enrollment/Employer/EmployerDetails?employerPK=2');
    expect(request.headers.get('Authorization')).toBe('Bearer token-1');

    fetchMock.mockClear();
    fetchMock.mockResolvedValue(answer(200, []));
    await callEndpoint(endpoints.changePlanReasonList, { query: { needAll: undefined } });
    expect(sentRequest().url).toBe('http://localhost:3000/api/enrollment/Values/ChangePlanReasonList');
  });

  it('form-encodes bodies of form endpoints and sends JSON otherwise', async () => {
    const sent: { type: string | null; text: string }[] = [];
    fetchMock.mockImplementation(async (input) => {
      const request = input as Request;
      sent.push({ type: request.headers.get('Content-Type'), text: await request.clone().text() });
      return answer(200, sent.length === 1 ? { list: [], recordCount: 0 } : { ok: true });
    });

    await callEndpoint(endpoints.requestList, { body: { employerPK: 2, page: 0, lastName: undefined } });
    await callEndpoint(endpoints.pageView, { body: { path: '/claim-search' } });

    expect(sent[0]?.type).toContain('application/x-www-form-urlencoded');
    expect(sent[0]?.text).toBe('employerPK=2&page=0');
    expect(sent[1]?.type).toContain('application/json');
    expect(JSON.parse(sent[1]?.text ?? '')).toEqual({ path: '/claim-search' });
  });

  it('returns file answers as a Blob', async () => {
    fetchMock.mockResolvedValue(
      new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    const file = await callEndpoint(endpoints.viewEnrollmentPdf, { query: { requestPK: 5 } });
    // Node's fetch makes its own Blob class, so check the shape rather than jsdom's constructor.
    expect(file.type).toBe('application/pdf');
    expect(await file.text()).toBe('%PDF-1.4');
  });
});

describe('callEndpoint failures', () => {
  const call = () => callEndpoint(endpoints.employerDetails, { query: { employerPK: 2 } });

  it('a list body shows "Request failures" with the first errorMessage', async () => {
    fetchMock.mockResolvedValue(answer(400, [{ errorMessage: 'First problem' }, { errorMessage: 'Second' }]));
    const error = await failureOf(call());
    expect(error.status).toBe(400);
    expect(notice()).toMatchObject({ title: 'Request failures', message: 'First problem' });
  });

  it('a body with field errors is only logged, and the error carries the problem for the form', async () => {
    const problem = { title: 'Invalid input', status: 400, errors: { firstName: ['First name is required.'] } };
    fetchMock.mockResolvedValue(answer(400, problem));
    const error = await failureOf(call());
    expect(error.problem.errors).toEqual(problem.errors);
    expect(notice()).toBeNull();
    // The log names the fields, not their messages (which may quote what was typed).
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/^Request rejected \(400 \/.+\): firstName$/));
  });

  it('401 that a silent renewal does not cure removes the stored user and says the session expired', async () => {
    fetchMock.mockResolvedValue(answer(401, { title: 'Unauthorized', status: 401 }));
    const error = await failureOf(call());
    expect(error.status).toBe(401);
    expect(userManager.signinSilent).toHaveBeenCalledOnce();
    expect(userManager.removeUser).toHaveBeenCalledOnce();
    expect(notice()).toMatchObject({ title: SESSION_EXPIRED_MESSAGE });
  });

  it('401 renews the token silently once and repeats the call with it', async () => {
    vi.mocked(userManager.signinSilent).mockResolvedValue({ access_token: 'token-2' } as User);
    fetchMock.mockResolvedValueOnce(answer(401, { title: 'Unauthorized', status: 401 }));
    fetchMock.mockResolvedValueOnce(answer(200, []));
    await expect(callEndpoint(endpoints.changePlanReasonList, { query: {} })).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(userManager.removeUser).not.toHaveBeenCalled();
    expect(notice()).toBeNull();
  });

  it('a 404 in the body is silent but still rejects', async () => {
    fetchMock.mockResolvedValue(answer(404, { title: 'Not Found', status: 404, detail: 'No such group' }));
    const error = await failureOf(call());
    expect(error.status).toBe(404);
    expect(notice()).toBeNull();
  });

  it('any other failure says "Action failed (status)" with the problem detail', async () => {
    fetchMock.mockResolvedValue(answer(403, { title: 'Forbidden', status: 403, detail: 'Not a member of group 2' }));
    const error = await failureOf(call());
    expect(error.problem.detail).toBe('Not a member of group 2');
    expect(notice()).toMatchObject({ title: 'Action failed (403)', message: 'Not a member of group 2' });
  });

  it('falls back to the title when the problem has no detail', async () => {
    fetchMock.mockResolvedValue(answer(500, { title: 'Internal Server Error', status: 500 }));
    await failureOf(call());
    expect(notice()).toMatchObject({ title: 'Action failed (500)', message: 'Internal Server Error' });
  });

  it('callers may opt out of the message', async () => {
    fetchMock.mockResolvedValue(answer(500, { title: 'Internal Server Error', status: 500 }));
    await failureOf(callEndpoint(endpoints.employerDetails, { query: { employerPK: 2 } }, { notify: false }));
    expect(notice()).toBeNull();
  });
});

describe('dependent list', () => {
  it('treats 404 as an empty list', async () => {
    fetchMock.mockResolvedValue(answer(404, { title: 'Not Found', status: 404 }));
    await expect(queryClient.fetchQuery(dependentQueries.list({ subscriberPK: 7 }))).resolves.toEqual([]);
    expect(sentRequest().url).toBe('http://localhost:3000/api/enrollment/Subscriber/DependentList?subscriberPK=7');
    expect(notice()).toBeNull();
  });

  it('still reports other failures', async () => {
    fetchMock.mockResolvedValue(answer(500, { title: 'Internal Server Error', status: 500 }));
    await expect(queryClient.fetchQuery(dependentQueries.list({ subscriberPK: 7 }))).rejects.toBeInstanceOf(ApiError);
    expect(notice()).toMatchObject({ title: 'Action failed (500)' });
  });
});

describe('callEndpoint without a usable answer', () => {
  it('reports an unreachable server as ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failureOf(callEndpoint(endpoints.genderList, {}));
    expect(error.status).toBe(0);
    expect(notice()).toMatchObject({ title: 'Action failed' });
  });

  it('rejects an answer that does not match the contract', async () => {
    fetchMock.mockResolvedValue(answer(200, { unexpected: true }));
    const error = await failureOf(callEndpoint(endpoints.genderList, {}));
    expect(error.problem.title).toBe('Unexpected answer from the server');
    expect(notice()).toMatchObject({ title: 'Action failed (200)' });
  });
});

describe('callEndpoint writes', () => {
  const requestStatus = { requestPK: 9, status: 'Cancelled' };
  const write = () => callEndpoint(endpoints.cancelRequest, { query: { requestPK: 9 } });
  const keysSent = () => fetchMock.mock.calls.map(([input]) => (input as Request).headers.get('Idempotency-Key'));

  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives every write a quoted Idempotency-Key of its own, and reads none, POST ones included', async () => {
    fetchMock.mockImplementation(async () => answer(200, requestStatus));
    await expect(write()).resolves.toEqual(requestStatus);
    await expect(write()).resolves.toEqual(requestStatus);
    await callEndpoint(endpoints.genderList, {}).catch(() => undefined);
    await callEndpoint(endpoints.requestList, { body: { employerPK: 2, page: 0 } }).catch(() => undefined);
    const [first, second, read, postRead] = keysSent();
    expect(first).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(second).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(second).not.toBe(first);
    expect(read).toBeNull();
    expect(postRead).toBeNull();
  });

  it('leaves a failed read sent as POST to its caller, without sending it again', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 503, headers: { 'Retry-After': '1' } }));
    const error = await failureOf(callEndpoint(endpoints.requestList, { body: { employerPK: 2, page: 0 } }));
    expect(error.status).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends a write again with the same key while the server is unreachable or unavailable', async () => {
    vi.useFakeTimers();
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response(null, { status: 503, headers: { 'Retry-After': '3' } }))
      .mockResolvedValueOnce(answer(502))
      .mockImplementation(async () => answer(200, requestStatus));
    const result = write();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // The server asked for 3 s.
    await vi.advanceTimersByTimeAsync(2_999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1 + 4_000);
    await expect(result).resolves.toEqual(requestStatus);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const keys = keysSent();
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^"/);
    expect(notice()).toBeNull();
  });

  it('stops after the last try and says the server could not be reached', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const result = failureOf(write());
    await vi.advanceTimersByTimeAsync(15_000);
    const error = await result;
    expect(error.status).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(notice()).toMatchObject({ title: 'Action failed' });
  });

  it('retries a 409 only when it says when to come back (the first try still running)', async () => {
    vi.useFakeTimers();
    fetchMock
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ title: 'Conflict', status: 409 }), {
          status: 409,
          headers: { 'Retry-After': '1' },
        }),
      )
      .mockResolvedValueOnce(answer(409, { title: 'Conflict', status: 409, detail: 'Changed by someone else.' }));
    const result = failureOf(write());
    await vi.advanceTimersByTimeAsync(1_000);
    const error = await result;
    expect(error.status).toBe(409);
    expect(error.problem.detail).toBe('Changed by someone else.');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
