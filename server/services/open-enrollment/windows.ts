// Open enrollment windows: HR opens one per group, members elect next year's coverage in it.
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type {
  ClosingSummary,
  EnrollmentWindow,
  OpenWindowBody,
  WindowProgress,
} from '../../../src/contracts/open-enrollment';
import { addYears, localToday } from '../../lib/calendar';
import { conflict } from '../../lib/problem';
import type { Db } from '../../db/client';
import { coverageCounts, enrollmentWindows, groupMemberCounts, plans, requests } from '../../db/schema';

type WindowRow = typeof enrollmentWindows.$inferSelect;

export const windowView = (w: WindowRow, today: string): EnrollmentWindow => ({
  windowPK: w.windowPK,
  startsOn: w.startsOn,
  endsOn: w.endsOn,
  planYearBegin: w.planYearBegin,
  unstartedChoice: w.unstartedChoice as EnrollmentWindow['unstartedChoice'],
  open: w.startsOn <= today && today <= w.endsOn && w.closingCursor === null,
  closing: w.closingCursor !== null,
});

/** The group's window not closed yet, if any. */
export async function currentWindow(db: Db, employerPK: number): Promise<WindowRow | null> {
  const [row] = await db
    .select()
    .from(enrollmentWindows)
    .where(and(eq(enrollmentWindows.employerPK, employerPK), isNull(enrollmentWindows.closedAt)))
    .orderBy(desc(enrollmentWindows.windowPK))
    .limit(1);
  return row ?? null;
}

/** Opens a window; the plan year it elects must exist (copied forward on Plans and Rates). */
export async function openEnrollmentWindow(db: Db, employerPK: number, actor: string, body: OpenWindowBody) {
  const [year] = await db
    .select({ n: count() })
    .from(plans)
    .where(and(eq(plans.employerPK, employerPK), eq(plans.contractBeginDate, body.planYearBegin)));
  if ((year?.n ?? 0) === 0)
    throw conflict(
      `The group has no plans starting ${body.planYearBegin}: copy the plan year forward on Plans and Rates first.`,
    );
  const [row] = await db
    .insert(enrollmentWindows)
    .values({
      employerPK,
      startsOn: body.startsOn,
      endsOn: body.endsOn,
      planYearBegin: body.planYearBegin,
      unstartedChoice: body.unstartedChoice,
      openedBy: actor,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('The group already has an open enrollment window.');
  return windowView(row, localToday());
}

/** How a member counts on the dashboard, from the actions of their election rows in the window. */
export type CountedAs = 'notStarted' | 'inProgress' | 'waived' | 'submitted';

/**
 * A member with rows has submitted; one whose rows are all waives has waived every coverage; one with
 * no rows who opened their enrollment screen in the window is in progress.
 */
export function countedAs(actions: readonly string[], viewed = false): CountedAs {
  if (actions.length === 0) return viewed ? 'inProgress' : 'notStarted';
  return actions.every((a) => a === 'waive') ? 'waived' : 'submitted';
}

export type CountsChange = { submitted: number; waived: number; inProgress: number };

const hasRows = (c: CountedAs) => c === 'submitted' || c === 'waived';

/** What moving members from one bucket to another adds to the window's counts. */
export function countsChange(moves: readonly { before: CountedAs; after: CountedAs }[]): CountsChange {
  const change = { submitted: 0, waived: 0, inProgress: 0 };
  for (const { before, after } of moves) {
    change.submitted += (hasRows(after) ? 1 : 0) - (hasRows(before) ? 1 : 0);
    change.waived += (after === 'waived' ? 1 : 0) - (before === 'waived' ? 1 : 0);
    change.inProgress += (after === 'inProgress' ? 1 : 0) - (before === 'inProgress' ? 1 : 0);
  }
  return change;
}

export const isNoChange = (change: CountsChange) =>
  change.submitted === 0 && change.waived === 0 && change.inProgress === 0;

/** The window row's columns that add a change to its counts, in place (atomic under concurrent writers). */
export const countsAdded = (change: CountsChange) => ({
  submittedMembers: sql`${enrollmentWindows.submittedMembers} + ${change.submitted}`,
  waivedMembers: sql`${enrollmentWindows.waivedMembers} + ${change.waived}`,
  inProgressMembers: sql`${enrollmentWindows.inProgressMembers} + ${change.inProgress}`,
});

/**
 * Where the group's members stand in its window. Counts read the kept member total and the window's
 * kept counts, never the window's or the group's rows.
 */
export async function enrollmentWindow(db: Db, employerPK: number, today = localToday()): Promise<WindowProgress> {
  const window = await currentWindow(db, employerPK);
  const [kept] = await db
    .select({ members: groupMemberCounts.activeMembers })
    .from(groupMemberCounts)
    .where(eq(groupMemberCounts.employerPK, employerPK));
  const members = kept?.members ?? 0;
  const closed = await lastClosed(db, employerPK);
  if (!window)
    return {
      window: null,
      counts: { members, submitted: 0, waived: 0, inProgress: 0, notStarted: members },
      mustChoosePlans: [],
      closed,
    };

  const submitted = window.submittedMembers;
  const inProgress = window.inProgressMembers;

  // Plans in force today with members, whose successor is missing in the window's plan year.
  const flagged = await db
    .selectDistinct({ planName: plans.planName })
    .from(coverageCounts)
    .innerJoin(plans, eq(plans.planPK, coverageCounts.planPK))
    .where(
      and(
        eq(coverageCounts.employerPK, employerPK),
        sql`${coverageCounts.subscribers} > 0`,
        lte(coverageCounts.beginDate, today),
        or(isNull(coverageCounts.endDate), gte(coverageCounts.endDate, today)),
        isNull(plans.successorPlanPK),
        eq(plans.contractBeginDate, addYears(window.planYearBegin, -1)),
      ),
    )
    .orderBy(asc(plans.planName));

  return {
    window: windowView(window, today),
    counts: {
      members,
      submitted,
      waived: window.waivedMembers,
      inProgress,
      notStarted: Math.max(0, members - submitted - inProgress),
    },
    mustChoosePlans: flagged.map((f) => f.planName),
    closed,
  };
}

const AWAITING_CAP = 10_000;

/** Requests of a closed window still Submitted, counted up to a cap through the window's index. */
export async function awaitingApproval(db: Db, windowPK: number) {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (select 1 from ${requests}
      where ${requests.windowPK} = ${windowPK} and ${requests.status} = 'Submitted' limit ${AWAITING_CAP + 1}) r`);
  const n = rows[0]?.n ?? 0;
  return { awaiting: Math.min(n, AWAITING_CAP), awaitingCapped: n > AWAITING_CAP };
}

async function lastClosed(db: Db, employerPK: number): Promise<WindowProgress['closed']> {
  const [row] = await db
    .select()
    .from(enrollmentWindows)
    .where(and(eq(enrollmentWindows.employerPK, employerPK), isNotNull(enrollmentWindows.closedAt)))
    .orderBy(desc(enrollmentWindows.closedAt))
    .limit(1);
  if (!row?.closedAt) return null;
  return {
    windowPK: row.windowPK,
    planYearBegin: row.planYearBegin,
    closedAt: row.closedAt.toISOString(),
    summary: row.closingSummary as ClosingSummary,
    ...(await awaitingApproval(db, row.windowPK)),
  };
}
