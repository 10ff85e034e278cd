// Termination requests (spec 1 §2 terminate flow, §3 termination payload, §4 "Termination"). Like the
// demographic updates they are stored as Submitted requests; the member's term date is set only when
// the request is applied. The terminations row carries the dates and the reason for that step.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { OTHER_TERMINATION_REASON } from '../../../src/contracts/lookups';
import { PENDING_STATUSES, SUBSCRIBER_BLOCKING_TYPES, subscriberPendingNotice } from '../../../src/contracts/requests';
import {
  DEPENDENT_ALREADY_TERMED_MESSAGE,
  isBeyondRetroWindow,
  RETRO_TERMINATION_MESSAGE,
  SUBSCRIBER_ALREADY_TERMED_MESSAGE,
  type terminationChoice,
  type terminationPayload,
} from '../../../src/contracts/terminations';
import { bulkInsert } from '../../db/bulk-insert';
import type { Db } from '../../db/client';
import { requestStatusHistory, requests, subscribers, terminations } from '../../db/schema';
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

type TerminationChoice = z.output<typeof terminationChoice>;

/** Refuses a termination's dates and reason (400) as the terminate screen is refused. */
export async function checkTerminationChoice(db: Db, choice: TerminationChoice): Promise<void> {
  throwTerminationErrors(mergeErrors(retroDateErrors(choice), await reasonErrors(db, choice.reasonPK)));
}

/**
 * Terminate requests for many subscribers of the caller's group at once, with the same dates and
 * reason (a roster that no longer holds them), in set-based statements. A subscriber already
 * terminated, gone from the group, or with a request waiting that a termination would clash with is
 * left out with the terminate screen's message. The choice must have passed checkTerminationChoice.
 */
export async function storeTerminations(
  tx: Db,
  caller: Omit<Caller, 'roles'>,
  choice: TerminationChoice,
  subscriberPKs: readonly number[],
  note: string,
): Promise<{ requestPKs: Map<number, number>; refused: Map<number, string> }> {
  const requestPKs = new Map<number, number>();
  const refused = new Map<number, string>();
  if (subscriberPKs.length === 0) return { requestPKs, refused };
  const list = (values: readonly string[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  // Locked like lockSubscriber does for one: a concurrent request for the same member waits here.
  const locked = await tx.execute(sql`
    select s.subscriber_pk, s.first_name, s.last_name, s.term_date,
      coalesce((select array_agg(distinct q.type) from ${requests} q
        where q.subscriber_pk = s.subscriber_pk and q.type in (${list(SUBSCRIBER_BLOCKING_TYPES)})
          and q.status in (${list(PENDING_STATUSES)})), '{}') as pending
    from ${subscribers} s
    where s.employer_pk = ${caller.employerPK}
      and s.subscriber_pk in (${sql.join(
        subscriberPKs.map((pk) => sql`${pk}::int`),
        sql`, `,
      )})
    for update of s`);
  const members = (
    locked.rows as {
      subscriber_pk: number;
      first_name: string;
      last_name: string;
      term_date: string | null;
      pending: string[];
    }[]
  ).map((r) => ({
    subscriberPK: Number(r.subscriber_pk),
    firstName: r.first_name,
    lastName: r.last_name,
    termDate: r.term_date,
    pending: r.pending,
  }));
  const found = new Map(members.map((m) => [m.subscriberPK, m]));
  const ready: typeof members = [];
  for (const subscriberPK of subscriberPKs) {
    const member = found.get(subscriberPK);
    const pending = member ? subscriberPendingNotice('Terminate', member.pending) : null;
    if (!member) refused.set(subscriberPK, 'This member is no longer in the group.');
    else if (member.termDate !== null) refused.set(subscriberPK, SUBSCRIBER_ALREADY_TERMED_MESSAGE);
    else if (pending) refused.set(subscriberPK, pending);
    else ready.push(member);
  }
  if (ready.length === 0) return { requestPKs, refused };
  const inserted = await bulkInsert(
    tx,
    requests,
    ready.map((m) => ({
      employerPK: caller.employerPK,
      subscriberPK: m.subscriberPK,
      type: 'Terminate' as const,
      status: 'Submitted' as const,
      saveStep: 4,
      subscriberFirstName: m.firstName,
      subscriberLastName: m.lastName,
      createdBy: caller.actor,
    })),
    { returning: [requests.requestPK, requests.subscriberPK] },
  );
  for (const row of inserted) requestPKs.set(Number(row.subscriber_pk), Number(row.request_pk));
  const payloads = ready.map((m) => ({
    request_pk: requestPKs.get(m.subscriberPK),
    payload: {
      subscriberPK: m.subscriberPK,
      employerPK: caller.employerPK,
      dependentPK: null,
      firstName: m.firstName,
      lastName: m.lastName,
      ...choice,
    },
  }));
  // jsonb cannot ride in the array insert: one update for all of them.
  await tx.execute(sql`
    update requests r set payload = x.payload
    from jsonb_to_recordset(${JSON.stringify(payloads)}::jsonb) as x(request_pk int, payload jsonb)
    where r.request_pk = x.request_pk`);
  await bulkInsert(
    tx,
    requestStatusHistory,
    ready.map((m) => ({
      requestPK: requestPKs.get(m.subscriberPK)!,
      status: 'Submitted' as const,
      changedBy: caller.actor,
      note,
    })),
  );
  await bulkInsert(
    tx,
    terminations,
    ready.map((m) => ({
      requestPK: requestPKs.get(m.subscriberPK)!,
      employerPK: caller.employerPK,
      subscriberPK: m.subscriberPK,
      dependentPK: null,
      eventDate: choice.eventDate,
      terminationDate: choice.terminationDate,
      reasonPK: choice.reasonPK ?? null,
      comment: choice.comment ?? null,
      createdBy: caller.actor,
    })),
  );
  return { requestPKs, refused };
}
