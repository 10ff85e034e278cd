// Closing an open enrollment window: every member's elections, or the group's rule for those who never
// started, become one `OpenEnrollment` request each, Submitted for HR, effective at the plan-year start.
// Closing runs in batches of subscribers in key order, each its own transaction, for a bounded time per
// call; the caller calls again until it is done. A call after a crash goes on from the last batch.
import { and, asc, between, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  ELECTION_TYPES,
  type ClosingSummary,
  type CloseWindowAnswer,
  type ElectionType,
  type OpenEnrollmentPayload,
} from '../../../src/contracts/open-enrollment';
import { addDays } from '../../lib/calendar';
import { conflict, notFound } from '../../lib/problem';
import { approveSubmitted } from '../member-requests';
import type { Db } from '../../db/client';
import {
  coverages,
  electionDependents,
  electionFsa,
  elections,
  enrollmentViews,
  enrollmentWindows,
  groupMemberCounts,
  plans,
  requestStatusHistory,
  requests,
  subscribers,
} from '../../db/schema';
import { awaitingApproval, countedAs, countsAdded, countsChange, type CountedAs, currentWindow } from './windows';

export const CLOSE_BATCH = 1000;
/** How long one call goes on closing before it answers with its progress. */
const CALL_BUDGET_MS = 3000;

export const CLOSING_NOTE = 'Open enrollment closed';
export const LAPSE_REASONS = {
  notEnrolled: 'Did not enroll; the group waives members who do not enroll.',
  noSuccessor: 'Plan not offered next year; the member must choose.',
} as const;

const NO_SUMMARY: ClosingSummary = { members: 0, elected: 0, rolledOver: 0, lapsed: 0, flagged: 0, requests: 0 };

type Window = typeof enrollmentWindows.$inferSelect;
type Election = OpenEnrollmentPayload['elections'][number];
type Current = { planType: string; planPK: number; coverageOptionPK: number | null; successorPlanPK: number | null };

const add = (a: ClosingSummary, b: ClosingSummary): ClosingSummary => ({
  members: a.members + b.members,
  elected: a.elected + b.elected,
  rolledOver: a.rolledOver + b.rolledOver,
  lapsed: a.lapsed + b.lapsed,
  flagged: a.flagged + b.flagged,
  requests: a.requests + b.requests,
});

/**
 * One member at close. Their own election speaks for each coverage type they elected; for a type they
 * did not, today's coverage rolls over to its plan's successor in the same tier, or lapses (the group
 * waives non-starters), or, with no successor, is flagged and left alone for HR: never rolled over.
 * A waive or lapse changes something only where there is coverage to end.
 */
export function closeMember(
  window: Pick<Window, 'unstartedChoice'>,
  made: Election[],
  current: Current[],
): { forRequest: Election[]; written: Election[]; tally: ClosingSummary } {
  const forRequest: Election[] = [];
  const written: Election[] = [];
  const tally = { ...NO_SUMMARY, members: 1, elected: made.length > 0 ? 1 : 0 };
  let rolled = false;
  let lapsed = false;
  for (const planType of ELECTION_TYPES) {
    const own = made.find((e) => e.planType === planType);
    const now = current.find((c) => c.planType === planType);
    if (own) {
      if (own.action !== 'waive' || now) forRequest.push(own);
      continue;
    }
    if (!now) continue;
    if (now.successorPlanPK === null && window.unstartedChoice === 'rollover') {
      written.push({
        planType,
        action: 'lapse',
        planPK: null,
        coverageOptionPK: null,
        waiveReason: LAPSE_REASONS.noSuccessor,
      });
      tally.flagged = 1;
      continue;
    }
    const election: Election =
      window.unstartedChoice === 'rollover'
        ? {
            planType,
            action: 'rollover',
            planPK: now.successorPlanPK,
            coverageOptionPK: now.coverageOptionPK,
            waiveReason: null,
          }
        : { planType, action: 'lapse', planPK: null, coverageOptionPK: null, waiveReason: LAPSE_REASONS.notEnrolled };
    if (election.action === 'rollover') rolled = true;
    else lapsed = true;
    written.push(election);
    forRequest.push(election);
  }
  if (made.length === 0) {
    tally.rolledOver = rolled ? 1 : 0;
    tally.lapsed = lapsed ? 1 : 0;
  }
  tally.requests = forRequest.length > 0 ? 1 : 0;
  return { forRequest, written, tally };
}

function bySubscriber<T extends { subscriberPK: number }>(rows: T[]) {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.subscriberPK);
    if (list) list.push(row);
    else map.set(row.subscriberPK, [row]);
  }
  return map;
}

/** Members still to close: not terminated before the plan year, after the cursor. */
async function nextMembers(tx: Db, window: Window, after: number, batch: number) {
  return tx
    .select({
      subscriberPK: subscribers.subscriberPK,
      firstName: subscribers.firstName,
      lastName: subscribers.lastName,
    })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.employerPK, window.employerPK),
        gt(subscribers.subscriberPK, after),
        or(isNull(subscribers.termDate), sql`${subscribers.termDate} >= ${window.planYearBegin}`),
      ),
    )
    .orderBy(asc(subscribers.subscriberPK))
    .limit(batch);
}

/** Closes one batch; false when no member was left (the window is then closed). */
async function closeBatch(db: Db, windowPK: number, actor: string, batch: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locked: two calls at once take turns, and the second starts where the first stopped.
    const [window] = await tx
      .select()
      .from(enrollmentWindows)
      .where(eq(enrollmentWindows.windowPK, windowPK))
      .for('update');
    if (!window || window.closedAt) return false;
    const members = await nextMembers(tx, window, window.closingCursor ?? 0, batch);
    if (members.length === 0) {
      await tx.update(enrollmentWindows).set({ closedAt: new Date() }).where(eq(enrollmentWindows.windowPK, windowPK));
      return false;
    }
    const first = members[0]!.subscriberPK;
    const last = members.at(-1)!.subscriberPK;
    const made = await tx
      .select()
      .from(elections)
      .where(and(eq(elections.windowPK, windowPK), between(elections.subscriberPK, first, last)));
    const lastDay = addDays(window.planYearBegin, -1);
    const current = await tx
      .select({
        subscriberPK: coverages.subscriberPK,
        planType: plans.planType,
        planPK: coverages.planPK,
        coverageOptionPK: coverages.coverageOptionPK,
        successorPlanPK: plans.successorPlanPK,
      })
      .from(coverages)
      .innerJoin(plans, eq(plans.planPK, coverages.planPK))
      .where(
        and(
          between(coverages.subscriberPK, first, last),
          isNull(coverages.dependentPK),
          sql`${coverages.beginDate} <= ${lastDay}`,
          or(isNull(coverages.endDate), sql`${coverages.endDate} >= ${lastDay}`),
        ),
      );
    const added = await tx
      .select()
      .from(electionDependents)
      .where(and(eq(electionDependents.windowPK, windowPK), between(electionDependents.subscriberPK, first, last)));
    const addedBy = new Map(added.map((a) => [a.subscriberPK, a]));
    // FSA elected by members themselves; never rolled over for those who elected none.
    const fsa = await tx
      .select()
      .from(electionFsa)
      .where(and(eq(electionFsa.windowPK, windowPK), between(electionFsa.subscriberPK, first, last)));
    const fsaBy = bySubscriber(fsa);
    const views = await tx
      .select({ subscriberPK: enrollmentViews.subscriberPK })
      .from(enrollmentViews)
      .where(and(eq(enrollmentViews.windowPK, windowPK), between(enrollmentViews.subscriberPK, first, last)));
    const viewed = new Set(views.map((v) => v.subscriberPK));
    const madeBy = bySubscriber(made);
    const currentBy = bySubscriber(current);

    let tally = NO_SUMMARY;
    const moves: { before: CountedAs; after: CountedAs }[] = [];
    const written: (typeof elections.$inferInsert)[] = [];
    const requestRows: (typeof requests.$inferInsert)[] = [];
    const now = new Date();
    for (const m of members) {
      const own = (madeBy.get(m.subscriberPK) ?? []).map((e) => ({
        planType: e.planType as ElectionType,
        action: e.action as Election['action'],
        planPK: e.planPK,
        coverageOptionPK: e.coverageOptionPK,
        waiveReason: e.waiveReason,
      }));
      const closed = closeMember(window, own, currentBy.get(m.subscriberPK) ?? []);
      tally = add(tally, closed.tally);
      // Rows written at close move a member on the dashboard's counts (a non-starter now has rows).
      if (closed.written.length > 0) {
        const actions = own.map((e) => e.action);
        moves.push({
          before: countedAs(actions, viewed.has(m.subscriberPK)),
          after: countedAs([...actions, ...closed.written.map((e) => e.action)]),
        });
      }
      for (const e of closed.written) written.push({ windowPK, subscriberPK: m.subscriberPK, ...e, submittedAt: now });
      const extra = addedBy.get(m.subscriberPK);
      const FSAElections = (fsaBy.get(m.subscriberPK) ?? []).map((f) => ({ pk: f.planPK, amount: f.amount }));
      const removeDependentPKs = extra?.removedDependentPKs ?? [];
      if (closed.forRequest.length === 0) {
        if (FSAElections.length === 0 && removeDependentPKs.length === 0) continue;
        // A request for the FSA or the removals alone (closeMember counted none).
        tally = add(tally, { ...NO_SUMMARY, requests: 1 });
      }
      const payload: OpenEnrollmentPayload = {
        planYearBegin: window.planYearBegin,
        newDependents: (extra?.people ?? []) as OpenEnrollmentPayload['newDependents'],
        elections: closed.forRequest,
        FSAElections,
        removeDependentPKs,
      };
      requestRows.push({
        employerPK: window.employerPK,
        subscriberPK: m.subscriberPK,
        type: 'OpenEnrollment',
        status: 'Submitted',
        saveStep: 4,
        payload,
        subscriberFirstName: m.firstName,
        subscriberLastName: m.lastName,
        createdBy: actor,
        windowPK,
      });
    }
    if (written.length > 0) await tx.insert(elections).values(written);
    if (requestRows.length > 0) {
      const made = await tx.insert(requests).values(requestRows).returning({ requestPK: requests.requestPK });
      await tx.insert(requestStatusHistory).values(
        made.map((r) => ({
          requestPK: r.requestPK,
          status: 'Submitted' as const,
          changedBy: actor,
          note: CLOSING_NOTE,
        })),
      );
    }
    await tx
      .update(enrollmentWindows)
      .set({
        closingCursor: last,
        closingSummary: add(window.closingSummary ? (window.closingSummary as ClosingSummary) : NO_SUMMARY, tally),
        ...countsAdded(countsChange(moves)),
      })
      .where(eq(enrollmentWindows.windowPK, windowPK));
    return true;
  });
}

/**
 * Closes the group's window, or goes on closing it: from the first call no member can change an
 * election. Answers after a few seconds with the progress, or when every member is through.
 */
export async function closeEnrollmentWindow(
  db: Db,
  employerPK: number,
  actor: string,
  { budgetMs = CALL_BUDGET_MS, batch = CLOSE_BATCH } = {},
): Promise<CloseWindowAnswer> {
  const window = await currentWindow(db, employerPK);
  if (!window) throw conflict('The group has no open enrollment window to close.');
  if (window.closingCursor === null)
    await db
      .update(enrollmentWindows)
      .set({ closingCursor: 0, closedBy: actor, closingSummary: NO_SUMMARY })
      .where(and(eq(enrollmentWindows.windowPK, window.windowPK), isNull(enrollmentWindows.closingCursor)));
  const started = performance.now();
  let more: boolean;
  do more = await closeBatch(db, window.windowPK, actor, batch);
  while (more && performance.now() - started < budgetMs);
  const [after] = await db.select().from(enrollmentWindows).where(eq(enrollmentWindows.windowPK, window.windowPK));
  const [kept] = await db
    .select({ members: groupMemberCounts.activeMembers })
    .from(groupMemberCounts)
    .where(eq(groupMemberCounts.employerPK, employerPK));
  return {
    closed: after?.closedAt != null,
    summary: (after?.closingSummary as ClosingSummary | null) ?? NO_SUMMARY,
    members: kept?.members ?? 0,
  };
}

export const APPROVE_BATCH = 1000;
export const APPROVED_AT_CLOSE_NOTE = 'approved with the open enrollment window';
/**
 * HR approves a closed window's requests in bulk, a batch per transaction for a bounded time per
 * call; one by one stays possible on Enrollment Submissions.
 */
export async function approveWindowRequests(
  db: Db,
  employerPK: number,
  actor: string,
  windowPK: number,
  budgetMs = CALL_BUDGET_MS,
) {
  const [window] = await db
    .select({ closingCursor: enrollmentWindows.closingCursor })
    .from(enrollmentWindows)
    .where(and(eq(enrollmentWindows.windowPK, windowPK), eq(enrollmentWindows.employerPK, employerPK)));
  if (!window) throw notFound();
  if (window.closingCursor === null) throw conflict('Close the window before approving its elections.');
  const started = performance.now();
  let approved = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const batch = await tx
        .select({ requestPK: requests.requestPK })
        .from(requests)
        .where(and(eq(requests.windowPK, windowPK), eq(requests.status, 'Submitted')))
        .orderBy(asc(requests.requestPK))
        .limit(APPROVE_BATCH)
        .for('update', { skipLocked: true });
      return approveSubmitted(
        tx,
        batch.map((r) => r.requestPK),
        { actor, note: APPROVED_AT_CLOSE_NOTE },
      );
    });
    approved += done.length;
    if (done.length < APPROVE_BATCH || performance.now() - started >= budgetMs) break;
  }
  const { awaiting } = await awaitingApproval(db, windowPK);
  return { approved, remaining: awaiting };
}
