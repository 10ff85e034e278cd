// Status changes of stored requests: every change goes through the lifecycle table and leaves a row in
// requestStatusHistory saying who and when.
import { and, eq, inArray } from 'drizzle-orm';
import { canAccess, type Role } from '../../../src/contracts/permissions';
import type { LifecycleEvent, RequestStatus } from '../../../src/contracts/requests';
import type { Db } from '../../db/client';
import { requestStatusHistory, requests } from '../../db/schema';
import { conflict, notFound } from '../../lib/problem';
import { IllegalTransitionError, transition } from './request-lifecycle';

/** `changedBy` of the changes the processing worker makes. */
export const PROCESSING_ACTOR = 'system:processing';
export const APPROVED_ON_SUBMISSION_NOTE = 'approved on submission';

/** Who submitted a request, with their roles in its group. */
type Submitter = { actor: string; roles: readonly Role[] };

type Change = { actor: string; note?: string | null };

/**
 * Moves a request the caller has locked (or just created) on from its status by `event`. The update is
 * guarded by that status as well, so a row changed behind the caller's back is never overwritten. The
 * history row takes the database's transaction time, like every other history row, so rows of one
 * transaction tie and keep their insertion order.
 */
export async function changeStatus(
  tx: Db,
  request: { requestPK: number; status: RequestStatus },
  event: LifecycleEvent,
  change: Change,
): Promise<RequestStatus> {
  const to = transition(request.status, event);
  const updated = await tx
    .update(requests)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(requests.requestPK, request.requestPK), eq(requests.status, request.status)))
    .returning({ requestPK: requests.requestPK });
  if (updated.length === 0) throw new Error(`request ${request.requestPK} was not ${request.status}`);
  await tx.insert(requestStatusHistory).values({
    requestPK: request.requestPK,
    status: to,
    changedBy: change.actor,
    note: change.note ?? null,
  });
  return to;
}

/**
 * HR (and GroupAdmin) approve by submitting: a request of theirs that has just become Submitted moves on
 * to HRApproved at once, with a history row of its own. Anyone else's stays Submitted.
 */
export async function approveOnSubmission(tx: Db, requestPK: number, submitter: Submitter): Promise<RequestStatus> {
  if (!canAccess(submitter.roles, 'approve')) return 'Submitted';
  return changeStatus(tx, { requestPK, status: 'Submitted' }, 'hrApprove', {
    actor: submitter.actor,
    note: APPROVED_ON_SUBMISSION_NOTE,
  });
}

/** The request, locked for this transaction; 404 when it is not in the group. */
async function lockRequest(tx: Db, requestPK: number, employerPK: number) {
  const [row] = await tx
    .select({ requestPK: requests.requestPK, status: requests.status })
    .from(requests)
    .where(and(eq(requests.requestPK, requestPK), eq(requests.employerPK, employerPK)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** A user's move of a request of the group: 409 with the lifecycle's message when it is not allowed. */
export async function userChangesStatus(
  db: Db,
  target: { requestPK: number; employerPK: number },
  event: LifecycleEvent,
  actor: string,
) {
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, target.requestPK, target.employerPK);
    try {
      const status = await changeStatus(tx, row, event, { actor });
      return { requestPK: row.requestPK, status };
    } catch (error) {
      if (error instanceof IllegalTransitionError) throw conflict(error.message);
      throw error;
    }
  });
}

/**
 * HR's approval of many Submitted requests at once (those of a closed open enrollment window): one
 * guarded update and one history row each, as `changeStatus` makes them one by one. Rows no longer
 * Submitted are left alone. Answers the requests approved.
 */
export async function approveSubmitted(tx: Db, requestPKs: number[], change: Change): Promise<number[]> {
  if (requestPKs.length === 0) return [];
  const to = transition('Submitted', 'hrApprove');
  const updated = await tx
    .update(requests)
    .set({ status: to, updatedAt: new Date() })
    .where(and(inArray(requests.requestPK, requestPKs), eq(requests.status, 'Submitted')))
    .returning({ requestPK: requests.requestPK });
  if (updated.length > 0)
    await tx.insert(requestStatusHistory).values(
      updated.map((r) => ({
        requestPK: r.requestPK,
        status: to,
        changedBy: change.actor,
        note: change.note ?? null,
      })),
    );
  return updated.map((r) => r.requestPK);
}
