import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import { changePlanReasonList, dropdownLists, listLookup } from './lookups';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});

afterAll(async () => {
  await database?.close();
});

describe('reference lists', () => {
  it('answers every list in display order from one read of the database', async () => {
    const select = vi.spyOn(database.db, 'select');
    const genders = await listLookup(database.db, 'gender');
    const lists = await dropdownLists(database.db);
    const common = await changePlanReasonList(database.db, false);
    const all = await changePlanReasonList(database.db, true);
    expect(select).toHaveBeenCalledTimes(1);
    select.mockRestore();

    expect(genders.map((g) => g.name)).toEqual(lists.genders.map((g) => g.name));
    expect(genders.length).toBeGreaterThan(1);
    expect(lists.states.every((state) => /^[A-Z]{2}$/.test(state.code))).toBe(true);
    expect(all).toEqual(lists.changePlanReasons);
    expect(common.length).toBeGreaterThan(0);
    expect(common.length).toBeLessThan(all.length);
    expect(all.filter((reason) => common.some((c) => c.pk === reason.pk))).toEqual(common);
  });

  it('reads again after a failed read instead of keeping the failure', async () => {
    const other = await createTestDatabase({ seed: true });
    try {
      const select = vi.spyOn(other.db, 'select').mockImplementationOnce(() => {
        throw new Error('connection lost');
      });
      await expect(listLookup(other.db, 'gender')).rejects.toThrow('connection lost');
      expect((await listLookup(other.db, 'gender')).length).toBeGreaterThan(1);
      expect(select).toHaveBeenCalledTimes(2);
    } finally {
      await other.close();
    }
  });
});
