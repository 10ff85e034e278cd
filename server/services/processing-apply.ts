// Provider-level (HEZ) processing of one HR-approved request: the checks that decide approval or
// rejection, and the change of member data that approval leads to. A request is checked again with
// the rules it was submitted under (the wizard's schemas, the plan choices on file), because plans,
// members and SSNs on file may have changed since.
import { and, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  dependentSchemaFor,
  enrollmentRequest,
  subscriberSchemaFor,
  type wizardDependent,
} from '../../src/contracts/enrollment';
import { existingDependentForm } from '../../src/contracts/dependents';
import { existingSubscriberForm, type newSubscriberForm } from '../../src/contracts/subscribers';
import type { Db } from '../db/client';
import { coverages, dependents, fsaElections, requests, subscribers, terminations } from '../db/schema';
import { addDays, yearOf } from '../lib/calendar';
import type { FieldErrors } from '../lib/field-errors';
import { subscriberExists } from './enrollment';
import { mergeDependentSsns, mergeSubscriberSsn, type MergedPerson } from './enrollment-ssn';
import {
  checkDependentRecords,
  checkDependents,
  checkPlanAnswers,
  checkPlanChoices,
  checkSubscriber,
  type EnrollmentPayload,
} from './enrollment-validation';

type RequestRow = typeof requests.$inferSelect;
type SubscriberForm = z.output<typeof existingSubscriberForm> | z.output<typeof newSubscriberForm>;
type DependentForm = z.output<typeof existingDependentForm> | z.output<typeof wizardDependent>;

/** Either the reason for rejection, or the change to make once approved. */
export type Prepared = { ok: false; note: string } | { ok: true; apply: (tx: Db) => Promise<void> };

export const PROCESSING_NOTES = {
  memberGone: 'The subscriber is no longer on file.',
  memberTermed: 'The subscriber is terminated.',
  dependentGone: 'The dependent is no longer on file.',
  dependentTermed: 'The dependent is already terminated.',
  ssnTaken: 'A subscriber with this SSN is already on file for the group.',
  noSsn: 'The request carries no SSN for the new subscriber.',
  noTermination: 'The termination dates of the request are missing.',
  applyFailed: 'The request could not be applied to member data.',
} as const;

const reject = (note: string): Prepared => ({ ok: false, note });

/** Field errors as a rejection note: the rules' own messages, never the values typed. */
function failedChecks(errors: FieldErrors): Prepared {
  const listed = Object.entries(errors)
    .slice(0, 3)
    .map(([field, messages]) => `${field}: ${messages[0]}`);
  const more = Object.keys(errors).length > 3 ? '; …' : '';
  return reject(`The request no longer passes its checks (${listed.join('; ')}${more}).`);
}

// ---------------------------------------------------------------------------------------------------
// Member columns from the wizard's form values.

const orNull = (value: string | null | undefined) => (value ? value : null);
const lastFour = (ssn: string) => ssn.slice(-4);

function subscriberColumns(form: SubscriberForm) {
  return {
    firstName: form.firstName,
    middleName: orNull(form.middleName),
    lastName: form.lastName,
    dateOfBirth: form.dateOfBirth,
    genderPK: form.genderID,
    maritalStatusPK: form.maritalStatusPK,
    address1: form.address1,
    address2: orNull(form.address2),
    city: form.city,
    statePK: form.stateID,
    zipCode: form.zipCode,
    phone1: form.phone1,
    phone2: orNull(form.phone2),
    email: form.emailAddress,
  };
}

type HomeAddress = Pick<typeof subscribers.$inferSelect, 'address1' | 'address2' | 'city' | 'statePK' | 'zipCode'>;

/** A dependent living with the subscriber repeats the subscriber's address (see the schema). */
function dependentColumns(form: DependentForm, home: HomeAddress) {
  const own = form.address;
  const address = form.sameAddress
    ? {
        address1: home.address1,
        address2: home.address2,
        city: home.city,
        statePK: home.statePK,
        zipCode: home.zipCode,
      }
    : {
        address1: orNull(own?.address1),
        address2: orNull(own?.address2),
        city: orNull(own?.city),
        statePK: own?.stateID ?? null,
        zipCode: orNull(own?.zipCode),
      };
  return {
    firstName: form.firstName,
    middleInitial: orNull(form.middleInitial),
    lastName: form.lastName,
    dateOfBirth: form.dateOfBirth,
    genderPK: form.genderPK,
    maritalStatusPK: form.maritalStatusPK,
    relationshipPK: form.relationshipPK,
    marriageDate: orNull(form.marriageDate),
    phone1: orNull(form.phone1),
    phone2: orNull(form.phone2),
    email: orNull(form.emailAddress),
    sameAddress: form.sameAddress,
    ...address,
  };
}

const ssnColumns = (ssn: string | null) => (ssn ? { ssn, ssnLast4: lastFour(ssn) } : {});

// ---------------------------------------------------------------------------------------------------
// Reading and checking what was stored.

/** The group's subscriber of the request, locked while it is changed. */
async function lockMember(tx: Db, row: RequestRow) {
  if (row.subscriberPK === null) return null;
  const [member] = await tx
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.subscriberPK, row.subscriberPK), eq(subscribers.employerPK, row.employerPK)))
    .for('update');
  return member ?? null;
}

async function dependentOfMember(tx: Db, subscriberPK: number, dependentPK: number | null) {
  if (dependentPK === null) return null;
  const [dependent] = await tx
    .select()
    .from(dependents)
    .where(and(eq(dependents.dependentPK, dependentPK), eq(dependents.subscriberPK, subscriberPK)));
  return dependent ?? null;
}

/** True when another subscriber of the group holds the SSN. */
async function ssnHeldByOther(tx: Db, employerPK: number, ssn: string, subscriberPK: number) {
  const [other] = await tx
    .select({ pk: subscribers.subscriberPK })
    .from(subscribers)
    .where(
      and(eq(subscribers.employerPK, employerPK), eq(subscribers.ssn, ssn), ne(subscribers.subscriberPK, subscriberPK)),
    )
    .limit(1);
  return other !== undefined;
}

/** Wizard payloads with the nulls of older saves dropped; the seed names the division employerDivisionsPK. */
function storedWizard(row: RequestRow) {
  const stored = Object.fromEntries(Object.entries(row.payload).filter(([, value]) => value !== null));
  return enrollmentRequest.safeParse({
    ...stored,
    divisions: stored.divisions ?? stored.employerDivisionsPK,
    saveStep: 4,
    employerPK: row.employerPK,
    subscriberPK: undefined,
    submit: undefined,
  });
}

type CheckedWizard = {
  payload: EnrollmentPayload;
  subscriber: SubscriberForm;
  subscriberSsn: string | null;
  dependents: { form: DependentForm; ssn: string | null }[];
  /** Coverage starts on the effective date; without one, on the chosen plan's contract begin date. */
  beginDate: string;
};

/** The submit checks of the wizard, run again on the stored request. */
async function checkWizard(
  tx: Db,
  row: RequestRow,
  member: { subscriberPK: number; ssnLast4: string } | null,
  today: string,
): Promise<{ errors: FieldErrors } | { checked: CheckedWizard }> {
  const parsed = storedWizard(row);
  if (!parsed.success) return { errors: { _: ['The stored request is incomplete.'] } };
  const payload = parsed.data;
  const existingMember = member !== null;
  const errors: FieldErrors = {};

  const subscriber = mergeSubscriberSsn(payload.subscriber, row.ssn, member?.ssnLast4);
  checkSubscriber(errors, subscriber, existingMember);
  const people = mergeDependentSsns(
    payload.hasDependents === false ? [] : (payload.dependents ?? []),
    row.dependentSsns,
  );
  checkDependents(errors, people, existingMember);
  await checkDependentRecords(tx, errors, people, member?.subscriberPK ?? null);
  checkPlanAnswers(errors, payload, true);
  const groupEffectiveDate = await checkPlanChoices(tx, errors, payload, row.employerPK);
  if (Object.keys(errors).length > 0) return { errors };

  const formOf = (person: MergedPerson) =>
    dependentSchemaFor({ existingMember, ssnStored: person.ssnStored }).parse(person.forValidation);
  return {
    checked: {
      payload,
      subscriber: subscriberSchemaFor({ existingMember, ssnStored: subscriber.ssnStored }).parse(
        subscriber.forValidation,
      ),
      subscriberSsn: subscriber.ssn,
      dependents: people.map((person) => ({ form: formOf(person), ssn: person.ssn })),
      beginDate: payload.effectiveDate || groupEffectiveDate || today,
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Coverage bookkeeping.

/** Ends the coverages in scope on `lastDay`; those that would only have begun after it are removed. */
async function endCoverages(tx: Db, scope: SQL, lastDay: string) {
  await tx.delete(coverages).where(and(scope, gt(coverages.beginDate, lastDay)));
  await tx
    .update(coverages)
    .set({ endDate: lastDay })
    .where(and(scope, or(isNull(coverages.endDate), gt(coverages.endDate, lastDay))));
}

/** Medical and dental rows for the subscriber and each covered dependent, all with the subscriber's tier. */
async function addCoverages(
  tx: Db,
  payload: EnrollmentPayload,
  who: { subscriberPK: number; dependentPKs: number[] },
  beginDate: string,
) {
  const chosen = [
    payload.isMedicalCoverage === false ? null : { planPK: payload.employerPlanPK, tierPK: payload.medicalTierPK },
    payload.isDentalCoverage === false ? null : { planPK: payload.employerDentalPlanPK, tierPK: payload.dentalTierPK },
  ].filter(
    (c): c is { planPK: number; tierPK: number | null | undefined } => typeof c?.planPK === 'number' && c.planPK > 0,
  );
  const rows = chosen.flatMap(({ planPK, tierPK }) =>
    [null, ...who.dependentPKs].map((dependentPK) => ({
      subscriberPK: who.subscriberPK,
      dependentPK,
      planPK,
      coverageOptionPK: tierPK ?? null,
      beginDate,
      endDate: null,
    })),
  );
  if (rows.length > 0) await tx.insert(coverages).values(rows);
}

/** FSA elections of the plan year: a plan elected again gets the new amount, a new one its full balance. */
async function electFsa(tx: Db, payload: EnrollmentPayload, subscriberPK: number, planYear: number) {
  const elections = payload.isFSA === false ? [] : (payload.FSAElections ?? []);
  for (const election of elections) {
    const amount = Number(election.amount.replace(/,/g, ''));
    const [existing] = await tx
      .select({ pk: fsaElections.fsaElectionPK })
      .from(fsaElections)
      .where(
        and(
          eq(fsaElections.subscriberPK, subscriberPK),
          eq(fsaElections.planPK, election.pk),
          eq(fsaElections.planYear, planYear),
        ),
      );
    if (existing) {
      await tx.update(fsaElections).set({ electionAmount: amount }).where(eq(fsaElections.fsaElectionPK, existing.pk));
    } else {
      await tx
        .insert(fsaElections)
        .values({ subscriberPK, planPK: election.pk, electionAmount: amount, availableBalance: amount, planYear });
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Member numbers, in the seed's pattern: S + 2-digit group + running number; dependents -NN.

const SUBSCRIBER_NUMBER_DIGITS = 6;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Serialises new subscribers of a group across transactions (and API replicas) until commit. */
async function lockGroupNumbers(tx: Db, employerPK: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscriber-id:${employerPK}`}))`);
}

async function nextSubscriberID(tx: Db, employerPK: number) {
  const prefix = `S${pad(employerPK, 2)}`;
  const [row] = await tx
    // The cast matters: `substring(text from text)` would be the regular-expression form.
    .select({
      max: sql<number | null>`max(substring(${subscribers.subscriberID} from ${prefix.length + 1}::int)::int)`,
    })
    .from(subscribers)
    .where(and(eq(subscribers.employerPK, employerPK), sql`${subscribers.subscriberID} ~ ${`^${prefix}[0-9]+$`}`));
  return `${prefix}${pad((row?.max ?? 0) + 1, SUBSCRIBER_NUMBER_DIGITS)}`;
}

async function nextDependentNumber(tx: Db, subscriberPK: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(dependents)
    .where(eq(dependents.subscriberPK, subscriberPK));
  return (row?.n ?? 0) + 1;
}

// ---------------------------------------------------------------------------------------------------
// One preparation per request type.

async function prepareNewEnrollment(tx: Db, row: RequestRow, today: string): Promise<Prepared> {
  if (!row.ssn) return reject(PROCESSING_NOTES.noSsn);
  await lockGroupNumbers(tx, row.employerPK);
  if (await subscriberExists(tx, row.employerPK, row.ssn)) return reject(PROCESSING_NOTES.ssnTaken);
  const result = await checkWizard(tx, row, null, today);
  if ('errors' in result) return failedChecks(result.errors);
  const { payload, subscriber, subscriberSsn, dependents: people, beginDate } = result.checked;
  const ssn = subscriberSsn ?? row.ssn;

  return {
    ok: true,
    apply: async (tx) => {
      const subscriberID = await nextSubscriberID(tx, row.employerPK);
      const [created] = await tx
        .insert(subscribers)
        .values({
          employerPK: row.employerPK,
          subscriberID,
          ...subscriberColumns(subscriber),
          ssn,
          ssnLast4: lastFour(ssn),
          occupation: orNull(payload.occupation),
          jobTitle: orNull(payload.jobTitle),
          payRate: payload.payRate ?? null,
          payRateFrequencyPK: payload.payRateFrequencyID ?? null,
          dateOfHire: orNull(payload.dateOfHire),
          effectiveDate: beginDate,
          isCoveredByMedicare: payload.isCoveredByMedicare ?? false,
          divisionPK: payload.divisions ?? null,
        })
        .returning();
      const member = created!;
      const dependentPKs: number[] = [];
      for (const [index, { form, ssn: dependentSsn }] of people.entries()) {
        const [dependent] = await tx
          .insert(dependents)
          .values({
            subscriberPK: member.subscriberPK,
            dependentID: `${subscriberID}-${pad(index + 1, 2)}`,
            ...dependentColumns(form, member),
            ...ssnColumns(dependentSsn),
          })
          .returning({ pk: dependents.dependentPK });
        dependentPKs.push(dependent!.pk);
      }
      await addCoverages(tx, payload, { subscriberPK: member.subscriberPK, dependentPKs }, beginDate);
      await electFsa(tx, payload, member.subscriberPK, yearOf(beginDate));
      // From now on the request belongs to the member it created.
      await tx.update(requests).set({ subscriberPK: member.subscriberPK }).where(eq(requests.requestPK, row.requestPK));
    },
  };
}

/**
 * A change of coverage carries the whole wizard: the subscriber's and dependents' details are applied
 * as well, new dependents are added, and the coverages in force on the new effective date are replaced
 * (the old ones end the day before).
 */
async function prepareChangeCoverage(tx: Db, row: RequestRow, today: string): Promise<Prepared> {
  const member = await lockMember(tx, row);
  if (!member) return reject(PROCESSING_NOTES.memberGone);
  if (member.termDate !== null) return reject(PROCESSING_NOTES.memberTermed);
  const result = await checkWizard(tx, row, member, today);
  if ('errors' in result) return failedChecks(result.errors);
  const { payload, subscriber, subscriberSsn, dependents: people, beginDate } = result.checked;
  if (subscriberSsn && (await ssnHeldByOther(tx, row.employerPK, subscriberSsn, member.subscriberPK))) {
    return reject(PROCESSING_NOTES.ssnTaken);
  }

  return {
    ok: true,
    apply: async (tx) => {
      const [updated] = await tx
        .update(subscribers)
        .set({
          ...subscriberColumns(subscriber),
          ...ssnColumns(subscriberSsn),
          ...(payload.occupation !== undefined ? { occupation: orNull(payload.occupation) } : {}),
          ...(payload.jobTitle !== undefined ? { jobTitle: orNull(payload.jobTitle) } : {}),
          ...(payload.payRate !== undefined ? { payRate: payload.payRate } : {}),
          ...(payload.payRateFrequencyID !== undefined ? { payRateFrequencyPK: payload.payRateFrequencyID } : {}),
          ...(payload.isCoveredByMedicare !== undefined ? { isCoveredByMedicare: payload.isCoveredByMedicare } : {}),
          divisionPK: payload.divisions ?? member.divisionPK,
          updatedAt: new Date(),
        })
        .where(eq(subscribers.subscriberPK, member.subscriberPK))
        .returning();
      const home = updated!;

      const covered: number[] = [];
      let number = await nextDependentNumber(tx, member.subscriberPK);
      for (const { form, ssn } of people) {
        if (form.dependentPK) {
          const [kept] = await tx
            .update(dependents)
            .set({ ...dependentColumns(form, home), ...ssnColumns(ssn), updatedAt: new Date() })
            .where(and(eq(dependents.dependentPK, form.dependentPK), eq(dependents.subscriberPK, member.subscriberPK)))
            .returning({ pk: dependents.dependentPK, termDate: dependents.termDate });
          // A dependent whose own termination ends before the change is not covered by it.
          if (kept && (kept.termDate === null || kept.termDate >= beginDate)) covered.push(kept.pk);
          continue;
        }
        const [added] = await tx
          .insert(dependents)
          .values({
            subscriberPK: member.subscriberPK,
            dependentID: `${member.subscriberID}-${pad(number++, 2)}`,
            ...dependentColumns(form, home),
            ...ssnColumns(ssn),
          })
          .returning({ pk: dependents.dependentPK });
        covered.push(added!.pk);
      }

      await endCoverages(tx, eq(coverages.subscriberPK, member.subscriberPK), addDays(beginDate, -1));
      await addCoverages(tx, payload, { subscriberPK: member.subscriberPK, dependentPKs: covered }, beginDate);
      await electFsa(tx, payload, member.subscriberPK, yearOf(beginDate));
    },
  };
}

async function prepareSubscriberUpdate(tx: Db, row: RequestRow): Promise<Prepared> {
  const member = await lockMember(tx, row);
  if (!member) return reject(PROCESSING_NOTES.memberGone);
  const form = existingSubscriberForm.safeParse(row.payload.subscriber);
  if (!form.success) return failedChecks({ subscriber: form.error.issues.map((issue) => issue.message) });
  if (row.ssn && (await ssnHeldByOther(tx, row.employerPK, row.ssn, member.subscriberPK))) {
    return reject(PROCESSING_NOTES.ssnTaken);
  }
  return {
    ok: true,
    apply: async (tx) => {
      await tx
        .update(subscribers)
        .set({ ...subscriberColumns(form.data), ...ssnColumns(row.ssn), updatedAt: new Date() })
        .where(eq(subscribers.subscriberPK, member.subscriberPK));
    },
  };
}

async function prepareDependentUpdate(tx: Db, row: RequestRow): Promise<Prepared> {
  const member = await lockMember(tx, row);
  if (!member) return reject(PROCESSING_NOTES.memberGone);
  const dependent = await dependentOfMember(tx, member.subscriberPK, row.dependentPK);
  if (!dependent) return reject(PROCESSING_NOTES.dependentGone);
  const form = existingDependentForm.safeParse(row.payload.dependent);
  if (!form.success) return failedChecks({ dependent: form.error.issues.map((issue) => issue.message) });
  return {
    ok: true,
    apply: async (tx) => {
      await tx
        .update(dependents)
        .set({ ...dependentColumns(form.data, member), ...ssnColumns(row.ssn), updatedAt: new Date() })
        .where(eq(dependents.dependentPK, dependent.dependentPK));
    },
  };
}

async function terminationOf(tx: Db, requestPK: number) {
  const [termination] = await tx
    .select({ terminationDate: terminations.terminationDate })
    .from(terminations)
    .where(eq(terminations.requestPK, requestPK));
  return termination ?? null;
}

/** The subscriber, the dependents still covered and every coverage end on the termination date. */
async function prepareTermination(tx: Db, row: RequestRow): Promise<Prepared> {
  const member = await lockMember(tx, row);
  if (!member) return reject(PROCESSING_NOTES.memberGone);
  if (member.termDate !== null) return reject(PROCESSING_NOTES.memberTermed);
  const termination = await terminationOf(tx, row.requestPK);
  if (!termination) return reject(PROCESSING_NOTES.noTermination);
  const lastDay = termination.terminationDate;
  return {
    ok: true,
    apply: async (tx) => {
      const now = new Date();
      await tx
        .update(subscribers)
        .set({ termDate: lastDay, updatedAt: now })
        .where(eq(subscribers.subscriberPK, member.subscriberPK));
      await tx
        .update(dependents)
        .set({ termDate: lastDay, updatedAt: now })
        .where(
          and(
            eq(dependents.subscriberPK, member.subscriberPK),
            or(isNull(dependents.termDate), gt(dependents.termDate, lastDay)),
          ),
        );
      await endCoverages(tx, eq(coverages.subscriberPK, member.subscriberPK), lastDay);
    },
  };
}

async function prepareDependentTermination(tx: Db, row: RequestRow): Promise<Prepared> {
  const member = await lockMember(tx, row);
  if (!member) return reject(PROCESSING_NOTES.memberGone);
  const dependent = await dependentOfMember(tx, member.subscriberPK, row.dependentPK);
  if (!dependent) return reject(PROCESSING_NOTES.dependentGone);
  if (dependent.termDate !== null) return reject(PROCESSING_NOTES.dependentTermed);
  const termination = await terminationOf(tx, row.requestPK);
  if (!termination) return reject(PROCESSING_NOTES.noTermination);
  const lastDay = termination.terminationDate;
  return {
    ok: true,
    apply: async (tx) => {
      await tx
        .update(dependents)
        .set({ termDate: lastDay, updatedAt: new Date() })
        .where(eq(dependents.dependentPK, dependent.dependentPK));
      await endCoverages(tx, eq(coverages.dependentPK, dependent.dependentPK), lastDay);
    },
  };
}

export function prepareRequest(tx: Db, row: RequestRow, today: string): Promise<Prepared> {
  switch (row.type) {
    case 'NewEnrollment':
      return prepareNewEnrollment(tx, row, today);
    case 'ChangeCoverage':
      return prepareChangeCoverage(tx, row, today);
    case 'Subscriber':
      return prepareSubscriberUpdate(tx, row);
    case 'Dependent':
      return prepareDependentUpdate(tx, row);
    case 'Terminate':
      return prepareTermination(tx, row);
    case 'TerminateDependent':
      return prepareDependentTermination(tx, row);
  }
}
