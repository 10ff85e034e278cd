// A member's elections in their group's open enrollment window: what they have today, next year's
// plans priced for their family's tier, and the submission that replaces any earlier one.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type {
  CoverageChoice,
  ElectionType,
  MyEnrollment,
  SubmitElectionsBody,
} from '../../../src/contracts/open-enrollment';
import { ELECTION_TYPES, OPEN_ENROLLMENT_MESSAGES, electionDependent } from '../../../src/contracts/open-enrollment';
import { PERIODS_PER_YEAR, centsText, toCents } from '../../../src/contracts/plan-years';
import { localToday } from '../../lib/calendar';
import { badRequest, conflict, forbidden, notFound } from '../../lib/problem';
import type { Db } from '../../db/client';
import {
  coverageOptions,
  dependents,
  electionDependents,
  electionStatements,
  elections,
  employers,
  lookupValues,
  planRates,
  plans,
  subscribers,
} from '../../db/schema';
import { ownCoverageToday } from './my-benefits';
import { statementContent } from './statements';
import { currentWindow, windowView } from './windows';

const RELATIONSHIP_SPOUSE = ['Spouse', 'Domestic Partner'];

type Tier = { coverageOptionPK: number; tierName: string; tierCode: string; requiresDependents: boolean };

/** The tier a family implies, by the seeded codes (EE, ES, EC, FAM; dental ones prefixed D). */
function impliedTier(tiers: Tier[], partner: boolean, children: boolean): Tier | undefined {
  const code = partner ? (children ? 'FAM' : 'ES') : children ? 'EC' : 'EE';
  return (
    tiers.find((t) => t.tierCode.replace(/^D/, '') === code) ??
    tiers.find((t) => t.requiresDependents === (partner || children)) ??
    tiers[0]
  );
}

/** A year's premiums at the member's share plus the out-of-pocket maximum: the most the year can cost. */
function worstCase(perPaycheckCents: number | null, periodsPerYear: number, oopMax: string | null) {
  if (perPaycheckCents === null || oopMax === null) return null;
  return centsText(perPaycheckCents * periodsPerYear + toCents(oopMax));
}

async function memberOf(db: Db, employerPK: number, subscriberPK: number | null) {
  if (subscriberPK === null) throw forbidden('Only a member of the group has elections to make.');
  const [member] = await db
    .select({ divisionPK: subscribers.divisionPK, payFrequencyPK: employers.payFrequencyPK })
    .from(subscribers)
    .innerJoin(employers, eq(employers.employerPK, subscribers.employerPK))
    .where(and(eq(subscribers.subscriberPK, subscriberPK), eq(subscribers.employerPK, employerPK)));
  if (!member) throw notFound('Your record was not found in this group.');
  return { subscriberPK, ...member };
}

export async function myEnrollment(
  db: Db,
  employerPK: number,
  subscriberPK: number | null,
  today = localToday(),
): Promise<MyEnrollment> {
  const member = await memberOf(db, employerPK, subscriberPK);
  const periodsPerYear = PERIODS_PER_YEAR[member.payFrequencyPK] ?? 26;
  const window = await currentWindow(db, employerPK);
  if (!window || member.divisionPK === null)
    return {
      subscriberPK: member.subscriberPK,
      window: window && windowView(window, today),
      periodsPerYear,
      choices: [],
      newDependents: [],
      submittedAt: null,
    };

  const current = await ownCoverageToday(db, member.subscriberPK, today);
  const family = await db
    .select({ relationship: lookupValues.name })
    .from(dependents)
    .innerJoin(lookupValues, and(eq(lookupValues.kind, 'relationship'), eq(lookupValues.pk, dependents.relationshipPK)))
    .where(and(eq(dependents.subscriberPK, member.subscriberPK), isNull(dependents.termDate)));
  const partner = family.some((d) => RELATIONSHIP_SPOUSE.includes(d.relationship));
  const children = family.some((d) => !RELATIONSHIP_SPOUSE.includes(d.relationship));

  const nextPlans = await db
    .select({
      planPK: plans.planPK,
      planType: plans.planType,
      planName: plans.planName,
      oopMaxSingle: plans.oopMaxSingle,
      oopMaxFamily: plans.oopMaxFamily,
    })
    .from(plans)
    .where(
      and(
        eq(plans.employerPK, employerPK),
        eq(plans.divisionPK, member.divisionPK),
        eq(plans.contractBeginDate, window.planYearBegin),
        inArray(plans.planType, [...ELECTION_TYPES]),
      ),
    )
    .orderBy(asc(plans.planName));
  const tiers = await db
    .select({
      coverageOptionPK: coverageOptions.coverageOptionPK,
      tierName: coverageOptions.name,
      tierCode: coverageOptions.tierCode,
      requiresDependents: coverageOptions.requiresDependents,
      isMedical: coverageOptions.isMedical,
    })
    .from(coverageOptions)
    .where(and(eq(coverageOptions.employerPK, employerPK), eq(coverageOptions.divisionPK, member.divisionPK)))
    .orderBy(asc(coverageOptions.sortOrder));
  const rates = nextPlans.length
    ? await db
        .select()
        .from(planRates)
        .where(
          inArray(
            planRates.planPK,
            nextPlans.map((p) => p.planPK),
          ),
        )
    : [];
  const made = await db
    .select()
    .from(elections)
    .where(and(eq(elections.windowPK, window.windowPK), eq(elections.subscriberPK, member.subscriberPK)));

  const choices: CoverageChoice[] = ELECTION_TYPES.map((planType) => {
    const now = current.find((c) => c.planType === planType);
    const typeTiers = tiers.filter((t) => t.isMedical === (planType === 'Medical'));
    const election = made.find((e) => e.planType === planType);
    const tier =
      typeTiers.find((t) => t.coverageOptionPK === (election?.coverageOptionPK ?? now?.coverageOptionPK)) ??
      impliedTier(typeTiers, partner, children);
    const todayCents = now?.employeeShare ? toCents(now.employeeShare) : 0;
    return {
      planType,
      current: now ? { planName: now.planName, tierName: now.tierName ?? '', employeeShare: now.employeeShare } : null,
      keepPlanPK: now?.successorPlanPK ?? null,
      tier: { coverageOptionPK: tier?.coverageOptionPK ?? 0, tierName: tier?.tierName ?? '' },
      tiers: typeTiers.map((t) => ({
        coverageOptionPK: t.coverageOptionPK,
        tierName: t.tierName,
        coversDependents: t.requiresDependents,
      })),
      options: nextPlans
        .filter((p) => p.planType === planType)
        .map((p) => {
          const rate = rates.find((r) => r.planPK === p.planPK && r.coverageOptionPK === tier?.coverageOptionPK);
          const cents = rate ? toCents(rate.employeeShare) : null;
          return {
            planPK: p.planPK,
            planName: p.planName,
            employeeShare: rate?.employeeShare ?? null,
            perYear: cents === null ? null : centsText(cents * periodsPerYear),
            differencePerYear: cents === null ? null : centsText((cents - todayCents) * periodsPerYear),
            worstCasePerYear: worstCase(
              cents,
              periodsPerYear,
              tier?.requiresDependents ? p.oopMaxFamily : p.oopMaxSingle,
            ),
          };
        }),
      election: election
        ? {
            action: election.action as 'keep' | 'change' | 'waive',
            planPK: election.planPK,
            coverageOptionPK: election.coverageOptionPK,
            waiveReason: election.waiveReason,
          }
        : null,
    };
  });
  const [added] = await db
    .select({ people: electionDependents.people })
    .from(electionDependents)
    .where(
      and(eq(electionDependents.windowPK, window.windowPK), eq(electionDependents.subscriberPK, member.subscriberPK)),
    );
  const newDependents = (added?.people ?? []).flatMap((p) => {
    const parsed = electionDependent.safeParse(p);
    return parsed.success ? [parsed.data] : [];
  });
  const submittedAt =
    made
      .map((e) => e.submittedAt.toISOString())
      .sort()
      .at(-1) ?? null;
  return {
    subscriberPK: member.subscriberPK,
    window: windowView(window, today),
    periodsPerYear,
    choices,
    newDependents,
    submittedAt,
  };
}

/**
 * Replaces the member's elections in the open window. Keep means today's plan's successor; a change
 * names a plan of the window's plan year for the member's division; the tier is one of the division's.
 */
export async function submitElections(
  db: Db,
  employerPK: number,
  subscriberPK: number | null,
  body: SubmitElectionsBody,
  today = localToday(),
) {
  const view = await myEnrollment(db, employerPK, subscriberPK, today);
  if (!view.window) throw conflict('Open enrollment is not open for your group. Contact your HR department.');
  if (view.window.closing) throw conflict('Open enrollment has closed for your group. Contact your HR department.');
  if (!view.window.open)
    throw conflict(
      `Open enrollment runs from ${view.window.startsOn} to ${view.window.endsOn}. Contact your HR department.`,
    );
  const rows = body.elections.map((e) => {
    const choice = view.choices.find((c) => c.planType === e.planType);
    if (!choice) throw badRequest(`No ${e.planType.toLowerCase()} plans are offered to you.`);
    if (e.action === 'waive') return { ...e, planPK: null, coverageOptionPK: null };
    const planPK = e.action === 'keep' ? choice.keepPlanPK : e.planPK;
    if (planPK === null)
      throw badRequest(
        `Your ${e.planType.toLowerCase()} plan has no successor next year: choose a plan or waive the coverage.`,
      );
    if (!choice.options.some((o) => o.planPK === planPK))
      throw badRequest(`Choose one of next year's ${e.planType.toLowerCase()} plans.`);
    if (!choice.tiers.some((t) => t.coverageOptionPK === e.coverageOptionPK))
      throw badRequest(`Choose one of the ${e.planType.toLowerCase()} tiers offered.`);
    return { ...e, planPK, waiveReason: null };
  });
  const newDependents = body.newDependents ?? [];
  // A dependent added is covered only by a tier that covers dependents.
  const coversThem = rows.some(
    (r) =>
      r.action !== 'waive' &&
      view.choices
        .find((c) => c.planType === r.planType)
        ?.tiers.some((t) => t.coverageOptionPK === r.coverageOptionPK && t.coversDependents),
  );
  if (newDependents.length > 0 && !coversThem) throw badRequest(OPEN_ENROLLMENT_MESSAGES.newDependentTier);
  const windowPK = view.window.windowPK;
  const member = view.subscriberPK;
  const submittedAt = new Date();
  const content = await statementContent(db, employerPK, view, rows, submittedAt, newDependents);
  await db.transaction(async (tx) => {
    await tx.delete(elections).where(and(eq(elections.windowPK, windowPK), eq(elections.subscriberPK, member)));
    await tx.insert(elections).values(
      rows.map((r) => ({
        windowPK,
        subscriberPK: member,
        planType: r.planType as ElectionType,
        action: r.action,
        planPK: r.planPK,
        coverageOptionPK: r.coverageOptionPK,
        waiveReason: r.waiveReason,
        submittedAt,
      })),
    );
    await tx
      .delete(electionDependents)
      .where(and(eq(electionDependents.windowPK, windowPK), eq(electionDependents.subscriberPK, member)));
    if (newDependents.length > 0)
      await tx.insert(electionDependents).values({ windowPK, subscriberPK: member, people: newDependents });
    await tx.insert(electionStatements).values({ windowPK, subscriberPK: member, content });
  });
  return { subscriberPK: member, submittedAt: submittedAt.toISOString() };
}
