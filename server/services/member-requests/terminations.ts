// Termination requests (spec 1 §2 terminate flow, §3 termination payload, §4 "Termination"). Like the
// demographic updates they are stored as Submitted requests; the member's term date is set only when
// the request is applied. The terminations row carries the dates and the reason for that step.
import type { z } from 'zod';
import { OTHER_TERMINATION_REASON } from '../../../src/contracts/lookups';
import {
  DEPENDENT_ALREADY_TERMED_MESSAGE,
  isBeyondRetroWindow,
  RETRO_TERMINATION_MESSAGE,
  SUBSCRIBER_ALREADY_TERMED_MESSAGE,
  type terminationPayload,
} from '../../../src/contracts/terminations';
import type { Db } from '../../db/client';
import { terminations } from '../../db/schema';
import { localToday } from '../../lib/calendar';
import { addError, mergeErrors, throwFieldErrors, type FieldErrors } from '../../lib/field-errors';
import { badRequest, conflict } from '../../lib/problem';
import {
  dependentOf,
  insertSubmittedRequest,
  lockSubscriber,
  refusePending,
  unknownLookupErrors,
  type Caller,
} from './member-request-store';

type TerminationBody = z.output<typeof terminationPayload>;

const DEPENDENT_REQUIRED_MESSAGE = 'A dependent is required.';
const NOT_A_DEPENDENT_TERMINATION_MESSAGE = 'A subscriber termination names no dependent; use TerminateDependent.';

/** Dates more than 90 days before today are refused (spec 1 §4); today and later are fine. */
function retroDateErrors(body: Pick<TerminationBody, 'eventDate' | 'terminationDate'>, today = localToday()) {
  const errors: FieldErrors = {};
  if (isBeyondRetroWindow(body.terminationDate, today)) addError(errors, 'terminationDate', RETRO_TERMINATION_MESSAGE);
  if (isBeyondRetroWindow(body.eventDate, today)) addError(errors, 'eventDate', RETRO_TERMINATION_MESSAGE);
  return errors;
}

/** A terminatePlanReason pk, or 99 'other reason', which the screen adds to the list (spec 1 §3). */
async function reasonErrors(db: Db, reasonPK: number | undefined) {
  if (reasonPK === OTHER_TERMINATION_REASON.pk) return {};
  return unknownLookupErrors(db, [{ field: 'reasonPK', kind: 'terminatePlanReason', pk: reasonPK }]);
}

/** 400 with every field error; a date out of the window also gives its message as the detail, for the error modal. */
function throwTerminationErrors(errors: FieldErrors) {
  const retro = Object.values(errors).some((messages) => messages.includes(RETRO_TERMINATION_MESSAGE));
  if (retro) throw badRequest(RETRO_TERMINATION_MESSAGE, errors);
  throwFieldErrors(errors);
}

type Termination = {
  kind: 'Terminate' | 'TerminateDependent';
  body: TerminationBody;
  subscriber: { subscriberPK: number; firstName: string; lastName: string };
  dependentPK: number | null;
};

/** The request and the terminations row that the applying step reads the dates and reason from. */
async function storeTermination(tx: Db, caller: Caller, { kind, body, subscriber, dependentPK }: Termination) {
  const answer = await insertSubmittedRequest(tx, {
    employerPK: caller.employerPK,
    subscriber,
    dependentPK,
    type: kind,
    changeReasonPK: null,
    payload: { ...body, dependentPK },
    ssn: null,
    actor: caller.actor,
    roles: caller.roles,
  });
  await tx.insert(terminations).values({
    requestPK: answer.requestPK,
    employerPK: caller.employerPK,
    subscriberPK: subscriber.subscriberPK,
    dependentPK,
    eventDate: body.eventDate,
    terminationDate: body.terminationDate,
    reasonPK: body.reasonPK ?? null,
    comment: body.comment ?? null,
    createdBy: caller.actor,
  });
  return answer;
}

/** TerminateSubscriber: the body's subscriber must be in the body's group (authorised) else 404. */
export async function terminateSubscriber(db: Db, caller: Caller, body: TerminationBody) {
  if (body.dependentPK != null) {
    throw badRequest(NOT_A_DEPENDENT_TERMINATION_MESSAGE, { dependentPK: [NOT_A_DEPENDENT_TERMINATION_MESSAGE] });
  }
  return db.transaction(async (tx) => {
    const subscriber = await lockSubscriber(tx, body.subscriberPK, caller.employerPK);
    if (subscriber.termDate !== null) throw conflict(SUBSCRIBER_ALREADY_TERMED_MESSAGE);
    throwTerminationErrors(mergeErrors(retroDateErrors(body), await reasonErrors(tx, body.reasonPK)));
    await refusePending(tx, 'Terminate', { subscriberPK: subscriber.subscriberPK });
    return storeTermination(tx, caller, { kind: 'Terminate', body, subscriber, dependentPK: null });
  });
}

/** TerminateDependent: the dependent must be the body's subscriber's, in the body's group, else 404. */
export async function terminateDependent(db: Db, caller: Caller, body: TerminationBody) {
  const dependentPK = body.dependentPK;
  if (dependentPK == null) throw badRequest(DEPENDENT_REQUIRED_MESSAGE, { dependentPK: [DEPENDENT_REQUIRED_MESSAGE] });
  return db.transaction(async (tx) => {
    const subscriber = await lockSubscriber(tx, body.subscriberPK, caller.employerPK);
    const dependent = await dependentOf(tx, subscriber.subscriberPK, dependentPK);
    if (dependent.termDate !== null) throw conflict(DEPENDENT_ALREADY_TERMED_MESSAGE);
    // A termed subscriber's dependents ended with them (seeded that way too).
    if (subscriber.termDate !== null) throw conflict(SUBSCRIBER_ALREADY_TERMED_MESSAGE);
    throwTerminationErrors(mergeErrors(retroDateErrors(body), await reasonErrors(tx, body.reasonPK)));
    await refusePending(tx, 'TerminateDependent', { dependentPK });
    // A pending subscriber termination already ends every dependent's coverage.
    await refusePending(tx, 'Terminate', { subscriberPK: subscriber.subscriberPK });
    return storeTermination(tx, caller, { kind: 'TerminateDependent', body, subscriber, dependentPK });
  });
}
