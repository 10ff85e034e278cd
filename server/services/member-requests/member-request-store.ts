// The bookkeeping every member request shares (demographic updates and terminations): the member rows
// locked for the transaction, the one-pending-request rule, the lookup checks, and the Submitted request
// with its first status history row. The member itself changes only when processing applies the request.
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { LookupKind } from '../../../src/contracts/lookups';
import {
  PENDING_MESSAGES,
  PENDING_STATUSES,
  SUBSCRIBER_BLOCKING_TYPES,
  subscriberPendingNotice,
  type RequestStatus,
} from '../../../src/contracts/requests';
import type { RequestType } from '../../../src/contracts/subscribers';
import type { Role } from '../../../src/contracts/permissions';
import type { Db } from '../../db/client';
import { dependents, lookupValues, requestStatusHistory, requests, subscribers } from '../../db/schema';
import { addError, type FieldErrors } from '../../lib/field-errors';
import { conflict, notFound } from '../../lib/problem';
import { approveOnSubmission } from './request-status';

/** Who asks, for which group (the one the call was authorised for), with their roles there. */
export type Caller = { actor: string; employerPK: number; roles: readonly Role[] };

const UNKNOWN_VALUE_MESSAGE = 'Unknown value.';

/**
 * The subscriber row, locked for the rest of the transaction: two concurrent requests for the same
 * member then queue here, so the pending check below cannot be raced.
 */
export async function lockSubscriber(tx: Db, subscriberPK: number, employerPK: number) {
  const [row] = await tx
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.subscriberPK, subscriberPK), eq(subscribers.employerPK, employerPK)))
    .for('update');
  // A member of another group is answered as missing, like every other cross-group reference.
  if (!row) throw notFound();
  return row;
}

/** The dependent, when it belongs to the subscriber (404 otherwise, whatever group it is in). */
export async function dependentOf(tx: Db, subscriberPK: number, dependentPK: number) {
  const [row] = await tx
    .select()
    .from(dependents)
    .where(and(eq(dependents.dependentPK, dependentPK), eq(dependents.subscriberPK, subscriberPK)));
  if (!row) throw notFound();
  return row;
}

/**
 * 409 when the member already has a request waiting to be applied that stops this one: for a
 * dependent, one of the same type; for a subscriber, any pending Subscriber, change-coverage or
 * terminate request (spec 1 §4). The SPA shows the message as the already-pending notice.
 */
export async function refusePending(
  tx: Db,
  type: Exclude<RequestType, 'NewEnrollment' | 'OpenEnrollment' | 'LifeEvent'>,
  member: { subscriberPK: number } | { dependentPK: number },
  exceptRequestPK?: number,
) {
  const own = type === 'Dependent' || type === 'TerminateDependent' ? null : type;
  const subscriberWide = 'subscriberPK' in member && own !== null;
  const found = await tx
    .selectDistinct({ type: requests.type })
    .from(requests)
    .where(
      and(
        subscriberWide ? inArray(requests.type, [...SUBSCRIBER_BLOCKING_TYPES]) : eq(requests.type, type),
        inArray(requests.status, [...PENDING_STATUSES]),
        'dependentPK' in member
          ? eq(requests.dependentPK, member.dependentPK)
          : eq(requests.subscriberPK, member.subscriberPK),
        exceptRequestPK === undefined ? undefined : ne(requests.requestPK, exceptRequestPK),
      ),
    );
  if (found.length === 0) return;
  const message =
    subscriberWide && own
      ? subscriberPendingNotice(
          own,
          found.map((f) => f.type),
        )
      : PENDING_MESSAGES[type];
  if (message) throw conflict(message);
}

type NewMemberRequest = {
  employerPK: number;
  subscriber: { subscriberPK: number; firstName: string; lastName: string };
  dependentPK: number | null;
  type: Exclude<RequestType, 'NewEnrollment' | 'OpenEnrollment' | 'LifeEvent'>;
  changeReasonPK: number | null;
  /** What the request asks for; never a full SSN. */
  payload: Record<string, unknown>;
  /** A newly typed full SSN, kept in its own column so no payload reader can send it out. */
  ssn: string | null;
  actor: string;
  /** The actor's roles in the group: HR approves its own requests on submission. */
  roles: readonly Role[];
};

/**
 * Stores a request as Submitted (these flows have no wizard draft) with its first history row; one of
 * HR (or GroupAdmin) moves on to HRApproved at once.
 */
export async function insertSubmittedRequest(tx: Db, r: NewMemberRequest) {
  const status: RequestStatus = 'Submitted';
  const [inserted] = await tx
    .insert(requests)
    .values({
      employerPK: r.employerPK,
      subscriberPK: r.subscriber.subscriberPK,
      dependentPK: r.dependentPK,
      type: r.type,
      status,
      // Submitted whole, like a wizard request past its last step.
      saveStep: 4,
      changeReasonPK: r.changeReasonPK,
      payload: r.payload,
      subscriberFirstName: r.subscriber.firstName,
      subscriberLastName: r.subscriber.lastName,
      ssn: r.ssn,
      createdBy: r.actor,
    })
    .returning({ requestPK: requests.requestPK });
  if (!inserted) throw new Error('request insert returned no row');
  await tx.insert(requestStatusHistory).values({ requestPK: inserted.requestPK, status, changedBy: r.actor });
  return {
    requestPK: inserted.requestPK,
    status: await approveOnSubmission(tx, inserted.requestPK, { actor: r.actor, roles: r.roles }),
  };
}

/** Field errors for pks that are not in their lookup list. */
export async function unknownLookupErrors(
  db: Db,
  checks: { field: string; kind: LookupKind; pk: number | null | undefined }[],
): Promise<FieldErrors> {
  const wanted = checks.filter((c): c is typeof c & { pk: number } => typeof c.pk === 'number');
  const errors: FieldErrors = {};
  if (wanted.length === 0) return errors;
  const rows = await db
    .select({ kind: lookupValues.kind, pk: lookupValues.pk })
    .from(lookupValues)
    .where(inArray(lookupValues.kind, [...new Set(wanted.map((c) => c.kind))]));
  const known = new Set(rows.map((r) => `${r.kind}:${r.pk}`));
  for (const c of wanted) if (!known.has(`${c.kind}:${c.pk}`)) addError(errors, c.field, UNKNOWN_VALUE_MESSAGE);
  return errors;
}
