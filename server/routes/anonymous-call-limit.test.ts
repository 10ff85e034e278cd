import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { anonymousCallWindows, auditEvents } from '../db/schema';
import { captureLog } from '../test/log-capture';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/test-app';
import {
  addressKey,
  closeAnonymousCallWindows,
  countAnonymousCall,
  windowStartOf,
  type AnonymousCallPolicy,
} from './anonymous-call-limit';

// The default limit (60 a minute) on the real SQL; the windows' clock is the test's, so a run never
// straddles a minute. Each test uses addresses of its own.
const LIMIT = 60;
const policy: AnonymousCallPolicy = { callsPerWindow: LIMIT, windowSeconds: 60 };
/** 15 s into a minute: 45 s remain. */
let now = Date.parse('2026-03-02T10:00:15Z');
const clock = () => now;
const nextMinute = () => {
  now = windowStartOf(now, policy) + 60_000 + 15_000;
};

let t: TestApp;
/** A second replica on the same database, behind proxies at 10.0.0.1 and 10.0.0.2. */
let replica: FastifyInstance;
let hr: Record<string, string>;
const log = captureLog();
beforeAll(async () => {
  t = await createTestApp({ clock });
  const config = loadConfig({
    PUBLIC_URL: TEST_PUBLIC_URL,
    SERVE_SPA: 'false',
    PROCESSING_INTERVAL_MS: '0',
    CARRIER_FEED_INTERVAL_MS: '0',
    TRUST_PROXY: '10.0.0.1, 10.0.0.2',
    LOG_LEVEL: 'warn',
  });
  replica = await buildApp({ config, db: t.db, clock, logger: true, logStream: log.stream });
  await replica.ready();
  hr = await t.auth('hr@example.com');
});
afterAll(async () => {
  await replica?.close();
  await t?.close();
});

/** A call of member data: refused without a token, so each refusal up to the limit is audited. */
const call = (
  app: FastifyInstance,
  remoteAddress: string,
  headers: Record<string, string> = {},
  url = '/api/enrollment/Subscriber/SubscriberDetails?pk=1',
) => app.inject({ method: 'GET', url, remoteAddress, headers });

async function calls(app: FastifyInstance, remoteAddress: string, n: number, headers: Record<string, string> = {}) {
  const statuses: number[] = [];
  // In batches, as a flood arrives: the counter is one statement, so concurrent calls never lose a count.
  for (let sent = 0; sent < n; sent += 50) {
    const batch = Array.from({ length: Math.min(50, n - sent) }, () => call(app, remoteAddress, headers));
    for (const res of await Promise.all(batch)) statuses.push(res.statusCode);
  }
  return statuses;
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }), {});

const lastPK = async () =>
  (await t.db.select({ n: sql<number>`coalesce(max(${auditEvents.auditEventPK}), 0)::int` }).from(auditEvents))[0]!.n;

const rowsAfter = (after: number, ip: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(gt(auditEvents.auditEventPK, after), eq(auditEvents.ip, ip)));

const windowsOf = (address: string) =>
  t.db
    .select({ calls: anonymousCallWindows.calls, throttled: anonymousCallWindows.throttled })
    .from(anonymousCallWindows)
    .where(eq(anonymousCallWindows.address, address));

describe('calls without a valid token', () => {
  it('answers the 61st within a minute from one address 429 with Retry-After, as a problem', async () => {
    expect(tally(await calls(t.app, '198.51.100.1', LIMIT))).toEqual({ 401: LIMIT });
    const over = await call(t.app, '198.51.100.1');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe('45');
    expect(over.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(over.headers['cache-control']).toBe('no-store');
    expect(over.json()).toEqual({
      type: 'about:blank',
      title: 'Too Many Requests',
      status: 429,
      detail: 'Too many calls without a valid token from this address. Try again in 45 seconds.',
    });
    // A token that fails verification counts as none.
    const forged = await call(t.app, '198.51.100.1', { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' });
    expect(forged.statusCode).toBe(429);
  });

  it('never limits a call with a valid token, nor another address', async () => {
    expect(tally(await calls(t.app, '198.51.100.3', LIMIT + 1))).toEqual({ 401: LIMIT, 429: 1 });
    expect((await call(t.app, '198.51.100.3', hr)).statusCode).toBe(200);
    expect((await call(t.app, '198.51.100.4')).statusCode).toBe(401);
    // Valid calls are not counted either.
    expect(await windowsOf('198.51.100.3')).toEqual([{ calls: LIMIT + 1, throttled: 1 }]);
  });

  it('counts again from zero in the next window', async () => {
    expect(tally(await calls(t.app, '198.51.100.5', LIMIT + 1))).toEqual({ 401: LIMIT, 429: 1 });
    nextMinute();
    expect((await call(t.app, '198.51.100.5')).statusCode).toBe(401);
  });

  it('keeps a flood of 1,000 calls from one address to limit + 1 audit rows', async () => {
    const address = '198.51.100.6';
    const before = await lastPK();
    expect(tally(await calls(t.app, address, 1000))).toEqual({ 401: LIMIT, 429: 1000 - LIMIT });
    const rows = await rowsAfter(before, address);
    expect(rows).toHaveLength(LIMIT);
    expect(rows.every((row) => row.action === 'access.refused' && row.status === 401)).toBe(true);

    // The window stays open while a replica may still count in it; then it becomes one summary row.
    await closeAnonymousCallWindows(t.db, policy, now + 60_000);
    expect(await windowsOf(address)).toEqual([{ calls: 1000, throttled: 1000 - LIMIT }]);
    await closeAnonymousCallWindows(t.db, policy, now + 120_000);
    const summary = (await rowsAfter(before, address)).filter((row) => row.action === 'access.throttled');
    expect(summary).toEqual([
      expect.objectContaining({
        actor: 'anonymous',
        status: 429,
        endpoint: null,
        employerPK: null,
        detail: expect.objectContaining({ calls: 1000, throttled: 1000 - LIMIT, windowSeconds: 60 }),
      }),
    ]);
    expect(await rowsAfter(before, address)).toHaveLength(LIMIT + 1);
    expect(await windowsOf(address)).toEqual([]);
  });

  it('is shared by replicas on one database', async () => {
    nextMinute();
    const address = '198.51.100.7';
    expect(tally(await calls(t.app, address, LIMIT / 2))).toEqual({ 401: LIMIT / 2 });
    expect(tally(await calls(replica, address, LIMIT / 2))).toEqual({ 401: LIMIT / 2 });
    expect((await call(replica, address)).statusCode).toBe(429);
    expect((await call(t.app, address)).statusCode).toBe(429);
  });

  it('closes each window once, also when replicas close at the same time', async () => {
    nextMinute();
    const start = windowStartOf(now, policy);
    await countAnonymousCall(t.db, '192.0.2.1', start - 120_000, LIMIT);
    for (let i = 0; i <= LIMIT; i++) await countAnonymousCall(t.db, '192.0.2.2', start - 120_000, LIMIT);
    await countAnonymousCall(t.db, '192.0.2.3', start - 60_000, LIMIT);
    const before = await lastPK();
    const results = await Promise.all([
      closeAnonymousCallWindows(t.db, policy, now),
      closeAnonymousCallWindows(t.db, policy, now),
    ]);
    expect(results.reduce((sum, r) => sum + r.throttled, 0)).toBe(1);
    expect(await rowsAfter(before, '192.0.2.2')).toEqual([
      expect.objectContaining({
        action: 'access.throttled',
        detail: expect.objectContaining({ calls: LIMIT + 1, throttled: 1 }),
      }),
    ]);
    expect(await rowsAfter(before, '192.0.2.1')).toEqual([]);
    expect(await windowsOf('192.0.2.1')).toEqual([]);
    // The last window may still be counted in by a replica whose clock is a little behind.
    expect(await windowsOf('192.0.2.3')).toEqual([{ calls: 1, throttled: 0 }]);
  });

  it('answers 401 as before, with a warning, when the count cannot be written', async () => {
    await t.db.execute(sql`alter table anonymous_call_windows rename to anonymous_call_windows_away`);
    try {
      const res = await call(replica, '198.51.100.8');
      expect(res.statusCode).toBe(401);
    } finally {
      await t.db.execute(sql`alter table anonymous_call_windows_away rename to anonymous_call_windows`);
    }
    const warnings = log.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'could not count a call without a valid token');
    expect(warnings).toEqual([expect.objectContaining({ level: 40 })]);
  });
});

describe('the client address', () => {
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    nextMinute();
    await call(t.app, '198.51.100.20', { 'x-forwarded-for': '203.0.113.20' });
    await call(replica, '127.0.0.1', { 'x-forwarded-for': '203.0.113.21' });
    expect(await windowsOf('198.51.100.20')).toEqual([{ calls: 1, throttled: 0 }]);
    expect(await windowsOf('203.0.113.20')).toEqual([]);
    expect(await windowsOf('203.0.113.21')).toEqual([]);
  });

  it('takes the client from X-Forwarded-For through a trusted proxy, never an address the client added', async () => {
    // The default trusts this machine (a proxy beside the server); the replica trusts its list.
    await call(t.app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.30' });
    await call(replica, '10.0.0.2', { 'x-forwarded-for': '198.18.0.1, 203.0.113.31' });
    expect(await windowsOf('203.0.113.30')).toEqual([{ calls: 1, throttled: 0 }]);
    expect(await windowsOf('203.0.113.31')).toEqual([{ calls: 1, throttled: 0 }]);
    expect(await windowsOf('198.18.0.1')).toEqual([]);
    // So one client behind the proxy is limited on its own.
    const viaProxy = { 'x-forwarded-for': '203.0.113.32' };
    expect(tally(await calls(replica, '10.0.0.1', LIMIT + 1, viaProxy))).toEqual({ 401: LIMIT, 429: 1 });
    expect((await call(replica, '10.0.0.1', { 'x-forwarded-for': '203.0.113.33' })).statusCode).toBe(401);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
