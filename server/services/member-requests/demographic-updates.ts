// Demographic updates (spec 1 §2 update flow, §4 pending requests): an update of a subscriber or a
// dependent is stored as a Submitted request (member-request-store.ts); the member row changes only
// when processing applies the request.
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { OFFERED_RELATIONSHIP_PKS } from '../../../src/contracts/lookups';
import { MESSAGES, ssnLast4Of, zipCode } from '../../../src/contracts/person-rules';
import type { updateSubscriberBody } from '../../../src/contracts/subscribers';
import type { updateDependentBody } from '../../../src/contracts/dependents';
import type { Db } from '../../db/client';
import { dependents, subscribers } from '../../db/schema';
import { addError, invalidFields, mergeErrors, throwFieldErrors, type FieldErrors } from '../../lib/field-errors';
import { notFound } from '../../lib/problem';
import {
  dependentOf,
  insertSubmittedRequest,
  lockSubscriber,
  refusePending,
  unknownLookupErrors,
  type Caller,
} from './member-request-store';

type UpdateSubscriberBody = z.output<typeof updateSubscriberBody>;
type UpdateDependentBody = z.output<typeof updateDependentBody>;

const SSN_LAST4_MISMATCH_MESSAGE = 'The last 4 digits of the SSN do not match the member on file.';
const SSN_TAKEN_MESSAGE = 'Another subscriber of this group already has this SSN.';
const RELATIONSHIP_NOT_OFFERED_MESSAGE = 'This relationship cannot be chosen.';

/**
 * SSN of an update: a typed full SSN replaces the one on file and its last 4 are derived from it
 * (whatever ssnLast4 says); otherwise ssnLast4 must be the one on file, since a changed last 4 alone
 * could never be applied.
 */
function resolveSsn(
  typed: { ssn?: string | undefined; ssnLast4?: string | undefined },
  storedLast4: string | null,
  field: string,
): { ssn: string | null; ssnLast4: string | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (typed.ssn) return { ssn: typed.ssn, ssnLast4: ssnLast4Of(typed.ssn), errors };
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

export async function updateSubscriber(db: Db, caller: Caller, subscriberPK: number, body: UpdateSubscriberBody) {
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

export async function updateDependent(db: Db, caller: Caller, dependentPK: number, body: UpdateDependentBody) {
  requireSameGroup(body.employerPK, caller.employerPK);
  const form = body.dependent;
  if (form.dependentPK !== undefined && form.dependentPK !== dependentPK) {
    throw invalidFields({
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
