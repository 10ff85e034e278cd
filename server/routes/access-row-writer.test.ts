import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEvents } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { createAccessRowWriter } from './access-audit';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await database?.close();
});

const row = (actor: string, employerPK: number = 2) => ({
  actor,
  employerPK,
  action: 'access.read',
  endpoint: 'subscriberDetails',
  status: 200,
  ip: '127.0.0.1',
  records: ['subscriber:1'],
});

const rowsOf = (actor: string) => database.db.select().from(auditEvents).where(eq(auditEvents.actor, actor));

describe('access row writer', () => {
  it('stores the rows of one moment with one statement, and each caller learns its row is in', async () => {
    const write = createAccessRowWriter(database.db);
    const statements = vi.spyOn(database.db, 'execute');
    await Promise.all(Array.from({ length: 7 }, () => write(row('batch-user'))));
    expect(statements).toHaveBeenCalledTimes(1);
    statements.mockRestore();
    const stored = await rowsOf('batch-user');
    expect(stored).toHaveLength(7);
    expect(stored[0]).toMatchObject({
      actorEmail: null,
      employerPK: 2,
      action: 'access.read',
      endpoint: 'subscriberDetails',
      status: 200,
      ip: '127.0.0.1',
      records: ['subscriber:1'],
      detail: null,
    });
    expect(new Set(stored.map((r) => r.auditEventPK)).size).toBe(7);
  });

  it('keeps the other rows of a batch when one of them cannot be stored, and fails only its caller', async () => {
    const write = createAccessRowWriter(database.db);
    const outcomes = await Promise.allSettled([
      write(row('good-1')),
      // Out of the integer range: the database refuses it.
      write(row('bad', 2 ** 40)),
      write(row('good-2')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await rowsOf('good-1')).toHaveLength(1);
    expect(await rowsOf('good-2')).toHaveLength(1);
    expect(await rowsOf('bad')).toHaveLength(0);
  });
});
