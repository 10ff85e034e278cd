// Member maintenance (spec 1 §2 update flow, §4 pending requests): a demographic update is stored as a
// Submitted request with its status history; the member row changes only when a later step applies
// the request. Terminations share the request bookkeeping here and live in terminations.ts.
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { OFFERED_RELATIONSHIP_PKS, type LookupKind } from '../../src/contracts/lookups';
import { MESSAGES, zipCode } from '../../src/contracts/person-rules';
import { PENDING_MESSAGES, PENDING_STATUSES, type RequestStatus } from '../../src/contracts/requests';
import type { RequestType, updateSubscriberBody } from '../../src/contracts/subscribers';
import type { updateDependentBody } from '../../src/contracts/dependents';
import type { Role } from '../../src/contracts/permissions';
import type { Db } from '../db/client';
import { dependents, lookupValues, requestStatusHistory, requests, subscribers } from '../db/schema';
import { badRequest, conflict, notFound } from '../lib/problem';
import { approveOnSubmission } from './request-status';

type UpdateSubscriberBody = z.output<typeof updateSubscriberBody>;
type UpdateDependentBody = z.output<typeof updateDependentBody>;
export type FieldErrors = Record<string, string[]>;

/** Who asks, for which group (the one the call was authorised for), with their roles there. */
export type Caller = { actor: string; employerPK: number; roles: readonly Role[] };

export const SSN_LAST4_MISMATCH_MESSAGE = 'The last 4 digits of the SSN do not match the member on file.';
export const SSN_TAKEN_MESSAGE = 'Another subscriber of this group already has this SSN.';
export const RELATIONSHIP_NOT_OFFERED_MESSAGE = 'This relationship cannot be chosen.';
const UNKNOWN_VALUE_MESSAGE = 'Unknown value.';

const FIELD_ERRORS_DETAIL = 'The request has invalid fields.';

/** Throws one 400 listing every field error together (spec 1 §5), or returns when there are none. */
export function throwFieldErrors(errors: FieldErrors) {
  if (Object.keys(errors).length > 0) throw badRequest(FIELD_ERRORS_DETAIL, errors);
}

export function addError(errors: FieldErrors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

/** Field errors of several rules, one list per field. */
export function mergeErrors(...sources: FieldErrors[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const source of sources) {
    for (const [field, messages] of Object.entries(source))
      for (const message of messages) addError(errors, field, message);
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------------
// Shared request bookkeeping.

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

/** Pending message per request type; the SPA shows it as the already-pending notice. */
export function pendingMessage(type: Exclude<RequestType, 'NewEnrollment'>): string {
  return PENDING_MESSAGES[type];
}

/** 409 when the member already has a request of this type waiting to be applied. */
export async function refusePending(
  tx: Db,
  type: Exclude<RequestType, 'NewEnrollment'>,
  member: { subscriberPK: number } | { dependentPK: number },
) {
  const [found] = await tx
    .select({ requestPK: requests.requestPK })
    .from(requests)
    .where(
      and(
        eq(requests.type, type),
        inArray(requests.status, [...PENDING_STATUSES]),
        'dependentPK' in member
          ? eq(requests.dependentPK, member.dependentPK)
          : eq(requests.subscriberPK, member.subscriberPK),
      ),
    )
    .limit(1);
  if (found) throw conflict(pendingMessage(type));
}

export type NewMemberRequest = {
  employerPK: number;
  subscriber: { subscriberPK: number; firstName: string; lastName: string };
  dependentPK: number | null;
  type: Exclude<RequestType, 'NewEnrollment'>;
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

const lastFour = (ssn: string) => ssn.slice(-4);

/**
 * SSN of an update: a typed full SSN replaces the one on file and its last 4 are derived from it
 * (whatever ssnLast4 says); otherwise ssnLast4 must be the one on file, since a changed last 4 alone
 * could never be applied.
 */
export function resolveSsn(
  typed: { ssn?: string | undefined; ssnLast4?: string | undefined },
  storedLast4: string | null,
  field: string,
): { ssn: string | null; ssnLast4: string | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (typed.ssn) return { ssn: typed.ssn, ssnLast4: lastFour(typed.ssn), errors };
  if (typed.ssnLast4 !== undefined && typed.ssnLast4 !== storedLast4) {
    addError(errors, `${field}.ssnLast4`, SSN_LAST4_MISMATCH_MESSAGE);
  }
  return { ssn: null, ssnLast4: storedLast4, errors };
}

/** The group keys subscribers by SSN, so a typed SSN of someone else could never be applied. */
async function ssnTakenErrors(db: Db, employerPK: number, subscriberPK: number, ssn: string | null) {
  const errors: FieldErrors = {};
  if (!ssn) return errors;
  const [other] = await db
    .select({ subscriberPK: subscribers.subscriberPK })
    .from(subscribers)
    .where(and(eq(subscribers.employerPK, employerPK), eq(subscribers.ssn, ssn)));
  if (other && other.subscriberPK !== subscriberPK) addError(errors, 'subscriber.ssn', SSN_TAKEN_MESSAGE);
  return errors;
}

/** The body names a group; it must be the member's own, else the member is "not found" there. */
function requireSameGroup(bodyEmployerPK: number, memberEmployerPK: number) {
  if (bodyEmployerPK !== memberEmployerPK) throw notFound();
}

// ---------------------------------------------------------------------------------------------------
// UpdateSubscriber.

export async function requestSubscriberUpdate(
  db: Db,
  caller: Caller,
  subscriberPK: number,
  body: UpdateSubscriberBody,
) {
  requireSameGroup(body.employerPK, caller.employerPK);
  return db.transaction(async (tx) => {
    const member = await lockSubscriber(tx, subscriberPK, caller.employerPK);
    const form = body.subscriber;
    const ssn = resolveSsn(form, member.ssnLast4, 'subscriber');
    const errors = mergeErrors(
      ssn.errors,
      await ssnTakenErrors(tx, caller.employerPK, subscriberPK, ssn.ssn),
      await unknownLookupErrors(tx, [
        { field: 'subscriber.genderID', kind: 'gender', pk: form.genderID },
        { field: 'subscriber.stateID', kind: 'state', pk: form.stateID },
        { field: 'subscriber.maritalStatusPK', kind: 'maritalStatus', pk: form.maritalStatusPK },
        {
          field: 'changeReasonDetails.changeReasonPK',
          kind: 'changePlanReason',
          pk: body.changeReasonDetails?.changeReasonPK,
        },
      ]),
    );
    throwFieldErrors(errors);
    await refusePending(tx, 'Subscriber', { subscriberPK });

    const { ssn: _typed, ...person } = form;
    return insertSubmittedRequest(tx, {
      employerPK: caller.employerPK,
      subscriber: member,
      dependentPK: null,
      type: 'Subscriber',
      changeReasonPK: body.changeReasonDetails?.changeReasonPK ?? null,
      payload: {
        subscriberPK,
        employerPK: body.employerPK,
        subscriber: { ...person, ssnLast4: ssn.ssnLast4 },
        changeReasonDetails: body.changeReasonDetails ?? null,
      },
      ssn: ssn.ssn,
      actor: caller.actor,
      roles: caller.roles,
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// UpdateDependent.

/** Relationships offered are 1, 3 and 24 (spec 1 §5); a dependent already on file may keep its own. */
function relationshipErrors(relationshipPK: number, current: number): FieldErrors {
  const errors: FieldErrors = {};
  const offered: readonly number[] = OFFERED_RELATIONSHIP_PKS;
  if (relationshipPK !== current && !offered.includes(relationshipPK)) {
    addError(errors, 'dependent.relationshipPK', RELATIONSHIP_NOT_OFFERED_MESSAGE);
  }
  return errors;
}

/** The contract leaves a dependent's own address loose; a typed zip still has to be a zip. */
function dependentZipErrors(zip: string | undefined): FieldErrors {
  const errors: FieldErrors = {};
  if (zip && !zipCode.safeParse(zip).success) addError(errors, 'dependent.address.zipCode', MESSAGES.zip);
  return errors;
}

export async function requestDependentUpdate(db: Db, caller: Caller, dependentPK: number, body: UpdateDependentBody) {
  requireSameGroup(body.employerPK, caller.employerPK);
  const form = body.dependent;
  if (form.dependentPK !== undefined && form.dependentPK !== dependentPK) {
    throw badRequest(FIELD_ERRORS_DETAIL, {
      'dependent.dependentPK': ['Does not match the dependentPK of the query.'],
    });
  }
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ subscriberPK: dependents.subscriberPK })
      .from(dependents)
      .where(eq(dependents.dependentPK, dependentPK));
    if (!owner) throw notFound();
    const subscriber = await lockSubscriber(tx, owner.subscriberPK, caller.employerPK);
    const member = await dependentOf(tx, subscriber.subscriberPK, dependentPK);

    const ssn = resolveSsn(form, member.ssnLast4, 'dependent');
    const errors = mergeErrors(
      ssn.errors,
      relationshipErrors(form.relationshipPK, member.relationshipPK),
      dependentZipErrors(form.address?.zipCode),
      await unknownLookupErrors(tx, [
        { field: 'dependent.genderPK', kind: 'gender', pk: form.genderPK },
        { field: 'dependent.relationshipPK', kind: 'relationship', pk: form.relationshipPK },
        { field: 'dependent.maritalStatusPK', kind: 'maritalStatus', pk: form.maritalStatusPK },
        { field: 'dependent.address.stateID', kind: 'state', pk: form.address?.stateID },
        {
          field: 'changeReasonDetails.changeReasonPK',
          kind: 'changePlanReason',
          pk: body.changeReasonDetails?.changeReasonPK,
        },
      ]),
    );
    throwFieldErrors(errors);
    await refusePending(tx, 'Dependent', { dependentPK });

    const { ssn: _typed, ...person } = form;
    return insertSubmittedRequest(tx, {
      employerPK: caller.employerPK,
      subscriber,
      dependentPK,
      type: 'Dependent',
      changeReasonPK: body.changeReasonDetails?.changeReasonPK ?? null,
      payload: {
        subscriberPK: subscriber.subscriberPK,
        dependentPK,
        employerPK: body.employerPK,
        dependent: { ...person, dependentPK, ssnLast4: ssn.ssnLast4 },
        changeReasonDetails: body.changeReasonDetails ?? null,
      },
      ssn: ssn.ssn,
      actor: caller.actor,
      roles: caller.roles,
    });
  });
}
