// Applying an open enrollment request: next year's medical and dental coverage from the plan-year start,
// the FSA elected for the year, and the dependents removed from it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { openEnrollmentPayload } from '../../../src/contracts/open-enrollment';
import type { Db } from '../../db/client';
import { coverages, dependents, plans } from '../../db/schema';
import { addDays, yearOf } from '../../lib/calendar';
import {
  addNewDependents,
  electedTiers,
  endCoverageTypes,
  householdCoverageRows,
  removeDependents,
} from './processing-household';
import { lockMember } from './processing-member-rows';
import { PROCESSING_NOTES, reject, type Prepared, type RequestRow } from './processing-outcome';
import { writeFsaElections } from './processing-wizard';

export const OPEN_ENROLLMENT_NOTES = {
  payload: 'The request carries no readable elections.',
  plan: 'A plan elected is not offered in the plan year any more.',
} as const;

/**
 * Dependents the member added are created with the subscriber's address. Each coverage type elected ends
 * the day before the plan year; keep, change and rollover then add the plan and tier for the subscriber
 * and the dependents the tier covers. Plans and tiers are checked again, since the plan year may have
 * been edited since the window closed.
 */
export async function prepareOpenEnrollment(tx: Db, row: RequestRow): Promise<Prepared> {
  const member = await lockMember(tx, row);
  if (!member) return reject(PROCESSING_NOTES.memberGone);
  const parsed = openEnrollmentPayload.safeParse(row.payload);
  if (!parsed.success) return reject(OPEN_ENROLLMENT_NOTES.payload);
  const { planYearBegin, elections, newDependents, FSAElections, removeDependentPKs } = parsed.data;
  if (member.termDate !== null && member.termDate < planYearBegin) return reject(PROCESSING_NOTES.memberTermed);

  const covering = elections.filter((e) => e.action === 'keep' || e.action === 'change' || e.action === 'rollover');
  const ofPlanYear = eq(plans.contractBeginDate, planYearBegin);
  const tiers = await electedTiers(tx, row.employerPK, covering, ofPlanYear);
  if (!tiers) return reject(OPEN_ENROLLMENT_NOTES.plan);
  const fsaOffered = FSAElections.length
    ? await tx
        .select({ planPK: plans.planPK })
        .from(plans)
        .where(
          and(
            eq(plans.employerPK, row.employerPK),
            eq(plans.planType, 'FSA'),
            ofPlanYear,
            inArray(
              plans.planPK,
              FSAElections.map((f) => f.pk),
            ),
          ),
        )
    : [];
  if (FSAElections.some((f) => !fsaOffered.some((p) => p.planPK === f.pk))) return reject(OPEN_ENROLLMENT_NOTES.plan);
  const onFile = await tx
    .select({ dependentPK: dependents.dependentPK, relationshipPK: dependents.relationshipPK })
    .from(dependents)
    .where(
      and(
        eq(dependents.subscriberPK, member.subscriberPK),
        sql`(${dependents.termDate} is null or ${dependents.termDate} >= ${planYearBegin})`,
      ),
    );
  // Removed dependents are not covered by next year's tier (one whose record ended since is gone already).
  const family = onFile.filter((d) => !removeDependentPKs.includes(d.dependentPK));
  const lastDay = addDays(planYearBegin, -1);

  return {
    ok: true,
    apply: async (tx) => {
      await endCoverageTypes(
        tx,
        row.employerPK,
        member,
        elections.map((e) => e.planType),
        lastDay,
      );
      await removeDependents(tx, member, removeDependentPKs, lastDay);
      // FSA is elected again each year: what the member elected for this plan year, nothing rolled over.
      await writeFsaElections(tx, FSAElections, member.subscriberPK, yearOf(planYearBegin));
      // Added dependents join the family from the plan year.
      const household = [...family, ...(await addNewDependents(tx, member, newDependents))];
      const rows = householdCoverageRows(member, covering, tiers, household, planYearBegin);
      if (rows.length > 0) await tx.insert(coverages).values(rows);
    },
  };
}
