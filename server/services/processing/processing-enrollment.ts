// Applying the wizard requests: a new enrollment creates the member, a change of coverage updates it.
import { and, eq } from 'drizzle-orm';
import { ssnLast4Of } from '../../../src/contracts/person-rules';
import type { Db } from '../../db/client';
import { coverages, dependents, requests, subscribers } from '../../db/schema';
import { addDays, yearOf } from '../../lib/calendar';
import { subscriberExists } from '../enrollment';
import {
  dependentColumns,
  endCoverages,
  lockGroupNumbers,
  lockMember,
  nextDependentNumber,
  nextSubscriberID,
  orNull,
  pad,
  ssnColumns,
  ssnHeldByOther,
  subscriberColumns,
} from './processing-member-rows';
import { PROCESSING_NOTES, failedChecks, reject, type Prepared, type RequestRow } from './processing-outcome';
import { addCoverages, checkWizard, electFsa } from './processing-wizard';

export async function prepareNewEnrollment(tx: Db, row: RequestRow, today: string): Promise<Prepared> {
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
          ssnLast4: ssnLast4Of(ssn),
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
export async function prepareChangeCoverage(tx: Db, row: RequestRow, today: string): Promise<Prepared> {
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
