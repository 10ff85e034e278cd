import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import {
  DEFAULT_THROTTLE_POLICY,
  lockedForSeconds,
  lockMessage,
  recordFailedSignIn,
  recordSuccessfulSignIn,
} from './sign-in-throttle';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});

afterAll(async () => {
  await database?.close();
});

const failTimes = async (times: number, email: (i: number) => string, ip: string) => {
  let lastLock = 0;
  for (let i = 0; i < times; i++) lastLock = await recordFailedSignIn(database.db, email(i), ip);
  return lastLock;
};

describe('sign-in throttle', () => {
  it('locks an account on its fifth failure from any addresses, for 30 s, then twice as long each time', async () => {
    const db = database.db;
    expect(await failTimes(4, () => 'hr@example.com', '10.0.0.1')).toBe(0);
    expect(await lockedForSeconds(db, 'hr@example.com', '10.0.0.9')).toBe(0);
    expect(await recordFailedSignIn(db, 'hr@example.com', '10.0.0.2')).toBe(30);
    // The lock follows the account to any address, and not to other accounts.
    expect(await lockedForSeconds(db, 'HR@example.com ', '10.0.0.9')).toBeGreaterThan(28);
    expect(await lockedForSeconds(db, 'broker@example.com', '10.0.0.9')).toBe(0);

    // Five more failures (after the lock) double it.
    expect(await failTimes(5, () => 'hr@example.com', '10.0.0.3')).toBe(60);
  });

  it('caps the lock at 15 minutes', async () => {
    let lock = 0;
    for (let round = 0; round < 8; round++) lock = await failTimes(5, () => 'cap@example.com', '10.0.1.1');
    expect(lock).toBe(DEFAULT_THROTTLE_POLICY.maxLockSeconds);
  });

  it('forgets the count and the locks of an account at a successful sign-in', async () => {
    const db = database.db;
    await failTimes(4, () => 'admin@example.com', '10.0.2.1');
    await recordSuccessfulSignIn(db, 'admin@example.com');
    expect(await failTimes(4, () => 'admin@example.com', '10.0.2.2')).toBe(0);
  });

  it('locks an address that tries many accounts (password spraying), for every account', async () => {
    const lock = await failTimes(DEFAULT_THROTTLE_POLICY.addressFailures, (i) => `user${i}@example.com`, '10.0.3.1');
    expect(lock).toBe(30);
    expect(await lockedForSeconds(database.db, 'someone-else@example.com', '10.0.3.1')).toBeGreaterThan(28);
    expect(await lockedForSeconds(database.db, 'someone-else@example.com', '10.0.3.2')).toBe(0);
  });

  it('words the lock in whole minutes', () => {
    expect(lockMessage(30)).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
    expect(lockMessage(900)).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
  });
});
