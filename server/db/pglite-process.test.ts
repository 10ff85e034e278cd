import { fork } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client';
import { LOCK_FILE } from './data-dir-lock.mjs';
import { isDatabaseUnavailable } from './database-unavailable';
import { employers } from './schema';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-process-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const employer = (employerPK: number) => ({
  employerPK,
  employerName: `Group ${employerPK}`,
  employerID: `G${String(employerPK).padStart(6, '0')}`,
  groupEffectiveDate: '2020-01-01',
});

describe('the embedded database in its own process', () => {
  it('migrates, keeps a transaction to itself while other queries wait, and keeps data across a restart', async () => {
    const first = await openDatabase({ dataDir: path.join(dir, 'db') });
    expect(first.driver).toBe('pglite');
    expect(first.pglite).toBeUndefined();
    try {
      let seenInside: number | undefined;
      const outside = first.db.transaction(async (tx) => {
        await tx.insert(employers).values(employer(901));
        // A query of another caller waits for the transaction: it must not see this row half-done.
        const waiting = first.db.execute<{ n: number }>(sql`select count(*)::int as n from employers`);
        await tx.insert(employers).values(employer(902));
        const [row] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from employers`)).rows;
        seenInside = row?.n;
        // Wrapped: returning the promise itself would make the transaction wait for it.
        return { waiting };
      });
      const waited = await (await outside).waiting;
      expect(seenInside).toBe(2);
      expect(waited.rows[0]?.n).toBe(2);

      // A failed transaction leaves nothing behind.
      await expect(
        first.db.transaction(async (tx) => {
          await tx.insert(employers).values(employer(903));
          await tx.insert(employers).values(employer(903));
        }),
      ).rejects.toThrow();
    } finally {
      await first.close();
    }

    const second = await openDatabase({ dataDir: path.join(dir, 'db') });
    try {
      const rows = await second.db.select({ pk: employers.employerPK }).from(employers).orderBy(employers.employerPK);
      expect(rows.map((r) => r.pk)).toEqual([901, 902]);
    } finally {
      await second.close();
    }
  });

  it("leaves the server's timers running while a long query works", async () => {
    const opened = await openDatabase({ dataDir: path.join(dir, 'slow') });
    try {
      const started = Date.now();
      let timerFiredAfter: number | undefined;
      setTimeout(() => {
        timerFiredAfter = Date.now() - started;
      }, 10);
      await opened.db.execute(sql`select pg_sleep(1)`);
      // In-process, the timer could only run once the query gave the thread back, a second later.
      expect(timerFiredAfter).toBeDefined();
      expect(timerFiredAfter!).toBeLessThan(500);
    } finally {
      await opened.close();
    }
  });

  it('starts its database process again on the same folder when it dies, data intact', async () => {
    const dataDir = path.join(dir, 'restart');
    const opened = await openDatabase({ dataDir });
    const holder = async () =>
      (JSON.parse(await readFile(path.join(dataDir, LOCK_FILE), 'utf8')) as { pid: number }).pid;
    const count = async () =>
      (await opened.db.execute<{ n: number }>(sql`select count(*)::int as n from employers`)).rows[0]?.n;
    try {
      await opened.db.insert(employers).values(employer(911));
      const pid = await holder();

      const killedAt = Date.now();
      process.kill(pid, 'SIGKILL');
      // Until it is back, calls fail at once as "unavailable" (503), never hang.
      const failure = await count().then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(Date.now() - killedAt).toBeLessThan(5_000);

      let back: number | undefined;
      while (Date.now() - killedAt < 30_000) {
        const n = await count().catch(() => undefined);
        if (n !== undefined) {
          back = n;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(back).toBe(1);
      // A new process, which took over the killed one's lock.
      expect(await holder()).not.toBe(pid);
      console.info(`database process killed: answering again after ${Date.now() - killedAt} ms`);
    } finally {
      await opened.close();
    }
  });

  it('starts on a folder whose process was killed while creating the database, and migrates it', async () => {
    const dataDir = path.join(dir, 'first-start');
    const creating = fork(fileURLToPath(new URL('./pglite-process.mjs', import.meta.url)), [dataDir], {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    const exited = new Promise((resolve) => creating.once('exit', resolve));
    // Killed once the database files have begun to appear beside the lock, before the process is ready.
    let ready = false;
    creating.on('message', (message: { kind?: string }) => (ready ||= message.kind === 'ready'));
    const began = Date.now();
    while (Date.now() - began < 60_000) {
      const files = await readdir(dataDir).catch(() => [] as string[]);
      if (files.some((name) => name !== LOCK_FILE && !name.startsWith(`${LOCK_FILE}.`))) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    creating.kill('SIGKILL');
    await exited;
    expect(ready).toBe(false);

    const opened = await openDatabase({ dataDir });
    try {
      await opened.db.insert(employers).values(employer(921));
      const rows = await opened.db.select({ pk: employers.employerPK }).from(employers);
      expect(rows.map((r) => r.pk)).toEqual([921]);
    } finally {
      await opened.close();
    }
  });
});
