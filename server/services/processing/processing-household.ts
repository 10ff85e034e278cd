// What open enrollment and life events share when applied: the plans and tiers elected checked again,
// new dependents created at the subscriber's address, and the coverage rows a tier gives the household.
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_MARITAL_STATUS_PK } from '../../../src/contracts/lookups';
import type { ElectionDependent } from '../../../src/contracts/open-enrollment';
import type { Db } from '../../db/client';
import { coverageOptions, coverages, dependents, plans } from '../../db/schema';
import { dependentColumns, endCoverages, nextDependentNumber, pad, type lockMember } from './processing-member-rows';

const PARTNER_RELATIONSHIPS = [1, 24];

export type Tier = { coverageOptionPK: number; tierCode: string; requiresDependents: boolean };
type Member = NonNullable<Awaited<ReturnType<typeof lockMember>>>;
type Elected = { planType: string; planPK: number | null; coverageOptionPK: number | null };
type Person = { dependentPK: number; relationshipPK: number };

/** The dependents a tier covers: none for the employee alone, the partner, the children, or all. */
export function coveredBy(tier: Tier | undefined, family: Person[]) {
  if (!tier?.requiresDependents) return [];
  const code = tier.tierCode.replace(/^D(?=EE|ES|EC|FAM)/, '');
  const partner = (d: Person) => PARTNER_RELATIONSHIPS.includes(d.relationshipPK);
  if (code === 'ES') return family.filter(partner);
  if (code === 'EC') return family.filter((d) => !partner(d));
  return family;
}

/**
 * The tiers of the elected coverages when every plan is the group's, of its type and `offered` (the
 * plan year's, or in force on a date), and every tier the group's; null when one is not.
 */
export async function electedTiers(
  tx: Db,
  employerPK: number,
  elected: Elected[],
  offered: SQL,
): Promise<Tier[] | null> {
  if (elected.length === 0) return [];
  const found = await tx
    .select({ planPK: plans.planPK, planType: plans.planType })
    .from(plans)
    .where(
      and(
        eq(plans.employerPK, employerPK),
        offered,
        inArray(
          plans.planPK,
          elected.map((e) => e.planPK ?? 0),
        ),
      ),
    );
  if (elected.some((e) => !found.some((p) => p.planPK === e.planPK && p.planType === e.planType))) return null;
  const tiers = await tx
    .select({
      coverageOptionPK: coverageOptions.coverageOptionPK,
      tierCode: coverageOptions.tierCode,
      requiresDependents: coverageOptions.requiresDependents,
    })
    .from(coverageOptions)
    .where(
      and(
        eq(coverageOptions.employerPK, employerPK),
        inArray(
          coverageOptions.coverageOptionPK,
          elected.map((e) => e.coverageOptionPK ?? 0),
        ),
      ),
    );
  return elected.every((e) => tiers.some((t) => t.coverageOptionPK === e.coverageOptionPK)) ? tiers : null;
}

/** Ends the subscriber's (and dependents') coverage of each type on `lastDay`. */
export async function endCoverageTypes(
  tx: Db,
  employerPK: number,
  member: Member,
  planTypes: string[],
  lastDay: string,
) {
  for (const planType of planTypes) {
    const ofType = sql`${coverages.planPK} in (select ${plans.planPK} from ${plans} where ${plans.employerPK} = ${employerPK} and ${plans.planType} = ${planType})`;
    await endCoverages(tx, and(eq(coverages.subscriberPK, member.subscriberPK), ofType)!, lastDay);
  }
}

/**
 * Dependents leaving the coverage: their coverage ends on `lastDay` and so does their record (an
 * earlier end stays). Stamped with the transaction's time, which the carrier feed reads as "removed
 * by this request".
 */
export async function removeDependents(tx: Db, member: Member, dependentPKs: number[], lastDay: string) {
  if (dependentPKs.length === 0) return;
  await endCoverages(
    tx,
    and(eq(coverages.subscriberPK, member.subscriberPK), inArray(coverages.dependentPK, dependentPKs))!,
    lastDay,
  );
  await tx
    .update(dependents)
    .set({ termDate: lastDay, updatedAt: sql`now()` })
    .where(
      and(
        eq(dependents.subscriberPK, member.subscriberPK),
        inArray(dependents.dependentPK, dependentPKs),
        or(isNull(dependents.termDate), sql`${dependents.termDate} > ${lastDay}`),
      ),
    );
}

/** Dependents a member added (a newborn, a new spouse): at the subscriber's address, no SSN yet. */
export async function addNewDependents(tx: Db, member: Member, people: ElectionDependent[]): Promise<Person[]> {
  let number = await nextDependentNumber(tx, member.subscriberPK);
  const added: Person[] = [];
  for (const person of people) {
    const [row] = await tx
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
    added.push(row!);
  }
  return added;
}

/** Coverage rows from `beginDate`: each elected plan for the subscriber and the household its tier covers. */
export function householdCoverageRows(
  member: Member,
  elected: Elected[],
  tiers: Tier[],
  household: Person[],
  beginDate: string,
) {
  return elected.flatMap((e) => {
    const tier = tiers.find((t) => t.coverageOptionPK === e.coverageOptionPK);
    return [null, ...coveredBy(tier, household).map((d) => d.dependentPK)].map((dependentPK) => ({
      subscriberPK: member.subscriberPK,
      dependentPK,
      planPK: e.planPK!,
      coverageOptionPK: e.coverageOptionPK,
      beginDate,
      endDate: null,
    }));
  });
}
