import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import { countWaitingRequests, processPendingRequests, startProcessingWorker } from './processing';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  // More than one waiting request, so that a stop between two claims can be seen.
  const [approved] = await database.db.select().from(requests).where(eq(requests.status, 'HRApproved')).limit(1);
  const { requestPK: _pk, ...copy } = approved!;
  await database.db.insert(requests).values([copy, copy]);
});
afterAll(async () => {
  await database?.close();
});

/** A signal that lets `allowed` requests be claimed, then reads as aborted (a shutdown mid-run). */
function abortAfter(allowed: number): AbortSignal {
  let checks = 0;
  return {
    get aborted() {
      checks += 1;
      return checks > allowed;
    },
  } as AbortSignal;
}

describe('stopping the processing worker', () => {
  it('claims nothing once aborted, and finishes the request in hand when aborted mid-run', async () => {
    const waiting = await countWaitingRequests(database.db);
    expect(waiting).toBeGreaterThanOrEqual(3);

    expect(await processPendingRequests(database.db, { signal: AbortSignal.abort() })).toEqual([]);
    expect(await countWaitingRequests(database.db)).toBe(waiting);

    const outcomes = await processPendingRequests(database.db, { signal: abortAfter(1) });
    expect(outcomes).toHaveLength(1);
    expect(['PushedToRemote', 'HEZRejected']).toContain(outcomes[0]!.status);
    expect(await countWaitingRequests(database.db)).toBe(waiting - 1);
  });

  it('stop() ends the timer and waits for the run in progress; nothing is processed after it', async () => {
    const worker = startProcessingWorker(database.db, 5);
    await sleep(30);
    await worker.stop();
    const left = await countWaitingRequests(database.db);
    await sleep(50);
    expect(await countWaitingRequests(database.db)).toBe(left);
    // A second stop (the app's close after its drain) waits for the same, finished run.
    await worker.stop();
  });
});
