// The census's worker on PostgreSQL, through its serving-thread side: batches in, file bytes out.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresPoolOf } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import { CensusCopyThread } from './census-copy-thread';
import { censusSessions } from './census-sessions';

const onPostgres = Boolean(process.env.DATABASE_URL);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe.runIf(onPostgres)("a census's worker", () => {
  it('answers each batch with its CSV lines, fails a batch that fails alone, and closes its sessions at the end', async () => {
    const thread = new CensusCopyThread(postgresPoolOf(database.db)!);
    try {
      const copy = (lines: string) => thread.copy(`copy (select unnest(array[${lines}])) to stdout`);
      const first = await copy(`'a,b', 'back\\slash', 'tab' || chr(9) || 'in'`);
      expect(Buffer.concat(first.chunks).toString('utf8')).toBe('a,b\r\nback\\slash\r\ntab\tin\r\n');
      expect(first.rows).toBe(3);
      await expect(thread.copy('copy (select (1 / 0)::text) to stdout')).rejects.toThrow(/division by zero/);
      const [second, third] = await Promise.all([copy(`'c'`), copy(`'d', 'e'`)]);
      expect(Buffer.concat(second.chunks).toString('utf8')).toBe('c\r\n');
      expect(third).toMatchObject({ rows: 2 });
      expect(await censusSessions(database.db)).toBeGreaterThan(0);
    } finally {
      thread.end();
    }
    await vi.waitFor(async () => expect(await censusSessions(database.db)).toBe(0), { timeout: 10_000 });
  });
});
