import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase } from '../db/test-database';
import type { SeedOptions } from '../db/seed/seed-database';
import type { Handlers } from '../routes/handler-types';
import { signIn } from './sign-in';

export const TEST_PUBLIC_URL = 'http://localhost';

/**
 * The whole app in-process on a fresh, seeded database (PGlite in memory, or a throwaway
 * PostgreSQL database when DATABASE_URL is set), with the real identity provider.
 */
export async function createTestApp(
  opts: {
    handlers?: Handlers;
    seed?: boolean | SeedOptions;
    /** Settings on top of the tests' own (e.g. `ANONYMOUS_CALLS_PER_MINUTE`). */
    env?: NodeJS.ProcessEnv;
    clock?: () => number;
  } = {},
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
  // A cached, already seeded copy keeps each test file's start-up near a second.
  const database = await createTestDatabase({ seed: opts.seed ?? true });
  // The processing worker and the carrier feed's schedule stay off: tests run them themselves.
  const config = loadConfig({
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATA_DIR: dataDir,
    SERVE_SPA: 'false',
    PROCESSING_INTERVAL_MS: '0',
    CARRIER_FEED_INTERVAL_MS: '0',
    ...opts.env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    ...(opts.handlers ? { handlers: opts.handlers } : {}),
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  await app.ready();
  const tokens = new Map<string, string>();
  return {
    app,
    db: database.db,
    /** Bearer header for a seeded account, signing in once per account. */
    async auth(email: string) {
      if (!tokens.has(email)) tokens.set(email, await signIn(app, email, TEST_PUBLIC_URL));
      return { authorization: `Bearer ${tokens.get(email)}` };
    },
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
