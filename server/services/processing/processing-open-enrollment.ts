// Applying an open enrollment request: next year's medical and dental coverage from the plan-year start.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { openEnrollmentPayload } from '../../../src/contracts/open-enrollment';
import type { Db } from '../../db/client';
import { coverageOptions, coverages, dependents, plans } from '../../db/schema';
import { addDays } from '../../lib/calendar';
import { DEFAULT_MARITAL_STATUS_PK } from '../../../src/contracts/lookups';
import { dependentColumns, endCoverages, lockMember, nextDependentNumber, pad } from './processing-member-rows';
import { PROCESSING_NOTES, reject, type Prepared, type RequestRow } from './processing-outcome';

const PARTNER_RELATIONSHIPS = [1, 24];

export const OPEN_ENROLLMENT_NOTES = {
  payload: 'The request carries no readable elections.',
  plan: 'A plan elected is not offered in the plan year any more.',
} as const;

export type Tier = { coverageOptionPK: number; tierCode: string; requiresDependents: boolean };

/** The dependents a tier covers: none for the employee alone, the partner, the children, or all. */
export function coveredBy(tier: Tier | undefined, family: { dependentPK: number; relationshipPK: number }[]) {
  if (!tier?.requiresDependents) return [];
  const code = tier.tierCode.replace(/^D(?=EE|ES|EC|FAM)/, '');
  const partner = (d: { relationshipPK: number }) => PARTNER_RELATIONSHIPS.includes(d.relationshipPK);
  if (code === 'ES') return family.filter(partner);
  if (code === 'EC') return family.filter((d) => !partner(d));
  return family;
}

/**
 * Dependents the member added are created with the subscriber's address. Each coverage type elected ends the day before the plan year; keep, change and rollover then add the
 * plan and tier for the subscriber and the dependents the tier covers. Plans and tiers are checked
 * again, since the plan year may have been edited since the window closed.
 */
export async function prepareOpenEnrollment(tx: Db, row: RequestRow): Promise<Prepared> {
  const member = await lockMember(tx, row);
  if (!member) return reject(PROCESSING_NOTES.memberGone);
  const parsed = openEnrollmentPayload.safeParse(row.payload);
  if (!parsed.success) return reject(OPEN_ENROLLMENT_NOTES.payload);
  const { planYearBegin, elections, newDependents } = parsed.data;
  if (member.termDate !== null && member.termDate < planYearBegin) return reject(PROCESSING_NOTES.memberTermed);

  const covering = elections.filter((e) => e.action === 'keep' || e.action === 'change' || e.action === 'rollover');
  const planPKs = covering.map((e) => e.planPK ?? 0);
  const offered = planPKs.length
    ? await tx
        .select({ planPK: plans.planPK, planType: plans.planType })
        .from(plans)
        .where(
          and(
            eq(plans.employerPK, row.employerPK),
            eq(plans.contractBeginDate, planYearBegin),
            inArray(plans.planPK, planPKs),
          ),
        )
    : [];
  if (covering.some((e) => !offered.some((p) => p.planPK === e.planPK && p.planType === e.planType)))
    return reject(OPEN_ENROLLMENT_NOTES.plan);
  const tiers: Tier[] = covering.length
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
              covering.map((e) => e.coverageOptionPK ?? 0),
            ),
          ),
        )
    : [];
  if (covering.some((e) => !tiers.some((t) => t.coverageOptionPK === e.coverageOptionPK)))
    return reject(OPEN_ENROLLMENT_NOTES.plan);
  const family = await tx
    .select({ dependentPK: dependents.dependentPK, relationshipPK: dependents.relationshipPK })
    .from(dependents)
    .where(
      and(
        eq(dependents.subscriberPK, member.subscriberPK),
        sql`(${dependents.termDate} is null or ${dependents.termDate} >= ${planYearBegin})`,
      ),
    );

  return {
    ok: true,
    apply: async (tx) => {
      for (const election of elections) {
        const ofType = sql`${coverages.planPK} in (select ${plans.planPK} from ${plans} where ${plans.employerPK} = ${row.employerPK} and ${plans.planType} = ${election.planType})`;
        await endCoverages(
          tx,
          and(eq(coverages.subscriberPK, member.subscriberPK), ofType)!,
          addDays(planYearBegin, -1),
        );
      }
      // Added dependents join the family from the plan year: at the subscriber's address, no SSN yet.
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
      const rows = covering.flatMap((e) => {
        const tier = tiers.find((t) => t.coverageOptionPK === e.coverageOptionPK);
        return [null, ...coveredBy(tier, household).map((d) => d.dependentPK)].map((dependentPK) => ({
          subscriberPK: member.subscriberPK,
          dependentPK,
          planPK: e.planPK!,
          coverageOptionPK: e.coverageOptionPK,
          beginDate: planYearBegin,
          endDate: null,
        }));
      });
      if (rows.length > 0) await tx.insert(coverages).values(rows);
    },
  };
}
