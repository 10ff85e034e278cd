import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { requests, subscribers } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { signIn } from '../test/sign-in';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/test-app';
import { PROCESSING_TOKEN_HEADER, PROCESSING_TRIGGER_PATH } from './processing-trigger';

const TOKEN = 'trigger-token-for-tests';

describe('processing trigger, off by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is not configured unless PROCESSING_TRIGGER_TOKEN is set', () => {
    expect(loadConfig({}).processingTriggerToken).toBeUndefined();
    expect(loadConfig({ PROCESSING_TRIGGER_TOKEN: '' }).processingTriggerToken).toBeUndefined();
  });

  it('does not exist: 404 even with a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: PROCESSING_TRIGGER_PATH,
      headers: { [PROCESSING_TOKEN_HEADER]: TOKEN },
    });
    expect(res.statusCode).toBe(404);
    // Nothing was processed.
    const [approved] = await t.db.select().from(requests).where(eq(requests.status, 'HRApproved')).limit(1);
    expect(approved).toBeDefined();
  });
});

describe('processing trigger, with a token configured', () => {
  let database: TestDatabase;
  let dataDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-trigger-'));
    database = await createTestDatabase({ seed: true });
    const config = loadConfig({
      PUBLIC_URL: TEST_PUBLIC_URL,
      DATA_DIR: dataDir,
      SERVE_SPA: 'false',
      PROCESSING_INTERVAL_MS: '0',
      PROCESSING_TRIGGER_TOKEN: TOKEN,
    });
    app = await buildApp({ config, db: database.db });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const run = (headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: PROCESSING_TRIGGER_PATH, headers });
  const hrApproved = () => database.db.select().from(requests).where(eq(requests.status, 'HRApproved'));

  it('refuses a call without the header (401) or with a wrong token (403), processing nothing', async () => {
    const before = await hrApproved();
    expect(before.length).toBeGreaterThan(0);

    const missing = await run();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ status: 401 });
    expect((await run({ [PROCESSING_TOKEN_HEADER]: `${TOKEN}x` })).statusCode).toBe(403);
    expect((await run({ [PROCESSING_TOKEN_HEADER]: 'short' })).statusCode).toBe(403);
    // A bearer token of a signed-in user is no substitute.
    const bearer = `Bearer ${await signIn(app, 'admin@example.com', TEST_PUBLIC_URL)}`;
    expect((await run({ authorization: bearer })).statusCode).toBe(401);

    expect(await hrApproved()).toHaveLength(before.length);
  });

  it('with the right token processes the HR-approved requests once; the enrolled subscriber then exists', async () => {
    const [enrollment] = (await hrApproved()).filter((r) => r.type === 'NewEnrollment');
    expect(enrollment).toBeDefined();
    const { requestPK, subscriberFirstName: firstName, subscriberLastName: lastName, employerPK } = enrollment!;
    const onFile = () =>
      database.db
        .select({ subscriberPK: subscribers.subscriberPK })
        .from(subscribers)
        .where(
          and(
            eq(subscribers.employerPK, employerPK),
            eq(subscribers.firstName, firstName),
            eq(subscribers.lastName, lastName),
          ),
        );
    expect(await onFile()).toHaveLength(0);

    const res = await run({ [PROCESSING_TOKEN_HEADER]: TOKEN });
    expect(res.statusCode).toBe(200);
    const { outcomes } = res.json() as { outcomes: { requestPK: number; status: string }[] };
    expect(outcomes).toContainEqual({ requestPK, status: 'PushedToRemote' });
    expect(await hrApproved()).toHaveLength(0);
    expect(await onFile()).toHaveLength(1);

    // The member chooser's call finds the new subscriber.
    const list = await app.inject({
      method: 'POST',
      url: endpointUrl(endpoints.subscriberList),
      headers: { authorization: `Bearer ${await signIn(app, 'hr@example.com', TEST_PUBLIC_URL)}` },
      payload: { employerPK, recordsPerPage: 20, page: 0, lastName, firstName, includeTermedMembers: false },
    });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { list: { lastName: string }[] }).list.map((s) => s.lastName)).toContain(lastName);

    // Nothing is left to do: a second run answers no outcomes.
    const again = await run({ [PROCESSING_TOKEN_HEADER]: TOKEN });
    expect(again.json()).toEqual({ outcomes: [] });
  });
});
