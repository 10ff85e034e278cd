// A member reports a qualifying event: the event's kind decides how long after the event it may be
// reported, when its changes take effect and which changes it allows (a divorce removes the former
// spouse, it adds no one). The report becomes one `LifeEvent` request, Submitted for HR.
import { and, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import {
  LIFE_EVENT_MESSAGES,
  PROOF_DUE_MAX_DAYS,
  lateMessage,
  lifeEventEffectiveDate,
  type LifeEventPayload,
  type ReportLifeEventAnswer,
  type ReportLifeEventBody,
} from '../../../src/contracts/life-events';
import { OPEN_ENROLLMENT_MESSAGES } from '../../../src/contracts/open-enrollment';
import { PENDING_STATUSES } from '../../../src/contracts/requests';
import type { Db } from '../../db/client';
import { coverages, dependents, lifeEvents, plans, requestStatusHistory, requests, subscribers } from '../../db/schema';
import { addDays, daysBetween, localToday } from '../../lib/calendar';
import { addError, throwFieldErrors, type FieldErrors } from '../../lib/field-errors';
import { conflict } from '../../lib/problem';
import { lifeEventKindList, memberOf, plansOn, tiersOf } from './life-event-options';

const CHILD_RELATIONSHIP_PK = 3;
const REPORTED_NOTE = 'Reported by the member';

/** Requests that change the same coverage: one at a time per member. */
const BLOCKING_TYPES = ['LifeEvent', 'ChangeCoverage', 'Terminate'] as const;

export async function reportLifeEvent(
  db: Db,
  employerPK: number,
  subscriberPK: number | null,
  actor: string,
  body: ReportLifeEventBody & { proofDueDate: string | null },
  today = localToday(),
): Promise<ReportLifeEventAnswer> {
  const member = await memberOf(db, employerPK, subscriberPK);
  const kinds = await lifeEventKindList(db);
  const errors: FieldErrors = {};
  const kind = kinds.find((k) => k.code === body.kindCode);
  if (!kind) addError(errors, 'kindCode', LIFE_EVENT_MESSAGES.unknownKind);
  if (body.eventDate > today) addError(errors, 'eventDate', LIFE_EVENT_MESSAGES.future);
  throwFieldErrors(errors);
  const event = kind!;

  const daysAgo = daysBetween(body.eventDate, today);
  if (daysAgo > event.windowDays) {
    addError(errors, 'eventDate', lateMessage(event.name, event.windowDays, daysAgo, member.employerName));
    throwFieldErrors(errors);
  }
  if (body.proofToFollow && (body.proofDueDate! < today || body.proofDueDate! > addDays(today, PROOF_DUE_MAX_DAYS)))
    addError(errors, 'proofDueDate', LIFE_EVENT_MESSAGES.proofDue);

  const effectiveDate = lifeEventEffectiveDate(event.effectiveRule, body.eventDate, today);
  const { offered, tiers } = await plansOn(db, employerPK, member.divisionPK, effectiveDate);
  const household = await db
    .select({
      dependentPK: dependents.dependentPK,
      relationshipPK: dependents.relationshipPK,
      termDate: dependents.termDate,
    })
    .from(dependents)
    .where(eq(dependents.subscriberPK, member.subscriberPK));
  const current = await currentPlans(db, member.subscriberPK, effectiveDate);

  body.newDependents.forEach((person, index) => {
    if (event.addRelationshipPKs.length === 0) addError(errors, 'newDependents', LIFE_EVENT_MESSAGES.addNotAllowed);
    else if (!event.addRelationshipPKs.includes(person.relationshipPK))
      addError(errors, `newDependents.${index}.relationshipPK`, LIFE_EVENT_MESSAGES.relationshipNotAllowed);
  });
  if (event.requiresNewChild && !body.newDependents.some((p) => p.relationshipPK === CHILD_RELATIONSHIP_PK))
    addError(errors, 'newDependents', LIFE_EVENT_MESSAGES.newChildRequired);
  for (const dependentPK of body.removeDependentPKs) {
    const person = household.find((d) => d.dependentPK === dependentPK && (d.termDate === null || d.termDate >= today));
    if (!person || !event.removeRelationshipPKs.includes(person.relationshipPK))
      addError(errors, 'removeDependentPKs', LIFE_EVENT_MESSAGES.removeNotAllowed);
  }
  body.elections.forEach((election, index) => {
    const at = `elections.${index}`;
    const today = current.find((c) => c.planType === election.planType);
    if (election.action === 'waive') {
      if (!event.allowsPlanChange) addError(errors, `${at}.action`, LIFE_EVENT_MESSAGES.planNotAllowed);
      return;
    }
    if (!offered.some((p) => p.planPK === election.planPK && p.planType === election.planType))
      addError(errors, `${at}.planPK`, OPEN_ENROLLMENT_MESSAGES.planRequired);
    else if (!event.allowsPlanChange && today?.planPK !== election.planPK)
      addError(errors, `${at}.planPK`, LIFE_EVENT_MESSAGES.planNotAllowed);
    if (!tiersOf(tiers, election.planType).some((t) => t.coverageOptionPK === election.coverageOptionPK))
      addError(errors, `${at}.coverageOptionPK`, OPEN_ENROLLMENT_MESSAGES.tierRequired);
  });
  const covering = body.elections.some(
    (e) => e.action === 'change' && tiers.find((t) => t.coverageOptionPK === e.coverageOptionPK)?.coversDependents,
  );
  if (body.newDependents.length > 0 && !covering)
    addError(errors, 'newDependents', OPEN_ENROLLMENT_MESSAGES.newDependentTier);
  if (body.elections.length === 0 && body.newDependents.length === 0 && body.removeDependentPKs.length === 0)
    addError(errors, 'elections', LIFE_EVENT_MESSAGES.noChange);
  throwFieldErrors(errors);

  return db.transaction(async (tx) => {
    // The member's row locked: two reports at once queue here, so the pending check cannot be raced.
    const [locked] = await tx
      .select({ firstName: subscribers.firstName, lastName: subscribers.lastName })
      .from(subscribers)
      .where(eq(subscribers.subscriberPK, member.subscriberPK))
      .for('update');
    const [pending] = await tx
      .select({ requestPK: requests.requestPK })
      .from(requests)
      .where(
        and(
          eq(requests.subscriberPK, member.subscriberPK),
          inArray(requests.type, [...BLOCKING_TYPES]),
          inArray(requests.status, [...PENDING_STATUSES]),
        ),
      )
      .limit(1);
    if (pending) throw conflict(LIFE_EVENT_MESSAGES.pending);

    const payload: LifeEventPayload = {
      kindCode: event.code,
      kindName: event.name,
      eventDate: body.eventDate,
      effectiveDate,
      elections: body.elections.map((e) => ({
        planType: e.planType,
        action: e.action,
        planPK: e.action === 'change' ? e.planPK : null,
        coverageOptionPK: e.action === 'change' ? e.coverageOptionPK : null,
        waiveReason: e.action === 'waive' ? e.waiveReason : null,
      })),
      newDependents: body.newDependents,
      removeDependentPKs: body.removeDependentPKs,
    };
    const [made] = await tx
      .insert(requests)
      .values({
        employerPK,
        subscriberPK: member.subscriberPK,
        type: 'LifeEvent',
        status: 'Submitted',
        saveStep: 4,
        changeReasonPK: event.changeReasonPK,
        payload,
        subscriberFirstName: locked!.firstName,
        subscriberLastName: locked!.lastName,
        createdBy: actor,
      })
      .returning({ requestPK: requests.requestPK });
    const [reported] = await tx
      .insert(lifeEvents)
      .values({
        employerPK,
        subscriberPK: member.subscriberPK,
        kindCode: event.code,
        eventDate: body.eventDate,
        reportedOn: today,
        effectiveDate,
        proofToFollow: body.proofToFollow,
        proofDueDate: body.proofToFollow ? body.proofDueDate : null,
        requestPK: made!.requestPK,
      })
      .returning({ lifeEventPK: lifeEvents.lifeEventPK });
    await tx
      .insert(requestStatusHistory)
      .values({ requestPK: made!.requestPK, status: 'Submitted', changedBy: actor, note: REPORTED_NOTE });
    return {
      subscriberPK: member.subscriberPK,
      lifeEventPK: reported!.lifeEventPK,
      requestPK: made!.requestPK,
      effectiveDate,
    };
  });
}

async function currentPlans(db: Db, subscriberPK: number, on: string) {
  return db
    .select({ planPK: coverages.planPK, planType: plans.planType })
    .from(coverages)
    .innerJoin(plans, eq(plans.planPK, coverages.planPK))
    .where(
      and(
        eq(coverages.subscriberPK, subscriberPK),
        isNull(coverages.dependentPK),
        lte(coverages.beginDate, on),
        or(isNull(coverages.endDate), gte(coverages.endDate, on)),
      ),
    );
}
