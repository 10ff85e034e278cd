// Applying a life event: from its effective date (a birth's own date, retroactively) the dependents it
// removes leave, the ones it adds join, and each coverage type it changes is replaced by the plan and
// tier elected for the subscriber and the dependents that tier covers; a waived type ends.
import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { lifeEventPayload } from '../../../src/contracts/life-events';
import type { Db } from '../../db/client';
import { coverages, dependents, plans } from '../../db/schema';
import { addDays } from '../../lib/calendar';
import {
  addNewDependents,
  electedTiers,
  endCoverageTypes,
  householdCoverageRows,
  removeDependents,
} from './processing-household';
import { lockMember } from './processing-member-rows';
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
  const inForce = and(lte(plans.contractBeginDate, effectiveDate), gte(plans.contractEndDate, effectiveDate))!;
  const tiers = await electedTiers(tx, row.employerPK, changes, inForce);
  if (!tiers) return reject(LIFE_EVENT_NOTES.plan);
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
      await removeDependents(tx, member, removeDependentPKs, lastDay);
      await endCoverageTypes(
        tx,
        row.employerPK,
        member,
        elections.map((e) => e.planType),
        lastDay,
      );
      const household = [...family, ...(await addNewDependents(tx, member, newDependents))];
      const rows = householdCoverageRows(member, changes, tiers, household, effectiveDate);
      if (rows.length > 0) await tx.insert(coverages).values(rows);
    },
  };
}
