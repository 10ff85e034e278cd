// The provider-level (HEZ) processing worker. It runs inside the API (on a timer in development, called
// directly by tests): each HR-approved request is checked, then either rejected (HEZRejected, with the
// reason as the note) or approved and applied to member data and marked pushed (HEZApproved, then
// PushedToRemote), all in one transaction per request. Requests are claimed with FOR UPDATE SKIP
// LOCKED, so several API replicas can run the worker side by side without taking the same request.
// A pushed request joins its group's open carrier batch in the same transaction (carrier-feed/carrier-files.ts).
import { and, asc, count, eq, notInArray } from 'drizzle-orm';
import type { RequestStatus } from '../../../src/contracts/requests';
import type { Db } from '../../db/client';
import { startIntervalWorker, type IntervalWorker } from '../../lib/interval-worker';
import { requests } from '../../db/schema';
import { localToday } from '../../lib/calendar';
import { WAITING_FOR_FILE_NOTE, addToOpenBatch } from '../carrier-feed';
import { PROCESSING_ACTOR, changeStatus } from '../member-requests';
import { prepareRequest } from './processing-apply';
import { PROCESSING_NOTES } from './processing-outcome';

type ProcessingOutcome = { requestPK: number; status: RequestStatus; note?: string };

type ProcessingOptions = {
  /** At most this many requests per run; the rest wait for the next one. */
  limit?: number;
  today?: string;
  /** Where failures go; they never stop the run. */
  onError?: (error: unknown, requestPK: number | null) => void;
  /** Once aborted, no further request is claimed; the one in hand is finished (shutdown). */
  signal?: AbortSignal;
};

const DEFAULT_LIMIT = 100;

const logToConsole = (error: unknown, requestPK: number | null) =>
  console.error(`request processing failed${requestPK === null ? '' : ` for request ${requestPK}`}:`, error);

/** The oldest HR-approved request no other transaction holds, locked until this one ends. */
async function claimNext(tx: Db, skip: readonly number[]) {
  const [row] = await tx
    .select()
    .from(requests)
    .where(and(eq(requests.status, 'HRApproved'), skip.length ? notInArray(requests.requestPK, [...skip]) : undefined))
    .orderBy(asc(requests.requestPK))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

async function processClaimed(
  tx: Db,
  row: NonNullable<Awaited<ReturnType<typeof claimNext>>>,
  today: string,
  onError: NonNullable<ProcessingOptions['onError']>,
): Promise<ProcessingOutcome> {
  const actor = PROCESSING_ACTOR;
  const prepared = await prepareRequest(tx, row, today);
  let note = prepared.ok ? null : prepared.note;
  if (prepared.ok) {
    try {
      // A savepoint: a failing change is undone on its own, and the rejection below still commits.
      await tx.transaction((savepoint) => prepared.apply(savepoint));
    } catch (error) {
      onError(error, row.requestPK);
      note = PROCESSING_NOTES.applyFailed;
    }
  }
  if (note !== null) {
    const status = await changeStatus(tx, row, 'hezReject', { actor, note });
    return { requestPK: row.requestPK, status, note };
  }
  const approved = await changeStatus(tx, row, 'hezApprove', { actor });
  const status = await changeStatus(tx, { requestPK: row.requestPK, status: approved }, 'push', {
    actor,
    note: WAITING_FOR_FILE_NOTE,
  });
  await addToOpenBatch(tx, row);
  return { requestPK: row.requestPK, status };
}

/**
 * Processes the HR-approved requests waiting now, oldest first, and answers what became of each. A
 * request whose transaction fails (a lost connection, say) is left HRApproved for the next run.
 */
export async function processPendingRequests(db: Db, opts: ProcessingOptions = {}): Promise<ProcessingOutcome[]> {
  const { limit = DEFAULT_LIMIT, today = localToday(), onError = logToConsole, signal } = opts;
  const outcomes: ProcessingOutcome[] = [];
  const failed: number[] = [];
  while (outcomes.length + failed.length < limit && !signal?.aborted) {
    const claimed = { requestPK: null as number | null };
    try {
      const outcome = await db.transaction(async (tx) => {
        const row = await claimNext(tx, failed);
        if (!row) return null;
        claimed.requestPK = row.requestPK;
        return processClaimed(tx, row, today, onError);
      });
      if (!outcome) break;
      outcomes.push(outcome);
    } catch (error) {
      onError(error, claimed.requestPK);
      // Without a request in hand the database itself is failing: try again on the next run.
      if (claimed.requestPK === null) break;
      failed.push(claimed.requestPK);
    }
  }
  return outcomes;
}

/** Requests waiting for the worker (HR-approved); answered from a partial index, so cheap to ask often. */
export async function countWaitingRequests(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(requests).where(eq(requests.status, 'HRApproved'));
  return row?.n ?? 0;
}

/**
 * Runs processPendingRequests every `intervalMs`. On `stop` the run in progress claims no further
 * request and the one in hand finishes, so the database can close after.
 */
export function startProcessingWorker(
  db: Db,
  intervalMs: number,
  onError: NonNullable<ProcessingOptions['onError']> = logToConsole,
): IntervalWorker {
  return startIntervalWorker(
    intervalMs,
    (signal) => processPendingRequests(db, { onError, signal }),
    (error) => onError(error, null),
  );
}
