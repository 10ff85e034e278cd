// What a member may report: the kinds of event (data), today's coverage with the plans and tiers of
// the plan year in force, the household, and the events they reported before.
import { and, asc, desc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import {
  lifeEventOptions as optionsShape,
  type LifeEventKind,
  type LifeEventOptions,
} from '../../../src/contracts/life-events';
import { ELECTION_TYPES, type ElectionType } from '../../../src/contracts/open-enrollment';
import type { Db } from '../../db/client';
import {
  coverageOptions,
  coverages,
  dependents,
  employers,
  lifeEventKinds,
  lifeEventProofs,
  lifeEvents,
  plans,
  requests,
  subscribers,
} from '../../db/schema';
import { localToday } from '../../lib/calendar';
import { forbidden, notFound } from '../../lib/problem';

export async function lifeEventKindList(db: Db): Promise<(LifeEventKind & { changeReasonPK: number })[]> {
  return db
    .select({
      code: lifeEventKinds.code,
      name: lifeEventKinds.name,
      windowDays: lifeEventKinds.windowDays,
      effectiveRule: lifeEventKinds.effectiveRule,
      addRelationshipPKs: lifeEventKinds.addRelationshipPKs,
      removeRelationshipPKs: lifeEventKinds.removeRelationshipPKs,
      allowsPlanChange: lifeEventKinds.allowsPlanChange,
      requiresNewChild: lifeEventKinds.requiresNewChild,
      changeReasonPK: lifeEventKinds.changeReasonPK,
    })
    .from(lifeEventKinds)
    .orderBy(asc(lifeEventKinds.sort));
}

/** The member's record in the group, or 403/404: a Member names no one but themself. */
export async function memberOf(db: Db, employerPK: number, subscriberPK: number | null) {
  if (subscriberPK === null) throw forbidden('Only a member of the group can report a life event.');
  const [member] = await db
    .select({
      subscriberPK: subscribers.subscriberPK,
      divisionPK: subscribers.divisionPK,
      termDate: subscribers.termDate,
      firstName: subscribers.firstName,
      lastName: subscribers.lastName,
      employerName: employers.employerName,
    })
    .from(subscribers)
    .innerJoin(employers, eq(employers.employerPK, subscribers.employerPK))
    .where(and(eq(subscribers.subscriberPK, subscriberPK), eq(subscribers.employerPK, employerPK)));
  if (!member) throw notFound('Your record was not found in this group.');
  return member;
}

/** Medical and dental plans of the member's division whose contract covers `on`, with the division's tiers. */
export async function plansOn(db: Db, employerPK: number, divisionPK: number | null, on: string) {
  if (divisionPK === null) return { offered: [], tiers: [] };
  const offered = await db
    .select({ planPK: plans.planPK, planName: plans.planName, planType: plans.planType })
    .from(plans)
    .where(
      and(
        eq(plans.employerPK, employerPK),
        eq(plans.divisionPK, divisionPK),
        inArray(plans.planType, [...ELECTION_TYPES]),
        lte(plans.contractBeginDate, on),
        gte(plans.contractEndDate, on),
      ),
    )
    .orderBy(asc(plans.planName));
  const tiers = await db
    .select({
      coverageOptionPK: coverageOptions.coverageOptionPK,
      tierName: coverageOptions.name,
      isMedical: coverageOptions.isMedical,
      coversDependents: coverageOptions.requiresDependents,
      tierCode: coverageOptions.tierCode,
    })
    .from(coverageOptions)
    .where(and(eq(coverageOptions.employerPK, employerPK), eq(coverageOptions.divisionPK, divisionPK)))
    .orderBy(asc(coverageOptions.sortOrder), asc(coverageOptions.coverageOptionPK));
  return { offered, tiers };
}

export const tiersOf = <T extends { isMedical: boolean }>(tiers: T[], planType: ElectionType) =>
  tiers.filter((t) => t.isMedical === (planType === 'Medical'));

export async function lifeEventOptions(
  db: Db,
  employerPK: number,
  subscriberPK: number | null,
  today = localToday(),
): Promise<LifeEventOptions> {
  const member = await memberOf(db, employerPK, subscriberPK);
  const kinds = (await lifeEventKindList(db)).map(({ changeReasonPK: _, ...kind }) => kind);
  const { offered, tiers } = await plansOn(db, employerPK, member.divisionPK, today);
  const own = await db
    .select({ planPK: coverages.planPK, planType: plans.planType, coverageOptionPK: coverages.coverageOptionPK })
    .from(coverages)
    .innerJoin(plans, eq(plans.planPK, coverages.planPK))
    .where(
      and(
        eq(coverages.subscriberPK, member.subscriberPK),
        isNull(coverages.dependentPK),
        lte(coverages.beginDate, today),
        or(isNull(coverages.endDate), gte(coverages.endDate, today)),
      ),
    );
  const household = await db
    .select({
      dependentPK: dependents.dependentPK,
      firstName: dependents.firstName,
      lastName: dependents.lastName,
      relationshipPK: dependents.relationshipPK,
    })
    .from(dependents)
    .where(
      and(
        eq(dependents.subscriberPK, member.subscriberPK),
        or(isNull(dependents.termDate), gte(dependents.termDate, today)),
      ),
    )
    .orderBy(asc(dependents.dateOfBirth));
  const reported = await db
    .select({
      lifeEventPK: lifeEvents.lifeEventPK,
      kindName: lifeEventKinds.name,
      eventDate: lifeEvents.eventDate,
      effectiveDate: lifeEvents.effectiveDate,
      reportedOn: lifeEvents.reportedOn,
      proofToFollow: lifeEvents.proofToFollow,
      proofDueDate: lifeEvents.proofDueDate,
      attached: lifeEventProofs.size,
      requestStatus: requests.status,
    })
    .from(lifeEvents)
    .innerJoin(lifeEventKinds, eq(lifeEventKinds.code, lifeEvents.kindCode))
    .innerJoin(requests, eq(requests.requestPK, lifeEvents.requestPK))
    .leftJoin(lifeEventProofs, eq(lifeEventProofs.lifeEventPK, lifeEvents.lifeEventPK))
    .where(eq(lifeEvents.subscriberPK, member.subscriberPK))
    .orderBy(desc(lifeEvents.lifeEventPK))
    .limit(20);

  return optionsShape.parse({
    subscriberPK: member.subscriberPK,
    employerName: member.employerName,
    today,
    kinds,
    coverages: ELECTION_TYPES.map((planType) => {
      const current = own.find((c) => c.planType === planType);
      return {
        planType,
        current: current ? { planPK: current.planPK, coverageOptionPK: current.coverageOptionPK } : null,
        plans: offered.filter((p) => p.planType === planType).map(({ planPK, planName }) => ({ planPK, planName })),
        tiers: tiersOf(tiers, planType).map(({ coverageOptionPK, tierName, coversDependents }) => ({
          coverageOptionPK,
          tierName,
          coversDependents,
        })),
      };
    }),
    dependents: household.map((d) => ({
      dependentPK: d.dependentPK,
      name: `${d.firstName} ${d.lastName}`,
      relationshipPK: d.relationshipPK,
    })),
    events: reported.map((e) => ({
      lifeEventPK: e.lifeEventPK,
      kindName: e.kindName,
      eventDate: e.eventDate,
      effectiveDate: e.effectiveDate,
      reportedOn: e.reportedOn,
      proof: e.attached !== null ? 'attached' : e.proofToFollow ? 'toFollow' : 'missing',
      proofDueDate: e.proofDueDate,
      requestStatus: e.requestStatus,
    })),
  });
}
