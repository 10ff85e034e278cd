import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { DRAFT_CONFLICT_MESSAGE, VERSION_REQUIRED_MESSAGE } from '../../src/contracts/enrollment';
import { requests } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

const ENROLLMENT_URL = endpointUrl(endpoints.createEnrollmentRequest);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown>;

async function call(
  method: 'POST' | 'PUT' | 'GET',
  opts: { requestPK?: number; payload?: Json; ifMatch?: string; email?: string } = {},
) {
  return t.app.inject({
    method,
    url: ENROLLMENT_URL + (opts.requestPK === undefined ? '' : `?requestPK=${opts.requestPK}`),
    headers: {
      ...(await t.auth(opts.email ?? 'hr@example.com')),
      ...(opts.ifMatch === undefined ? {} : { 'if-match': opts.ifMatch }),
    },
    ...(opts.payload === undefined ? {} : { payload: opts.payload }),
  });
}

let serial = 0;
function freshSsn() {
  serial += 1;
  return `97${serial % 10}-44-${String(2000 + serial).padStart(4, '0')}`;
}

function step1(ssn: string, firstName = 'Dana'): Json {
  return {
    saveStep: 1,
    employerPK: 2,
    subscriber: {
      firstName,
      lastName: 'Rivera',
      ssn,
      dateOfBirth: '1988-04-12',
      maritalStatusPK: 1,
      genderID: 2,
      address1: '12 Main St',
      zipCode: '12345',
      city: 'Springfield',
      stateID: 5,
      phone1: '5551234567',
      emailAddress: 'dana@example.com',
    },
  };
}

/** A later step-1 save of the draft: the SSN is stored, so none is typed. */
function resave(firstName: string, more: Json = {}): Json {
  const body = step1('', firstName);
  const { ssn: _none, ...subscriber } = body.subscriber as Json;
  return { ...body, subscriber, ...more };
}

async function newDraft(ssn = freshSsn()) {
  const res = await call('POST', { payload: step1(ssn) });
  expect(res.statusCode).toBe(200);
  return { requestPK: (res.json() as { requestPK: number }).requestPK, ssn, etag: res.headers.etag };
}

async function storedVersion(requestPK: number) {
  const [row] = await t.db
    .select({ version: requests.version })
    .from(requests)
    .where(eq(requests.requestPK, requestPK));
  return row!.version;
}

describe('draft versions', () => {
  it('starts at 1, and GET answers the version as a field and as a weak ETag', async () => {
    const { requestPK, etag } = await newDraft();
    expect(etag).toBe('W/"1"');
    const res = await call('GET', { requestPK });
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(1);
    expect(res.headers.etag).toBe('W/"1"');
  });

  it('adds 1 on every save and answers the new ETag', async () => {
    const { requestPK } = await newDraft();
    const first = await call('PUT', { requestPK, payload: resave('Ann', { version: 1 }) });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ requestPK, hasError: false });
    expect(first.headers.etag).toBe('W/"2"');
    const second = await call('PUT', { requestPK, payload: resave('Bea'), ifMatch: 'W/"2"' });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).toBe('W/"3"');
    const strong = await call('PUT', { requestPK, payload: resave('Cy'), ifMatch: '"3"' });
    expect(strong.statusCode).toBe(200);
    expect(await storedVersion(requestPK)).toBe(4);
    expect((await call('GET', { requestPK })).json().subscriber.firstName).toBe('Cy');
  });

  it('lets exactly one of two saves from the same version win; the other gets 409 with the current version', async () => {
    // Tried a few times: before versions, one of the two changes was lost every time.
    for (let round = 0; round < 5; round += 1) {
      const { requestPK } = await newDraft();
      const [a, b] = await Promise.all([
        call('PUT', { requestPK, payload: resave('TabOne', { version: 1 }) }),
        call('PUT', { requestPK, payload: resave('TabTwo', { version: 1 }), email: 'broker@example.com' }),
      ]);
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const [winner, loser] = a.statusCode === 200 ? [a, b] : [b, a];
      expect(loser.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(loser.json()).toMatchObject({ status: 409, detail: DRAFT_CONFLICT_MESSAGE, currentVersion: 2 });
      expect(winner.headers.etag).toBe('W/"2"');

      const draft = (await call('GET', { requestPK })).json();
      expect(draft.version).toBe(2);
      expect(draft.subscriber.firstName).toBe(winner === a ? 'TabOne' : 'TabTwo');
    }
  });

  it('refuses a stale If-Match the same way, and stores nothing', async () => {
    const { requestPK } = await newDraft();
    expect((await call('PUT', { requestPK, payload: resave('Fresh'), ifMatch: 'W/"1"' })).statusCode).toBe(200);
    const stale = await call('PUT', { requestPK, payload: resave('Stale'), ifMatch: 'W/"1"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: DRAFT_CONFLICT_MESSAGE, currentVersion: 2 });
    expect(await storedVersion(requestPK)).toBe(2);
    expect((await call('GET', { requestPK })).json().subscriber.firstName).toBe('Fresh');
  });

  it('answers 400 for an update without a version, a tag naming none, or header and field that disagree', async () => {
    const { requestPK } = await newDraft();
    const missing = await call('PUT', { requestPK, payload: resave('Nope') });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.version).toEqual([VERSION_REQUIRED_MESSAGE]);
    for (const ifMatch of ['*', 'W/"1", W/"2"', 'one']) {
      const res = await call('PUT', { requestPK, payload: resave('Nope'), ifMatch });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('version');
    }
    const disagree = await call('PUT', { requestPK, payload: resave('Nope', { version: 1 }), ifMatch: 'W/"2"' });
    expect(disagree.statusCode).toBe(400);
    expect(await storedVersion(requestPK)).toBe(1);
  });

  it('still makes one request of a double-clicked Next; the repeat needs no version and counts as a save', async () => {
    const ssn = freshSsn();
    const [first, second] = await Promise.all([
      call('POST', { payload: step1(ssn) }),
      call('POST', { payload: step1(ssn) }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const requestPK = first.json().requestPK as number;
    expect(second.json().requestPK).toBe(requestPK);
    const [rows] = await t.db.select({ n: count() }).from(requests).where(eq(requests.ssn, ssn));
    expect(rows!.n).toBe(1);
    expect([first.headers.etag, second.headers.etag].sort()).toEqual(['W/"1"', 'W/"2"']);
    expect(await storedVersion(requestPK)).toBe(2);

    // A repeat that names a version is checked like an update.
    const stale = await call('POST', { payload: step1(ssn), ifMatch: 'W/"1"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().currentVersion).toBe(2);
  });
});
