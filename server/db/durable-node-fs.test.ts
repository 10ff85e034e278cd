import { fsyncSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DurableNodeFS, durableStartParams } from './durable-node-fs.mjs';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'durable-node-fs-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the embedded database on a folder', () => {
  it('has each commit on disk before it answers, in a transaction or not, and keeps the data', async () => {
    const synced: string[] = [];
    const open = () =>
      PGlite.create({
        fs: new DurableNodeFS(path.join(dir, 'db'), {
          fsync: (fd: number) => {
            synced.push(readlinkSync(`/proc/self/fd/${fd}`));
            fsyncSync(fd);
          },
        }),
        startParams: durableStartParams,
      });
    const db = await open();
    try {
      expect((await db.query<{ fsync: string }>('show fsync')).rows[0]?.fsync).toBe('on');
      await db.exec('create table kept (id int primary key)');
      const walSyncs = () => synced.filter((file) => file.includes(`${path.sep}pg_wal${path.sep}`)).length;

      let before = walSyncs();
      await db.query('insert into kept values (1)');
      expect(walSyncs()).toBeGreaterThan(before);

      before = walSyncs();
      await db.transaction(async (tx) => {
        await tx.query('insert into kept values (2)');
      });
      expect(walSyncs()).toBeGreaterThan(before);

      // A read commits nothing and waits for no disk.
      before = walSyncs();
      await db.query('select count(*) from kept');
      expect(walSyncs()).toBe(before);
    } finally {
      await db.close();
    }
    const reopened = await open();
    try {
      expect((await reopened.query<{ id: number }>('select id from kept order by id')).rows).toEqual([
        { id: 1 },
        { id: 2 },
      ]);
    } finally {
      await reopened.close();
    }
  });
});
