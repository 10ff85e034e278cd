import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEXT_CHARACTERS_MESSAGE } from '../../src/contracts/common';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints, type EndpointName } from '../../src/contracts/endpoints';
import { subscribers } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

// What the fuzzing campaign found, as examples: ids beyond 32 bits and unstorable text answered 500,
// and schema validation ran before authorization.

const BEYOND_32_BITS = [2 ** 31, 2 ** 32, 2 ** 53, 1e308];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function call(
  name: EndpointName,
  opts: { email?: string; query?: Record<string, string | number>; body?: unknown } = {},
) {
  const endpoint = endpoints[name];
  const query = opts.query ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))}` : '';
  return t.app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint) + query,
    headers: opts.email ? await t.auth(opts.email) : {},
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
}

describe('ids beyond 32 bits', () => {
  it('answer 400 in queries and bodies, never 500', async () => {
    for (const value of BEYOND_32_BITS) {
      const email = 'hr@example.com';
      expect((await call('subscriberDetails', { email, query: { pk: value } })).statusCode, `${value}`).toBe(400);
      expect((await call('requestDetails', { email, query: { requestPK: value } })).statusCode).toBe(400);
      expect((await call('employerDetails', { email, query: { employerPK: value } })).statusCode).toBe(400);
      expect((await call('subscriberList', { email, body: { employerPK: value } })).statusCode).toBe(400);
      const termination = {
        subscriberPK: value,
        employerPK: 2,
        firstName: 'A',
        lastName: 'B',
        eventDate: '2026-01-01',
        terminationDate: '2026-01-01',
      };
      expect((await call('terminateSubscriber', { email, body: termination })).statusCode).toBe(400);
    }
  });

  it('answer 403 to a caller without a role, before anything else is looked at', async () => {
    for (const value of BEYOND_32_BITS) {
      const email = 'nogroups@example.com';
      expect((await call('subscriberDetails', { email, query: { pk: value } })).statusCode).toBe(403);
      expect((await call('subscriberList', { email, body: { employerPK: value } })).statusCode).toBe(403);
    }
  });

  it('answer 400 inside an enrollment draft, dependents of an existing member included', async () => {
    const [member] = await t.db.select().from(subscribers).where(eq(subscribers.employerPK, 2)).limit(1);
    const res = await call('createEnrollmentRequest', {
      email: 'hr@example.com',
      body: {
        saveStep: 3,
        employerPK: 2,
        subscriberPK: member!.subscriberPK,
        subscriber: {},
        dependents: [{ dependentPK: 2 ** 40 }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['dependents.0.dependentPK']).toBeDefined();
  });
});

describe('text that cannot be stored', () => {
  it('is refused with one clear message (NUL, lone surrogates)', async () => {
    for (const bad of ['/home\u0000', '/x\uD800', '/\uDFFFy']) {
      const view = await call('pageView', { email: 'hr@example.com', body: { path: bad } });
      expect(view.statusCode, JSON.stringify(bad)).toBe(400);
      expect(view.json().errors).toEqual({ path: [TEXT_CHARACTERS_MESSAGE] });
      const list = await call('subscriberList', { email: 'hr@example.com', body: { employerPK: 2, lastName: bad } });
      expect(list.statusCode).toBe(400);
      expect(list.json().errors).toEqual({ lastName: [TEXT_CHARACTERS_MESSAGE] });
    }
  });

  it('is refused anywhere in an enrollment draft, before it is stored', async () => {
    const res = await call('createEnrollmentRequest', {
      email: 'hr@example.com',
      body: { saveStep: 1, employerPK: 2, subscriber: { firstName: 'Dana', nickname: 'D\u0000' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'subscriber.nickname': [TEXT_CHARACTERS_MESSAGE] });
  });

  it('keeps emoji and accents, which are well-formed', async () => {
    const res = await call('pageView', { email: 'hr@example.com', body: { path: '/café/🙂' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('authorization before validation', () => {
  const badBody = { employerPK: 3, recordsPerPage: 'many', page: -1 };

  it('keeps 401 first for a call without a token', async () => {
    expect((await call('subscriberList', { body: badBody })).statusCode).toBe(401);
    expect((await call('subscriberDetails', { query: { pk: 'abc' } })).statusCode).toBe(401);
  });

  it('answers 403 to a caller without a role in the group, whatever the body', async () => {
    expect((await call('subscriberList', { email: 'hr@example.com', body: badBody })).statusCode).toBe(403);
    expect((await call('subscriberList', { email: 'nogroups@example.com', body: badBody })).statusCode).toBe(403);
    // A role in the group without the area: refused before the body is read.
    const claims = await call('subscriberList', { email: 'claims@example.com', body: { ...badBody, employerPK: 2 } });
    expect(claims.statusCode).toBe(403);
    const broken = await t.app.inject({
      method: 'POST',
      url: endpointUrl(endpoints.subscriberList),
      headers: { ...(await t.auth('claims@example.com')), 'content-type': 'application/json' },
      payload: '{"employerPK": 2,',
    });
    expect(broken.statusCode).toBe(403);
  });

  it('answers 404 for a record of another group, whatever the rest of the query', async () => {
    const [other] = await t.db.select().from(subscribers).where(eq(subscribers.employerPK, 3)).limit(1);
    const res = await call('dependentList', {
      email: 'hr@example.com',
      query: { subscriberPK: other!.subscriberPK, includetermed: 'perhaps' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('describes the input to a caller who may make the call, and only then', async () => {
    const res = await call('subscriberList', { email: 'hr@example.com', body: { ...badBody, employerPK: 2 } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['page', 'recordsPerPage']);
    const missing = await call('subscriberList', { email: 'hr@example.com', body: {} });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['employerPK']);
    const noRef = await call('subscriberDetails', { email: 'hr@example.com' });
    expect(noRef.json()).toMatchObject({ status: 400, errors: { pk: ['pk is required.'] } });
  });
});
