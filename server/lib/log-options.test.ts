import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { subscribers } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { captureLog } from '../test/log-capture';
import { signIn } from '../test/sign-in';
import { pathOnly } from './log-options';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
const log = captureLog();
const lines = log.lines;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  const config = loadConfig({ PUBLIC_URL: 'http://localhost', SERVE_SPA: 'false', PROCESSING_INTERVAL_MS: '0' });
  app = await buildApp({
    config: { ...config, logLevel: 'info' },
    db: database.db,
    logger: true,
    logStream: log.stream,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('server log', () => {
  it('holds no token, code, SSN or member name after a whole journey, and names the caller on API lines', async () => {
    const token = await signIn(app, 'hr@example.com');
    const auth = { authorization: `Bearer ${token}` };
    const [member] = await database.db
      .select({ pk: subscribers.subscriberPK, lastName: subscribers.lastName, ssn: subscribers.ssn })
      .from(subscribers)
      .where(eq(subscribers.employerPK, 2))
      .limit(1);
    if (!member?.ssn) throw new Error('the seed has no member with an SSN in group 2');

    // What a browser sends along the way: the sign-in callback, SPA links with names, the logout.
    await app.inject({ method: 'GET', url: '/signin-oidc?code=sign-in-code-4711&state=s' });
    await app.inject({ method: 'GET', url: `/member-chooser?lastName=${encodeURIComponent(member.lastName)}` });
    await app.inject({ method: 'GET', url: `/idp/session/end?id_token_hint=${token}` });
    const list = await app.inject({
      method: 'POST',
      url: '/api/enrollment/Subscriber/SubscriberList',
      headers: auth,
      payload: { employerPK: 2, lastName: member.lastName, page: 0, recordsPerPage: 20 },
    });
    expect(list.statusCode).toBe(200);
    const details = await app.inject({
      method: 'GET',
      url: `/api/enrollment/Subscriber/SubscriberDetails?pk=${member.pk}`,
      headers: auth,
    });
    expect(details.statusCode).toBe(200);

    // A database error whose parameter is an SSN, logged the way the error handler logs one.
    const failed = await database.db.execute(sql`select ${member.ssn}::int`).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    app.log.error({ err: failed }, 'unhandled error');

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of [token, 'sign-in-code-4711', 'id_token_hint', member.ssn, member.lastName]) {
      expect(log, `the log holds ${secret.slice(0, 12)}…`).not.toContain(secret);
    }
    expect(log).not.toContain('Portal!2025');
    expect(log).not.toMatch(/\b\d{3}-?\d{2}-?\d{4}\b/);

    const apiLines = lines.map((line) => JSON.parse(line)).filter((entry) => entry.req?.url?.startsWith?.('/api/'));
    expect(apiLines.length).toBeGreaterThan(0);
    const completed = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'request completed' && entry.sub !== undefined);
    expect(completed.length).toBeGreaterThanOrEqual(2);
    for (const entry of completed) expect(entry).toMatchObject({ sub: 'user-hr', employerPK: 2 });
    // One line per answer, with its status and time; none at a request's arrival.
    expect(completed.map((entry) => entry.res.statusCode)).toEqual([200, 200]);
    for (const entry of completed) expect(entry.responseTime).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes('"msg":"incoming request"'))).toEqual([]);
  });

  it('keeps only the path of a logged URL', () => {
    expect(pathOnly('/signin-oidc?code=abc&state=x')).toBe('/signin-oidc');
    expect(pathOnly('/claim-search#lastName=Lee')).toBe('/claim-search');
    expect(pathOnly(undefined)).toBe('');
  });

  it('masks the single-use token of invitation and reset links', () => {
    expect(pathOnly('/idp/invitation/AbC_123-xyz?x=1')).toBe('/idp/invitation/…');
    expect(pathOnly('/idp/reset/AbC_123-xyz')).toBe('/idp/reset/…');
    expect(pathOnly('/idp/interaction/uid/login')).toBe('/idp/interaction/uid/login');
  });
});
