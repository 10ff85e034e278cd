// The embedded database on a small tmpfs that fills up: calls answer 503, never 500, and once space
// is freed the database answers again with everything committed before.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { isDatabaseUnavailable } from './database-unavailable';
import { employers } from './schema';

const mountPoint = mkdtempSync(path.join(os.tmpdir(), 'full-disk-'));
/** A 64 MB tmpfs needs root (as in CI's container); elsewhere this test says it did not run. */
const mounted = (() => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', mountPoint], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // As root (CI, the project's machines) the mount must work: a failure there is a failure.
    if (process.getuid?.() === 0) throw error;
    console.warn(`cannot mount a tmpfs without root: the full-disk test does not run`);
    return false;
  }
})();

afterAll(() => {
  if (mounted) execFileSync('umount', ['-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

const employer = (employerPK: number) => ({
  employerPK,
  employerName: `Group ${employerPK}`,
  employerID: `G${String(employerPK).padStart(6, '0')}`,
  groupEffectiveDate: '2020-01-01',
});

describe.skipIf(!mounted)('the embedded database on a full disk', () => {
  const dataDir = path.join(mountPoint, 'db');
  const filler = path.join(mountPoint, 'filler');
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    opened = await openDatabase({ dataDir });
    const config = loadConfig({
      DATA_DIR: dataDir,
      SERVE_SPA: 'false',
      PROCESSING_INTERVAL_MS: '0',
      CARRIER_FEED_INTERVAL_MS: '0',
      PGLITE_MAINTENANCE_INTERVAL_MS: '0',
    });
    app = await buildApp({ config, db: opened.db, database: { driver: opened.driver } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await opened?.close();
  });

  it('answers 503 while writes fail, then works again with the data intact once space is freed', async () => {
    await opened.db.insert(employers).values([employer(931), employer(932)]);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    // Leave about 1 MB, then write until the database's own files no longer fit.
    const { bavail, bsize } = statfsSync(mountPoint);
    writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 1024 * 1024)));
    await opened.db.execute(sql`create table filler (t text)`).catch(() => {});
    let failure: unknown = null;
    for (let i = 0; i < 200 && !failure; i++) {
      failure = await opened.db
        .execute(
          sql`insert into filler select string_agg(md5(random()::text), '') from generate_series(1, 30), generate_series(1, 500) g group by g`,
        )
        .then(
          () => null,
          (error: unknown) => error,
        );
    }
    console.info(`write failure: ${String((failure as { cause?: Error })?.cause?.message ?? failure)}`);
    expect(failure).not.toBeNull();
    expect(isDatabaseUnavailable(failure)).toBe(true);

    // Calls meanwhile: 503 with Retry-After, never 500 nor a hang.
    const calls = {
      '/readyz': () => app.inject({ method: 'GET', url: '/readyz' }),
      // A token renewal: the identity provider reads its grants from the database.
      '/idp/token': () =>
        app.inject({
          method: 'POST',
          url: '/idp/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'grant_type=refresh_token&refresh_token=unknown&client_id=group-portal',
        }),
    };
    for (const [url, call] of Object.entries(calls)) {
      const started = Date.now();
      const res = await call();
      console.info(`${url} while full: ${res.statusCode} in ${Date.now() - started} ms`);
      expect(res.statusCode, url).toBe(503);
      // The probe says only "not ready"; a call is asked to come back.
      if (url !== '/readyz') expect(res.headers['retry-after'], url).toBe('5');
    }

    // While the disk stays full, the database process cannot start again; calls keep answering 503.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const stillFull = await app.inject({ method: 'GET', url: '/readyz' });
    expect(stillFull.statusCode).toBe(503);

    const freedAt = Date.now();
    rmSync(filler);
    let rows: number[] | undefined;
    while (!rows && Date.now() - freedAt < 45_000) {
      rows = await opened.db
        .select({ pk: employers.employerPK })
        .from(employers)
        .orderBy(employers.employerPK)
        .then((found) => found.map((r) => r.pk))
        .catch(() => undefined);
      if (!rows) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    console.info(`answering again ${Date.now() - freedAt} ms after space was freed`);
    expect(rows).toEqual([931, 932]);
    await opened.db.insert(employers).values(employer(933));
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  }, 90_000);
});
