// Applying a life event: from its effective date (a birth's own date, retroactively) the dependents it
// removes leave, the ones it adds join, and each coverage type it changes is replaced by the plan and
// tier elected for the subscriber and the dependents that tier covers; a waived type ends.
import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { lifeEventPayload } from '../../../src/contracts/life-events';
import { DEFAULT_MARITAL_STATUS_PK } from '../../../src/contracts/lookups';
import type { Db } from '../../db/client';
import { coverageOptions, coverages, dependents, plans } from '../../db/schema';
import { addDays } from '../../lib/calendar';
import { coveredBy, type Tier } from './processing-open-enrollment';
import { dependentColumns, endCoverages, lockMember, nextDependentNumber, pad } from './processing-member-rows';
import { PROCESSING_NOTES, reject, type Prepared, type RequestRow } from './processing-outcome';

export const LIFE_EVENT_NOTES = {
  payload: 'The request carries no readable life event.',
  plan: 'A plan elected is not offered on the effective date any more.',
} as const;

export async function prepareLifeEvent(tx: Db, row: RequestRow): Promise<Prepared> {
  const member = await lockMember(tx, row);
  if (!member) return reject(PROCESSING_NOTES.memberGone);
  const parsed = lifeEventPayload.safeParse(row.payload);
  if (!parsed.success) return reject(LIFE_EVENT_NOTES.payload);
  const { effectiveDate, elections, newDependents, removeDependentPKs } = parsed.data;
  if (member.termDate !== null && member.termDate < effectiveDate) return reject(PROCESSING_NOTES.memberTermed);

  const changes = elections.filter((e) => e.action === 'change');
  const offered = changes.length
    ? await tx
        .select({ planPK: plans.planPK, planType: plans.planType })
        .from(plans)
        .where(
          and(
            eq(plans.employerPK, row.employerPK),
            inArray(
              plans.planPK,
              changes.map((e) => e.planPK ?? 0),
            ),
            lte(plans.contractBeginDate, effectiveDate),
            gte(plans.contractEndDate, effectiveDate),
          ),
        )
    : [];
  if (changes.some((e) => !offered.some((p) => p.planPK === e.planPK && p.planType === e.planType)))
    return reject(LIFE_EVENT_NOTES.plan);
  const tiers: Tier[] = changes.length
    ? await tx
        .select({
          coverageOptionPK: coverageOptions.coverageOptionPK,
          tierCode: coverageOptions.tierCode,
          requiresDependents: coverageOptions.requiresDependents,
        })
        .from(coverageOptions)
        .where(
          and(
            eq(coverageOptions.employerPK, row.employerPK),
            inArray(
              coverageOptions.coverageOptionPK,
              changes.map((e) => e.coverageOptionPK ?? 0),
            ),
          ),
        )
    : [];
  if (changes.some((e) => !tiers.some((t) => t.coverageOptionPK === e.coverageOptionPK)))
    return reject(LIFE_EVENT_NOTES.plan);
  const family = (
    await tx
      .select({ dependentPK: dependents.dependentPK, relationshipPK: dependents.relationshipPK })
      .from(dependents)
      .where(
        and(
          eq(dependents.subscriberPK, member.subscriberPK),
          or(isNull(dependents.termDate), gte(dependents.termDate, effectiveDate)),
        ),
      )
  ).filter((d) => !removeDependentPKs.includes(d.dependentPK));
  const lastDay = addDays(effectiveDate, -1);

  return {
    ok: true,
    apply: async (tx) => {
      if (removeDependentPKs.length > 0) {
        const leaving = and(
          eq(dependents.subscriberPK, member.subscriberPK),
          inArray(dependents.dependentPK, removeDependentPKs),
        );
        // Stamped with the transaction's time, which the carrier feed reads as "removed by this request".
        await tx
          .update(dependents)
          .set({ termDate: lastDay, updatedAt: sql`now()` })
          .where(leaving);
        await endCoverages(
          tx,
          and(eq(coverages.subscriberPK, member.subscriberPK), inArray(coverages.dependentPK, removeDependentPKs))!,
          lastDay,
        );
      }
      for (const election of elections) {
        const ofType = sql`${coverages.planPK} in (select ${plans.planPK} from ${plans} where ${plans.employerPK} = ${row.employerPK} and ${plans.planType} = ${election.planType})`;
        await endCoverages(tx, and(eq(coverages.subscriberPK, member.subscriberPK), ofType)!, lastDay);
      }
      // Added dependents (a newborn) at the subscriber's address, no SSN yet: HR adds it when it comes.
      let number = await nextDependentNumber(tx, member.subscriberPK);
      const household = [...family];
      for (const person of newDependents) {
        const [added] = await tx
          .insert(dependents)
          .values({
            subscriberPK: member.subscriberPK,
            dependentID: `${member.subscriberID}-${pad(number++, 2)}`,
            ...dependentColumns(
              { ...person, middleInitial: '', maritalStatusPK: DEFAULT_MARITAL_STATUS_PK, sameAddress: true },
              member,
            ),
          })
          .returning({ dependentPK: dependents.dependentPK, relationshipPK: dependents.relationshipPK });
        household.push(added!);
      }
      const rows = changes.flatMap((e) => {
        const tier = tiers.find((t) => t.coverageOptionPK === e.coverageOptionPK);
        return [null, ...coveredBy(tier, household).map((d) => d.dependentPK)].map((dependentPK) => ({
          subscriberPK: member.subscriberPK,
          dependentPK,
          planPK: e.planPK!,
          coverageOptionPK: e.coverageOptionPK,
          beginDate: effectiveDate,
          endDate: null,
        }));
      });
      if (rows.length > 0) await tx.insert(coverages).values(rows);
    },
  };
}
