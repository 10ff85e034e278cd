// My Benefits: what a Member sees of their own record. The subscriber comes from the caller's grant,
// never from the request, so a Member cannot name anyone else's record.
import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MyBenefits, MyCoverage } from '../../../src/contracts/my-benefits';
import { PERIODS_PER_YEAR, centsText, toCents } from '../../../src/contracts/plan-years';
import { localToday, yearOf } from '../../lib/calendar';
import { forbidden, notFound } from '../../lib/problem';
import type { Db } from '../../db/client';
import {
  coverageOptions,
  coverages,
  dependents,
  employers,
  fsaElections,
  lookupValues,
  planRates,
  plans,
  subscribers,
} from '../../db/schema';

const relationships = alias(lookupValues, 'relationships');

/** The subscriber's coverages in force on `today`, or also their dependents' rows. */
const inForceFor = (subscriberPK: number, today: string) =>
  and(
    eq(coverages.subscriberPK, subscriberPK),
    lte(coverages.beginDate, today),
    or(isNull(coverages.endDate), gte(coverages.endDate, today)),
  );

/** The subscriber's own coverage rows in force today, with plan, tier and the rate of that tier. */
export function ownCoverageToday(db: Db, subscriberPK: number, today: string) {
  return db
    .select({
      planPK: coverages.planPK,
      planType: plans.planType,
      planName: plans.planName,
      successorPlanPK: plans.successorPlanPK,
      coverageOptionPK: coverages.coverageOptionPK,
      tierName: coverageOptions.name,
      beginDate: coverages.beginDate,
      endDate: coverages.endDate,
      employeeShare: planRates.employeeShare,
      employerShare: planRates.employerShare,
    })
    .from(coverages)
    .innerJoin(plans, eq(plans.planPK, coverages.planPK))
    .leftJoin(coverageOptions, eq(coverageOptions.coverageOptionPK, coverages.coverageOptionPK))
    .leftJoin(
      planRates,
      and(eq(planRates.planPK, coverages.planPK), eq(planRates.coverageOptionPK, coverages.coverageOptionPK)),
    )
    .where(and(inForceFor(subscriberPK, today), isNull(coverages.dependentPK)))
    .orderBy(asc(plans.planType), asc(plans.planName));
}

/**
 * The successor of each of the subscriber's own plans in force today, in the order of
 * `ownCoverageToday` (the first of a coverage type is the one My Enrollment offers to keep).
 */
export function ownSuccessorsToday(db: Db, subscriberPK: number, today: string) {
  return db
    .select({ planType: plans.planType, successorPlanPK: plans.successorPlanPK })
    .from(coverages)
    .innerJoin(plans, eq(plans.planPK, coverages.planPK))
    .where(and(inForceFor(subscriberPK, today), isNull(coverages.dependentPK)))
    .orderBy(asc(plans.planType), asc(plans.planName));
}

export async function myBenefits(
  db: Db,
  employerPK: number,
  subscriberPK: number | null,
  today = localToday(),
): Promise<MyBenefits> {
  if (subscriberPK === null) throw forbidden('Only a member of the group has benefits to show.');
  const [member] = await db
    .select({
      firstName: subscribers.firstName,
      lastName: subscribers.lastName,
      payFrequencyPK: employers.payFrequencyPK,
      payFrequency: lookupValues.name,
      claimsShown: employers.membersSeeClaims,
    })
    .from(subscribers)
    .innerJoin(employers, eq(employers.employerPK, subscribers.employerPK))
    .leftJoin(lookupValues, and(eq(lookupValues.kind, 'payFrequency'), eq(lookupValues.pk, employers.payFrequencyPK)))
    .where(and(eq(subscribers.subscriberPK, subscriberPK), eq(subscribers.employerPK, employerPK)));
  if (!member) throw notFound('Your record was not found in this group.');

  const rows = await ownCoverageToday(db, subscriberPK, today);

  const people = await db
    .select({
      dependentPK: dependents.dependentPK,
      firstName: dependents.firstName,
      lastName: dependents.lastName,
      relationship: relationships.name,
      dateOfBirth: dependents.dateOfBirth,
    })
    .from(dependents)
    .leftJoin(
      relationships,
      and(eq(relationships.kind, 'relationship'), eq(relationships.pk, dependents.relationshipPK)),
    )
    .where(
      and(eq(dependents.subscriberPK, subscriberPK), or(isNull(dependents.termDate), gte(dependents.termDate, today))),
    )
    .orderBy(asc(dependents.dateOfBirth));
  const covers = people.length
    ? await db
        .select({ planPK: coverages.planPK, dependentPK: coverages.dependentPK })
        .from(coverages)
        .where(
          and(
            inForceFor(subscriberPK, today),
            inArray(
              coverages.dependentPK,
              people.map((p) => p.dependentPK),
            ),
          ),
        )
    : [];
  const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

  const coverageList: MyCoverage[] = rows
    .filter((r) => r.planType !== 'FSA')
    .map((r) => ({
      planType: r.planType as MyCoverage['planType'],
      planName: r.planName,
      tierName: r.tierName ?? '',
      beginDate: r.beginDate,
      endDate: r.endDate,
      employeeShare: r.employeeShare,
      employerShare: r.employerShare,
      covered: [
        { name: nameOf(member), relationship: 'You' },
        ...people
          .filter((p) => covers.some((c) => c.planPK === r.planPK && c.dependentPK === p.dependentPK))
          .map((p) => ({ name: nameOf(p), relationship: p.relationship ?? '' })),
      ],
    }));

  const fsa = await db
    .select({ planName: plans.planName, planYear: fsaElections.planYear, electionAmount: fsaElections.electionAmount })
    .from(fsaElections)
    .innerJoin(plans, eq(plans.planPK, fsaElections.planPK))
    .where(and(eq(fsaElections.subscriberPK, subscriberPK), eq(fsaElections.planYear, yearOf(today))));

  const periodsPerYear = PERIODS_PER_YEAR[member.payFrequencyPK] ?? 26;
  const perPaycheck = coverageList.reduce((sum, c) => sum + (c.employeeShare ? toCents(c.employeeShare) : 0), 0);
  return {
    subscriberPK,
    firstName: member.firstName,
    lastName: member.lastName,
    payFrequency: member.payFrequency ?? '',
    periodsPerYear,
    coverages: coverageList,
    fsaElections: fsa,
    dependents: people.map((p) => ({
      dependentPK: p.dependentPK,
      name: nameOf(p),
      relationship: p.relationship ?? '',
      dateOfBirth: p.dateOfBirth,
    })),
    perPaycheck: centsText(perPaycheck),
    perYear: centsText(perPaycheck * periodsPerYear),
    claimsShown: member.claimsShown,
  };
}
