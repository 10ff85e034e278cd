// The stored wizard of a new enrollment or a change of coverage: its submit checks run again, and the
// coverages and FSA elections it chose.
import { and, eq } from 'drizzle-orm';
import { dependentSchemaFor, enrollmentRequest, subscriberSchemaFor } from '../../../src/contracts/enrollment';
import type { Db } from '../../db/client';
import { coverages, fsaElections } from '../../db/schema';
import type { FieldErrors } from '../../lib/field-errors';
import {
  checkDependentRecords,
  checkDependents,
  checkPlanAnswers,
  checkPlanChoices,
  checkSubscriber,
  mergeDependentSsns,
  mergeSubscriberSsn,
  type EnrollmentPayload,
  type MergedPerson,
} from '../enrollment';
import type { DependentForm, SubscriberForm } from './processing-member-rows';
import type { RequestRow } from './processing-outcome';

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
export async function checkWizard(
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

/** Medical and dental rows for the subscriber and each covered dependent, all with the subscriber's tier. */
export async function addCoverages(
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
export async function electFsa(tx: Db, payload: EnrollmentPayload, subscriberPK: number, planYear: number) {
  await writeFsaElections(tx, payload.isFSA === false ? [] : (payload.FSAElections ?? []), subscriberPK, planYear);
}

/** The plan year's FSA elections of a member, as the wizard and open enrollment elect them. */
export async function writeFsaElections(
  tx: Db,
  elections: readonly { pk: number; amount: string }[],
  subscriberPK: number,
  planYear: number,
) {
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
