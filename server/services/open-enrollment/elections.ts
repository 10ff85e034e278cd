// A member's elections in their group's open enrollment window: what they have today, next year's
// plans priced for their family's tier, and the submission that replaces any earlier one.
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
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
  electionFsa,
  electionStatements,
  elections,
  employers,
  enrollmentViews,
  enrollmentWindows,
  lookupValues,
  planRates,
  plans,
  subscribers,
} from '../../db/schema';
import { ownCoverageToday, ownSuccessorsToday } from './my-benefits';
import { statementContent } from './statements';
import { countedAs, countsAdded, countsChange, currentWindow, isNoChange, windowView } from './windows';

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

type WindowRow = typeof enrollmentWindows.$inferSelect;

/** Plan types a window offers: the coverage types elected, and FSA (elected again each year, never kept). */
const OFFERED_TYPES = [...ELECTION_TYPES, 'FSA'] as const;

/** Next year's plans of a division (by name, FSA ones too), its tiers (in display order) and their rates. */
async function readOffer(db: Db, employerPK: number, planYearBegin: string, divisionPK: number) {
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
        eq(plans.divisionPK, divisionPK),
        eq(plans.contractBeginDate, planYearBegin),
        inArray(plans.planType, [...OFFERED_TYPES]),
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
    .where(and(eq(coverageOptions.employerPK, employerPK), eq(coverageOptions.divisionPK, divisionPK)))
    .orderBy(asc(coverageOptions.sortOrder));
  const rates = nextPlans.length
    ? await db
        .select({
          planPK: planRates.planPK,
          coverageOptionPK: planRates.coverageOptionPK,
          employeeShare: planRates.employeeShare,
        })
        .from(planRates)
        .where(
          inArray(
            planRates.planPK,
            nextPlans.map((p) => p.planPK),
          ),
        )
    : [];
  return { plans: nextPlans, tiers, rates };
}

type Offer = Awaited<ReturnType<typeof readOffer>>;

/** Past this many, the kept offers are dropped whole (those of earlier stamps are never asked again). */
const OFFERS_KEPT = 500;
const offers = new Map<string, Promise<Offer>>();

/**
 * A division's offer in a window, the same for each of its members, read once per window's offer
 * stamp: any write of plans, rates or tiers gives the open windows a new stamp (migration 0026), so a
 * kept offer is never used after a change, on any replica.
 */
function offerOf(db: Db, employerPK: number, window: WindowRow, divisionPK: number): Promise<Offer> {
  const key = `${window.offerStamp} ${divisionPK}`;
  const kept = offers.get(key);
  // Kept reads run on the connection of the call that started them: if that one failed, read again.
  if (kept) return kept.catch(() => readOffer(db, employerPK, window.planYearBegin, divisionPK));
  if (offers.size >= OFFERS_KEPT) offers.clear();
  const read = readOffer(db, employerPK, window.planYearBegin, divisionPK);
  offers.set(key, read);
  read.catch(() => offers.delete(key));
  return read;
}

const fsaPlansOf = (offer: Offer) => offer.plans.filter((p) => p.planType === 'FSA');

const tiersOfType = (offer: Offer, planType: ElectionType) =>
  offer.tiers.filter((t) => t.isMedical === (planType === 'Medical'));

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
      fsaPlans: [],
      fsaElections: [],
      dependents: [],
      removeDependentPKs: [],
      submittedAt: null,
    };

  const current = await ownCoverageToday(db, member.subscriberPK, today);
  const family = await db
    .select({
      dependentPK: dependents.dependentPK,
      firstName: dependents.firstName,
      lastName: dependents.lastName,
      relationship: lookupValues.name,
    })
    .from(dependents)
    .innerJoin(lookupValues, and(eq(lookupValues.kind, 'relationship'), eq(lookupValues.pk, dependents.relationshipPK)))
    .where(and(eq(dependents.subscriberPK, member.subscriberPK), isNull(dependents.termDate)))
    .orderBy(asc(dependents.dependentPK));
  const partner = family.some((d) => RELATIONSHIP_SPOUSE.includes(d.relationship));
  const children = family.some((d) => !RELATIONSHIP_SPOUSE.includes(d.relationship));

  const offer = await offerOf(db, employerPK, window, member.divisionPK);
  const made = await db
    .select()
    .from(elections)
    .where(and(eq(elections.windowPK, window.windowPK), eq(elections.subscriberPK, member.subscriberPK)));
  if (made.length === 0 && windowView(window, today).open)
    await recordFirstView(db, window.windowPK, member.subscriberPK);

  const choices: CoverageChoice[] = ELECTION_TYPES.map((planType) => {
    const now = current.find((c) => c.planType === planType);
    const typeTiers = tiersOfType(offer, planType);
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
      options: offer.plans
        .filter((p) => p.planType === planType)
        .map((p) => {
          const rate = offer.rates.find((r) => r.planPK === p.planPK && r.coverageOptionPK === tier?.coverageOptionPK);
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
    .select({ people: electionDependents.people, removed: electionDependents.removedDependentPKs })
    .from(electionDependents)
    .where(
      and(eq(electionDependents.windowPK, window.windowPK), eq(electionDependents.subscriberPK, member.subscriberPK)),
    );
  const newDependents = (added?.people ?? []).flatMap((p) => {
    const parsed = electionDependent.safeParse(p);
    return parsed.success ? [parsed.data] : [];
  });
  const fsa = await db
    .select({ pk: electionFsa.planPK, amount: electionFsa.amount })
    .from(electionFsa)
    .where(and(eq(electionFsa.windowPK, window.windowPK), eq(electionFsa.subscriberPK, member.subscriberPK)))
    .orderBy(asc(electionFsa.planPK));
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
    fsaPlans: fsaPlansOf(offer).map((p) => ({ planPK: p.planPK, planName: p.planName })),
    fsaElections: fsa,
    dependents: family.map((d) => ({
      dependentPK: d.dependentPK,
      name: `${d.firstName} ${d.lastName}`,
      relationship: d.relationship,
    })),
    removeDependentPKs: added?.removed ?? [],
    submittedAt,
  };
}

/**
 * Records that a member without elections opened their enrollment screen in the open window, once:
 * a read finds the row and writes nothing. The first one counts the member in progress.
 */
async function recordFirstView(db: Db, windowPK: number, subscriberPK: number) {
  const [seen] = await db
    .select({ windowPK: enrollmentViews.windowPK })
    .from(enrollmentViews)
    .where(and(eq(enrollmentViews.windowPK, windowPK), eq(enrollmentViews.subscriberPK, subscriberPK)));
  if (seen) return;
  await db.transaction(async (tx) => {
    // Key share on the window: a closing batch (for update) does not run meanwhile, and one that ran
    // first is seen. Share on the member: a submission of theirs (no key update) is done before, or
    // starts after this commits; either way the election rows read below are theirs at the commit.
    const [window] = await tx
      .select({ windowPK: enrollmentWindows.windowPK })
      .from(enrollmentWindows)
      .where(and(eq(enrollmentWindows.windowPK, windowPK), isNull(enrollmentWindows.closingCursor)))
      .for('key share');
    if (!window) return;
    await tx
      .select({ subscriberPK: subscribers.subscriberPK })
      .from(subscribers)
      .where(eq(subscribers.subscriberPK, subscriberPK))
      .for('share');
    const [inserted] = await tx
      .insert(enrollmentViews)
      .values({ windowPK, subscriberPK })
      .onConflictDoNothing()
      .returning({ windowPK: enrollmentViews.windowPK });
    if (!inserted) return;
    const [row] = await tx
      .select({ action: elections.action })
      .from(elections)
      .where(and(eq(elections.windowPK, windowPK), eq(elections.subscriberPK, subscriberPK)))
      .limit(1);
    if (row) return;
    await tx
      .update(enrollmentWindows)
      .set(countsAdded(countsChange([{ before: 'notStarted', after: 'inProgress' }])))
      .where(eq(enrollmentWindows.windowPK, windowPK));
  });
}

/**
 * Replaces the member's elections in the open window. Keep means today's plan's successor; a change
 * names a plan of the window's plan year for the member's division; the tier is one of the division's.
 * Checks the body against the same choices My Enrollment offers, reading only what the checks and the
 * statement need, and keeps the window's counts in the same transaction.
 */
export async function submitElections(
  db: Db,
  employerPK: number,
  subscriberPK: number | null,
  body: SubmitElectionsBody,
  today = localToday(),
) {
  if (subscriberPK === null) throw forbidden('Only a member of the group has elections to make.');
  return db.transaction(async (tx) => {
    // Locked: a second submission of the member waits, so the rows this one replaces (and the counts'
    // change) are what the member has when it commits.
    const [member] = await tx
      .select({
        divisionPK: subscribers.divisionPK,
        payFrequencyPK: employers.payFrequencyPK,
        firstName: subscribers.firstName,
        lastName: subscribers.lastName,
      })
      .from(subscribers)
      .innerJoin(employers, eq(employers.employerPK, subscribers.employerPK))
      .where(and(eq(subscribers.subscriberPK, subscriberPK), eq(subscribers.employerPK, employerPK)))
      .for('no key update', { of: subscribers });
    if (!member) throw notFound('Your record was not found in this group.');
    // Key share: a closing batch (which locks the window for update) waits for the submissions under
    // way, and one made after closing began finds it here.
    const [window] = await tx
      .select()
      .from(enrollmentWindows)
      .where(and(eq(enrollmentWindows.employerPK, employerPK), isNull(enrollmentWindows.closedAt)))
      .orderBy(desc(enrollmentWindows.windowPK))
      .limit(1)
      .for('key share');
    if (!window) throw conflict('Open enrollment is not open for your group. Contact your HR department.');
    const shown = windowView(window, today);
    if (shown.closing) throw conflict('Open enrollment has closed for your group. Contact your HR department.');
    if (!shown.open)
      throw conflict(`Open enrollment runs from ${shown.startsOn} to ${shown.endsOn}. Contact your HR department.`);

    // The member's choices, as My Enrollment offers them: every coverage type once the member has a
    // division; its plans and tiers are the division's in the window's plan year.
    const offer = member.divisionPK === null ? null : await offerOf(tx, employerPK, window, member.divisionPK);
    const successors =
      offer && body.elections.some((e) => e.action === 'keep') ? await ownSuccessorsToday(tx, subscriberPK, today) : [];
    const rows = body.elections.map((e) => {
      if (!offer) throw badRequest(`No ${e.planType.toLowerCase()} plans are offered to you.`);
      if (e.action === 'waive') return { ...e, planPK: null, coverageOptionPK: null };
      const planPK =
        e.action === 'keep' ? (successors.find((c) => c.planType === e.planType)?.successorPlanPK ?? null) : e.planPK;
      if (planPK === null)
        throw badRequest(
          `Your ${e.planType.toLowerCase()} plan has no successor next year: choose a plan or waive the coverage.`,
        );
      if (!offer.plans.some((p) => p.planType === e.planType && p.planPK === planPK))
        throw badRequest(`Choose one of next year's ${e.planType.toLowerCase()} plans.`);
      if (!tiersOfType(offer, e.planType).some((t) => t.coverageOptionPK === e.coverageOptionPK))
        throw badRequest(`Choose one of the ${e.planType.toLowerCase()} tiers offered.`);
      return { ...e, planPK, waiveReason: null };
    });
    const fsa = body.FSAElections ?? [];
    if (fsa.some((f) => !offer || !fsaPlansOf(offer).some((p) => p.planPK === f.pk)))
      throw badRequest(OPEN_ENROLLMENT_MESSAGES.fsaPlan);
    const removeDependentPKs = body.removeDependentPKs ?? [];
    // Only current dependents of the member may leave next year's coverage; read only when some do.
    const removed = removeDependentPKs.length
      ? await tx
          .select({
            dependentPK: dependents.dependentPK,
            firstName: dependents.firstName,
            lastName: dependents.lastName,
          })
          .from(dependents)
          .where(
            and(
              eq(dependents.subscriberPK, subscriberPK),
              isNull(dependents.termDate),
              inArray(dependents.dependentPK, removeDependentPKs),
            ),
          )
      : [];
    if (removed.length !== removeDependentPKs.length) throw badRequest(OPEN_ENROLLMENT_MESSAGES.removeDependent);
    const newDependents = body.newDependents ?? [];
    // A dependent added is covered only by a tier that covers dependents.
    const coversThem = rows.some(
      (r) =>
        r.action !== 'waive' &&
        offer !== null &&
        tiersOfType(offer, r.planType).some((t) => t.coverageOptionPK === r.coverageOptionPK && t.requiresDependents),
    );
    if (newDependents.length > 0 && !coversThem) throw badRequest(OPEN_ENROLLMENT_MESSAGES.newDependentTier);

    const windowPK = window.windowPK;
    const submittedAt = new Date();
    const content = statementContent(
      {
        memberName: `${member.firstName} ${member.lastName}`,
        planYearBegin: window.planYearBegin,
        windowEndsOn: window.endsOn,
        periodsPerYear: PERIODS_PER_YEAR[member.payFrequencyPK] ?? 26,
        rows,
        submittedAt,
        added: newDependents,
        fsa,
        removed: removed.map((d) => `${d.firstName} ${d.lastName}`),
      },
      offer ?? { plans: [], tiers: [], rates: [] },
    );
    const replaced = await tx
      .delete(elections)
      .where(and(eq(elections.windowPK, windowPK), eq(elections.subscriberPK, subscriberPK)))
      .returning({ action: elections.action });
    await tx.insert(elections).values(
      rows.map((r) => ({
        windowPK,
        subscriberPK,
        planType: r.planType as ElectionType,
        action: r.action,
        planPK: r.planPK,
        coverageOptionPK: r.coverageOptionPK,
        waiveReason: r.waiveReason,
        submittedAt,
      })),
    );
    if (newDependents.length > 0 || removeDependentPKs.length > 0)
      await tx
        .insert(electionDependents)
        .values({ windowPK, subscriberPK, people: newDependents, removedDependentPKs: removeDependentPKs })
        .onConflictDoUpdate({
          target: [electionDependents.windowPK, electionDependents.subscriberPK],
          set: { people: newDependents, removedDependentPKs: removeDependentPKs },
        });
    else
      await tx
        .delete(electionDependents)
        .where(and(eq(electionDependents.windowPK, windowPK), eq(electionDependents.subscriberPK, subscriberPK)));
    await tx
      .delete(electionFsa)
      .where(and(eq(electionFsa.windowPK, windowPK), eq(electionFsa.subscriberPK, subscriberPK)));
    if (fsa.length > 0)
      await tx.insert(electionFsa).values(fsa.map((f) => ({ windowPK, subscriberPK, planPK: f.pk, amount: f.amount })));
    await tx.insert(electionStatements).values({ windowPK, subscriberPK, content });
    // A first submission leaves "in progress" when the member had opened the screen: one key lookup.
    const viewed =
      replaced.length === 0 &&
      (
        await tx
          .select({ windowPK: enrollmentViews.windowPK })
          .from(enrollmentViews)
          .where(and(eq(enrollmentViews.windowPK, windowPK), eq(enrollmentViews.subscriberPK, subscriberPK)))
      ).length > 0;
    const change = countsChange([
      {
        before: countedAs(
          replaced.map((r) => r.action),
          viewed,
        ),
        after: countedAs(rows.map((r) => r.action)),
      },
    ]);
    // Last, so that the window row's lock, which every submission's count takes, is held only to the commit.
    if (!isNoChange(change))
      await tx.update(enrollmentWindows).set(countsAdded(change)).where(eq(enrollmentWindows.windowPK, windowPK));
    return { subscriberPK, submittedAt: submittedAt.toISOString() };
  });
}
