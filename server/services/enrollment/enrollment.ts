// Enrollment wizard requests (spec 1 §3, §4): created at step 1, saved at every step, submitted from
// the plan page. A new enrollment (no subscriberPK) is a `NewEnrollment` request; a request for an
// existing member (change coverage) is a `ChangeCoverage` request.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DRAFT_CONFLICT_MESSAGE,
  VERSION_REQUIRED_MESSAGE,
  enrollmentDraft,
  type enrollmentAnswer,
} from '../../../src/contracts/enrollment';
import { rolesInGroup } from '../../../src/contracts/permissions';
import type { RequestType } from '../../../src/contracts/subscribers';
import type { AuthUser } from '../../auth/verify-token';
import type { Db } from '../../db/client';
import { requestStatusHistory, requests, subscribers } from '../../db/schema';
import { addError, invalidFields, throwFieldErrors, type FieldErrors } from '../../lib/field-errors';
import { conflict, notFound } from '../../lib/problem';
import { mergeDependentSsns, mergeSubscriberSsn, withoutSsn } from './enrollment-ssn';
import { approveOnSubmission, changeStatus, refusePending, wasSubmitted } from '../member-requests';
import {
  CHOICE_MESSAGES,
  checkDependentRecords,
  checkDependents,
  checkEmployment,
  checkPlanAnswers,
  checkPlanChoices,
  checkSubscriber,
  type EnrollmentPayload,
} from './enrollment-validation';

type Answer = z.output<typeof enrollmentAnswer>;
/** A save's answer, and the draft's version after it (null when nothing was stored). */
export type SaveResult = { answer: Answer; version: number | null };
type RequestRow = typeof requests.$inferSelect;

export const REQUEST_LOCKED_MESSAGE = 'This request can no longer be changed.';

const ENROLLMENT_TYPES: readonly RequestType[] = ['NewEnrollment', 'ChangeCoverage'];

/** What a save stores: the payload without full SSNs, and the SSNs in their server-only columns. */
type PreparedSave = {
  payload: Record<string, unknown>;
  saveStep: number;
  changeReasonPK: number | null;
  firstName: string;
  lastName: string;
  ssn: string | null;
  dependentSsns: (string | null)[];
};

type SaveContext = {
  employerPK: number;
  /** The existing member of a change-coverage request; null for a new enrollment. */
  member: { subscriberPK: number; ssnLast4: string } | null;
  stored: { ssn: string | null; dependentSsns: readonly (string | null)[]; groupEffectiveDate: string | null };
};

const NOTHING_STORED: SaveContext['stored'] = { ssn: null, dependentSsns: [], groupEffectiveDate: null };

/**
 * Checks every section the save has reached (step 1 always; 2 employment; 3 dependents; 4 or submit
 * the plan page) and builds what is stored. Answers 400 with all field errors at once.
 */
async function prepareSave(db: Db, payload: EnrollmentPayload, ctx: SaveContext): Promise<PreparedSave> {
  const existingMember = ctx.member !== null;
  const submit = payload.submit === true;
  const reached = submit ? 4 : payload.saveStep;
  const errors: FieldErrors = {};
  if (submit && payload.saveStep !== 4) addError(errors, 'saveStep', CHOICE_MESSAGES.submitStep);

  const subscriber = mergeSubscriberSsn(payload.subscriber, ctx.stored.ssn, ctx.member?.ssnLast4);
  checkSubscriber(errors, subscriber, existingMember);
  if (reached >= 2) checkEmployment(errors, payload);

  // From the dependent page on, "no dependents" means none are kept; earlier saves keep what was typed.
  const hasDependents = payload.hasDependents ?? (payload.dependents?.length ?? 0) > 0;
  const sentDependents = reached >= 3 && !hasDependents ? [] : (payload.dependents ?? []);
  const dependents = mergeDependentSsns(sentDependents, ctx.stored.dependentSsns);
  if (reached >= 3) {
    checkDependents(errors, dependents, existingMember);
    await checkDependentRecords(db, errors, dependents, ctx.member?.subscriberPK ?? null);
  }

  let groupEffectiveDate = ctx.stored.groupEffectiveDate;
  if (reached >= 4) {
    checkPlanAnswers(errors, payload, submit);
    groupEffectiveDate = await checkPlanChoices(db, errors, payload, ctx.employerPK);
  }
  throwFieldErrors(errors);

  const { submit: _submit, requestPK: _requestPK, version: _version, ...rest } = payload;
  const stored: Record<string, unknown> = {
    ...rest,
    subscriber: subscriber.forStorage,
    hasDependents: reached >= 3 ? hasDependents : payload.hasDependents,
    dependents: dependents.map((d) => d.forStorage),
    // Server-derived from the chosen plan; the browser's value is not trusted.
    groupEffectiveDate,
  };
  // A "No" answer drops the choices under it (spec 1 §4: answering No to dental resets the plan).
  if (payload.isMedicalCoverage === false) Object.assign(stored, { employerPlanPK: null, medicalTierPK: null });
  if (payload.isDentalCoverage === false) Object.assign(stored, { employerDentalPlanPK: null, dentalTierPK: null });
  if (payload.isFSA === false) stored.FSAElections = [];

  return {
    payload: stored,
    saveStep: payload.saveStep,
    changeReasonPK: payload.changeReasonPK ?? null,
    firstName: String(payload.subscriber.firstName ?? ''),
    lastName: String(payload.subscriber.lastName ?? ''),
    ssn: subscriber.ssn,
    dependentSsns: dependents.map((d) => d.ssn),
  };
}

/**
 * Serialises concurrent saves of the same person in a group (a double-clicked Next sends two POSTs at
 * once): the second waits for the first and then finds its draft. Released at commit.
 */
async function lockPerson(tx: Db, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** True when the group already has a subscriber with this full SSN (termed ones included). */
export async function subscriberExists(db: Db, employerPK: number, ssn: string) {
  const rows = await db
    .select({ pk: subscribers.subscriberPK })
    .from(subscribers)
    .where(and(eq(subscribers.employerPK, employerPK), eq(subscribers.ssn, ssn)))
    .limit(1);
  return rows.length > 0;
}

/** The existing member of a change-coverage request, if it belongs to the group. */
async function memberOf(db: Db, employerPK: number, subscriberPK: number) {
  const [row] = await db
    .select({ subscriberPK: subscribers.subscriberPK, ssnLast4: subscribers.ssnLast4 })
    .from(subscribers)
    .where(and(eq(subscribers.subscriberPK, subscriberPK), eq(subscribers.employerPK, employerPK)));
  return row ?? null;
}

/** The caller's own open draft for the same person, which a repeated create reuses. */
async function openDraftOf(
  db: Db,
  user: AuthUser,
  employerPK: number,
  person: { type: 'NewEnrollment'; ssn: string } | { type: 'ChangeCoverage'; subscriberPK: number },
) {
  const [row] = await db
    .select({ requestPK: requests.requestPK })
    .from(requests)
    .where(
      and(
        eq(requests.employerPK, employerPK),
        eq(requests.createdBy, user.sub),
        eq(requests.type, person.type),
        eq(requests.status, 'Incomplete'),
        person.type === 'NewEnrollment' ? eq(requests.ssn, person.ssn) : eq(requests.subscriberPK, person.subscriberPK),
      ),
    )
    .orderBy(desc(requests.updatedAt))
    .limit(1);
  return row ?? null;
}

function savedColumns(save: PreparedSave) {
  return {
    saveStep: save.saveStep,
    changeReasonPK: save.changeReasonPK,
    payload: save.payload,
    subscriberFirstName: save.firstName,
    subscriberLastName: save.lastName,
    ssn: save.ssn,
    dependentSsns: save.dependentSsns,
  };
}

async function insertRequest(
  tx: Db,
  user: AuthUser,
  request: { employerPK: number; type: RequestType; subscriberPK: number | null },
  save: PreparedSave,
) {
  const [row] = await tx
    .insert(requests)
    .values({ ...request, status: 'Incomplete', createdBy: user.sub, ...savedColumns(save) })
    .returning({ requestPK: requests.requestPK, version: requests.version });
  const { requestPK, version } = row!;
  await tx.insert(requestStatusHistory).values({ requestPK, status: 'Incomplete', changedBy: user.sub });
  return { answer: { requestPK, hasError: false }, version };
}

const draftConflict = (currentVersion: number) => conflict(DRAFT_CONFLICT_MESSAGE, { currentVersion });

/**
 * Stores a save and adds 1 to the version, in one statement. With `expected`, only while the stored
 * version is still that one (409 with the current version otherwise); a repeated create has none.
 */
async function updateRequest(tx: Db, requestPK: number, save: PreparedSave, expected?: number): Promise<SaveResult> {
  const [row] = await tx
    .update(requests)
    .set({ ...savedColumns(save), version: sql`${requests.version} + 1`, updatedAt: new Date() })
    .where(and(eq(requests.requestPK, requestPK), expected === undefined ? undefined : eq(requests.version, expected)))
    .returning({ version: requests.version });
  if (!row) {
    const [current] = await tx
      .select({ version: requests.version })
      .from(requests)
      .where(eq(requests.requestPK, requestPK));
    throw current ? draftConflict(current.version) : notFound();
  }
  return { answer: { requestPK, hasError: false }, version: row.version };
}

/**
 * Wizard step 1 (POST). A new enrollment whose SSN is already a subscriber of the group answers
 * `hasError` and stores nothing. A repeat by the same user for the same person while the first draft
 * is still Incomplete updates that draft (a double-clicked Next creates one request); such a repeat
 * carries no version, and one that does is checked like an update's.
 */
export async function createEnrollmentRequest(db: Db, user: AuthUser, payload: EnrollmentPayload): Promise<SaveResult> {
  // Submitting is a save of an existing request, so a repeated submit can be recognised.
  if (payload.submit) throw invalidFields({ submit: ['Save the request before submitting it.'] });
  const { employerPK } = payload;

  if (payload.subscriberPK !== undefined) {
    const member = await memberOf(db, employerPK, payload.subscriberPK);
    if (!member) throw notFound();
    const save = await prepareSave(db, payload, { employerPK, member, stored: NOTHING_STORED });
    return db.transaction(async (tx) => {
      await lockPerson(tx, `enrollment:${employerPK}:member:${member.subscriberPK}`);
      await refusePending(tx, 'ChangeCoverage', { subscriberPK: member.subscriberPK });
      const draft = await openDraftOf(tx, user, employerPK, {
        type: 'ChangeCoverage',
        subscriberPK: member.subscriberPK,
      });
      if (draft) return updateRequest(tx, draft.requestPK, save, payload.version);
      return insertRequest(tx, user, { employerPK, type: 'ChangeCoverage', subscriberPK: member.subscriberPK }, save);
    });
  }

  const save = await prepareSave(db, payload, { employerPK, member: null, stored: NOTHING_STORED });
  const ssn = save.ssn;
  // Unreachable after the step-1 schema, which requires a well-formed SSN; kept for the type.
  if (!ssn) throw invalidFields({ 'subscriber.ssn': ['SSN required'] });
  return db.transaction(async (tx) => {
    await lockPerson(tx, `enrollment:${employerPK}:ssn:${ssn}`);
    if (await subscriberExists(tx, employerPK, ssn)) return { answer: { requestPK: 0, hasError: true }, version: null };
    const draft = await openDraftOf(tx, user, employerPK, { type: 'NewEnrollment', ssn });
    if (draft) return updateRequest(tx, draft.requestPK, save, payload.version);
    return insertRequest(tx, user, { employerPK, type: 'NewEnrollment', subscriberPK: null }, save);
  });
}

/** An enrollment request of the caller's group, locked for this save; 404 for any other. */
async function lockedEnrollmentRequest(tx: Db, requestPK: number, employerPK: number): Promise<RequestRow> {
  const [row] = await tx.select().from(requests).where(eq(requests.requestPK, requestPK)).for('update');
  if (!row || row.employerPK !== employerPK || !ENROLLMENT_TYPES.includes(row.type)) throw notFound();
  return row;
}

function storedGroupEffectiveDate(row: RequestRow): string | null {
  const value = row.payload.groupEffectiveDate;
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * A later save (PUT). Only an Incomplete request can change (409 otherwise), except that submitting a
 * request already submitted (and perhaps approved since) answers as the first submit did, changing
 * nothing (a double-clicked Submit). Empty SSNs keep the stored ones; a typed SSN of a new enrollment,
 * and every submit, is checked again against the group's subscribers (`hasError`, nothing saved).
 * `submit` makes it Submitted, and HRApproved at once when the submitter approves requests of the group.
 * `version` is the draft's version the save starts from (400 without it); a save started from an
 * older one answers 409 with the current version and stores nothing (no lost updates).
 */
export async function updateEnrollmentRequest(
  db: Db,
  user: AuthUser,
  requestPK: number,
  payload: EnrollmentPayload,
  version: number | undefined,
): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const row = await lockedEnrollmentRequest(tx, requestPK, payload.employerPK);
    if (payload.submit && wasSubmitted(row.status)) return { answer: { requestPK, hasError: false }, version: null };
    if (row.status !== 'Incomplete') throw conflict(REQUEST_LOCKED_MESSAGE);
    if (version === undefined) throw invalidFields({ version: [VERSION_REQUIRED_MESSAGE] });
    // Checked before the rules, so that a stale save is told about the conflict rather than its fields.
    if (row.version !== version) throw draftConflict(row.version);
    // The person a request is about is fixed when it is created.
    if (payload.subscriberPK !== undefined && payload.subscriberPK !== row.subscriberPK) {
      throw invalidFields({ subscriberPK: ['This request is about another subscriber.'] });
    }

    let member: SaveContext['member'] = null;
    if (row.type === 'ChangeCoverage') {
      member = row.subscriberPK === null ? null : await memberOf(tx, row.employerPK, row.subscriberPK);
      if (!member) throw notFound('The subscriber of this request is no longer on file.');
    }
    const save = await prepareSave(tx, payload, {
      employerPK: row.employerPK,
      member,
      stored: { ssn: row.ssn, dependentSsns: row.dependentSsns, groupEffectiveDate: storedGroupEffectiveDate(row) },
    });

    if (row.type === 'NewEnrollment') {
      const typed = typeof payload.subscriber.ssn === 'string' && payload.subscriber.ssn !== '';
      if ((typed || payload.submit) && save.ssn && (await subscriberExists(tx, row.employerPK, save.ssn))) {
        return { answer: { requestPK, hasError: true }, version: null };
      }
    } else if (payload.submit && member) {
      await refusePending(tx, 'ChangeCoverage', { subscriberPK: member.subscriberPK }, requestPK);
    }

    const saved = await updateRequest(tx, requestPK, save, version);
    if (payload.submit) {
      await changeStatus(tx, row, 'submit', { actor: user.sub });
      await approveOnSubmission(tx, requestPK, {
        actor: user.sub,
        roles: rolesInGroup(user.groupRoles, row.employerPK),
      });
    }
    return saved;
  });
}

type Draft = z.output<typeof enrollmentDraft>;

/**
 * A saved request as the wizard restores it after a reload: the stored payload's fields that still fit
 * the contract (older payloads may carry nulls or retired keys), the request's own columns, and SSNs as
 * their last 4 only.
 */
export async function getEnrollmentRequest(db: Db, requestPK: number): Promise<Draft> {
  const [row] = await db.select().from(requests).where(eq(requests.requestPK, requestPK));
  if (!row || !ENROLLMENT_TYPES.includes(row.type)) throw notFound();
  const payload = row.payload;

  const draft: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(enrollmentDraft.shape)) {
    if (payload[key] !== undefined && schema.safeParse(payload[key]).success) draft[key] = payload[key];
  }
  const asPerson = (value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  // Defence in depth: payloads are stored without SSNs, and any that slipped in are dropped here too.
  const strip = (value: unknown) => {
    const person = asPerson(value);
    return withoutSsn(
      person,
      typeof person.ssnLast4 === 'string' && /^\d{4}$/.test(person.ssnLast4) ? person.ssnLast4 : undefined,
    );
  };

  return enrollmentDraft.parse({
    ...draft,
    requestPK: row.requestPK,
    status: row.status,
    version: row.version,
    saveStep: row.saveStep,
    employerPK: row.employerPK,
    subscriberPK: row.subscriberPK ?? undefined,
    changeReasonPK: row.changeReasonPK ?? undefined,
    subscriber: strip(payload.subscriber),
    dependents: Array.isArray(payload.dependents) ? payload.dependents.map(strip) : [],
  });
}
