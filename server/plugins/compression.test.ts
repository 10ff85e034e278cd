import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function memberList(acceptEncoding?: string) {
  return t.app.inject({
    method: 'POST',
    url: endpointUrl(endpoints.subscriberList),
    headers: { ...(await t.auth('hr@example.com')), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    payload: { employerPK: 2, recordsPerPage: 100 },
  });
}

describe('compression of API answers', () => {
  it('sends a JSON answer brotli- or gzip-compressed to a client that accepts it, the same answer inside', async () => {
    const plain = await memberList();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await memberList('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await memberList('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    // A client's refusal of an encoding (q=0) is honoured.
    expect((await memberList('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await memberList('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers and files as they are', async () => {
    const headers = { ...(await t.auth('hr@example.com')), 'accept-encoding': 'br, gzip' };
    const missing = await t.app.inject({ method: 'GET', url: '/api/enrollment/Nowhere', headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();

    const census = await t.app.inject({
      method: 'POST',
      url: endpointUrl(endpoints.censusReport),
      headers,
      payload: { employerPK: 2 },
    });
    expect(census.statusCode).toBe(200);
    expect(census.headers['content-type']).toMatch(/^text\/csv/);
    expect(census.rawPayload.length).toBeGreaterThan(1024);
    expect(census.headers['content-encoding']).toBeUndefined();
  });

  it('refuses a compressed request body as bad input, never with a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: endpointUrl(endpoints.subscriberList),
      headers: { ...(await t.auth('hr@example.com')), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ employerPK: 2 })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400 });
  });
});
