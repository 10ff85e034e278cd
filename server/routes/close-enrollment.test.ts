import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { FSA_MESSAGES } from '../../src/contracts/enrollment';
import {
  OPEN_ENROLLMENT_MESSAGES,
  type CloseWindowAnswer,
  type MyEnrollment,
  type OpenEnrollmentPayload,
  type WindowProgress,
} from '../../src/contracts/open-enrollment';
import { addDays, localToday, yearOf } from '../lib/calendar';
import {
  coverages,
  dependents,
  electionStatements,
  elections,
  enrollmentViews,
  fsaElections,
  plans,
  requestStatusHistory,
  requests,
  subscribers,
  userGrants,
} from '../db/schema';
import { closeEnrollmentWindow } from '../services/open-enrollment';
import { processPendingRequests } from '../services/processing';
import { createTestApp, type TestApp } from '../test/test-app';
import { windowCounts } from '../test/window-counts';

type Name = keyof typeof endpoints;
const url = (name: Name, query?: Record<string, string | number>) =>
  endpointUrl(endpoints[name]) +
  (query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '');

const HR = 'hr@example.com';
const BROKER = 'broker@example.com';
const EMPLOYEE = 'employee@example.com';
const today = localToday();
const year = yearOf(today);
const nextYear = `${year + 1}-01-01`;
const lastDay = addDays(nextYear, -1);

let t: TestApp;
let ownPK: number;
/** A medical plan of this year with members, other than the employee's, left without a successor. */
let orphanPlanPK: number;
let orphanMembers: number[];

async function call(name: Name, email: string, opts: { query?: Record<string, string | number>; body?: object } = {}) {
  const res = await t.app.inject({
    method: endpoints[name].method,
    url: url(name, opts.query),
    headers: await t.auth(email),
    ...(opts.body ? { payload: opts.body } : {}),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}
const progress = async () => (await call('enrollmentWindow', HR, { query: { employerPK: 2 } })).body as WindowProgress;

/** A subscriber's own medical or dental coverage in force on a day. */
async function coverageOn(subscriberPK: number, day: string) {
  return t.db
    .select({ planPK: coverages.planPK, planType: plans.planType, coverageOptionPK: coverages.coverageOptionPK })
    .from(coverages)
    .innerJoin(plans, eq(plans.planPK, coverages.planPK))
    .where(
      and(
        eq(coverages.subscriberPK, subscriberPK),
        isNull(coverages.dependentPK),
        sql`${coverages.beginDate} <= ${day}`,
        sql`(${coverages.endDate} is null or ${coverages.endDate} >= ${day})`,
      ),
    )
    .orderBy(asc(plans.planType));
}

let feedDir: string;
beforeAll(async () => {
  t = await createTestApp();
  feedDir = await mkdtemp(join(tmpdir(), 'carrier-feed-'));
  process.env.CARRIER_FEED_DIR = feedDir;
  ownPK = (await t.db.select().from(userGrants).where(eq(userGrants.userId, 'user-employee')))[0]!.subscriberPK!;
  expect(
    (await call('copyPlanYear', 'admin@example.com', { body: { employerPK: 2, fromBeginDate: `${year}-01-01` } }))
      .status,
  ).toBe(200);
  const own = await coverageOn(ownPK, today);
  const ownMedical = own.find((c) => c.planType === 'Medical')!.planPK;
  // The medical plan of this year with the most members, the employee's aside.
  const [orphan] = await t.db
    .select({ planPK: coverages.planPK, n: sql<number>`count(*)::int` })
    .from(coverages)
    .innerJoin(plans, eq(plans.planPK, coverages.planPK))
    .where(
      and(
        eq(plans.employerPK, 2),
        eq(plans.planType, 'Medical'),
        eq(plans.contractBeginDate, `${year}-01-01`),
        ne(coverages.planPK, ownMedical),
        isNull(coverages.dependentPK),
        isNull(coverages.endDate),
      ),
    )
    .groupBy(coverages.planPK)
    .orderBy(sql`count(*) desc`)
    .limit(1);
  orphanPlanPK = orphan!.planPK;
  const set = await call('setPlanSuccessor', 'admin@example.com', {
    body: { employerPK: 2, planPK: orphanPlanPK, successorPlanPK: null },
  });
  expect(set.status).toBe(200);
  orphanMembers = (
    await t.db
      .selectDistinct({ pk: coverages.subscriberPK })
      .from(coverages)
      .innerJoin(subscribers, eq(subscribers.subscriberPK, coverages.subscriberPK))
      .where(
        and(
          eq(coverages.planPK, orphanPlanPK),
          isNull(coverages.dependentPK),
          isNull(coverages.endDate),
          isNull(subscribers.termDate),
        ),
      )
  ).map((r) => r.pk);
  expect(orphanMembers.length).toBeGreaterThan(0);

  const opened = await call('openEnrollmentWindow', HR, {
    body: { employerPK: 2, startsOn: today, endsOn: today, planYearBegin: nextYear, unstartedChoice: 'rollover' },
  });
  expect(opened.status).toBe(200);
});
afterAll(async () => {
  delete process.env.CARRIER_FEED_DIR;
  await rm(feedDir, { recursive: true, force: true });
  await t?.close();
});

describe('closing an open enrollment window', () => {
  let mine: MyEnrollment;
  let fsaPlanPK: number;
  let leaving: MyEnrollment['dependents'][number];

  it('counts a member who opened their screen in progress, once, until they submit', async () => {
    const windowPK = (await progress()).window!.windowPK;
    const before = await windowCounts(t.db, windowPK);
    expect(before.counted.inProgress).toBe(0);
    mine = (await call('myEnrollment', EMPLOYEE, { query: { employerPK: 2 } })).body as MyEnrollment;
    await call('myEnrollment', EMPLOYEE, { query: { employerPK: 2 } });
    const opened = await windowCounts(t.db, windowPK);
    expect(opened.kept).toEqual(opened.counted);
    expect(opened.counted).toEqual({ ...before.counted, inProgress: 1 });
    const counts = (await progress()).counts;
    expect(counts).toMatchObject({ inProgress: 1, notStarted: counts.members - counts.submitted - 1 });
    expect(await t.db.$count(enrollmentViews, eq(enrollmentViews.windowPK, windowPK))).toBe(1);
  });

  it('takes the member’s elections until HR closes, then refuses changes', async () => {
    const medical = mine.choices.find((c) => c.planType === 'Medical')!;
    const other = medical.options.find((o) => o.planPK !== medical.keepPlanPK && o.employeeShare !== null)!;
    const body = {
      employerPK: 2,
      elections: [
        {
          planType: 'Medical',
          action: 'change',
          planPK: other.planPK,
          coverageOptionPK: medical.tiers[0]!.coverageOptionPK,
          waiveReason: null,
        },
        { planType: 'Dental', action: 'waive', planPK: null, coverageOptionPK: null, waiveReason: 'Tricare' },
      ],
    };
    // A newborn added needs a tier that covers dependents.
    const newborn = {
      firstName: 'Nora',
      lastName: 'Newborn',
      dateOfBirth: addDays(today, -20),
      relationshipPK: 3,
      genderPK: 2,
    };
    const alone = await call('submitElections', EMPLOYEE, { body: { ...body, newDependents: [newborn] } });
    expect(alone.status).toBe(400);
    expect(alone.body.detail).toBe(OPEN_ENROLLMENT_MESSAGES.newDependentTier);
    body.elections[0]!.coverageOptionPK = medical.tiers.find(
      (t) => t.coversDependents && /family/i.test(t.tierName),
    )!.coverageOptionPK;
    // Next year's FSA plans are offered; an amount is checked by the wizard's rule.
    expect(mine.fsaPlans.length).toBeGreaterThan(0);
    fsaPlanPK = mine.fsaPlans[0]!.planPK;
    const tooMuch = await call('submitElections', EMPLOYEE, {
      body: { ...body, newDependents: [newborn], FSAElections: [{ pk: fsaPlanPK, amount: '99,999,999,999.00' }] },
    });
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.body.errors)).toContain(FSA_MESSAGES.limit);
    const notOffered = await call('submitElections', EMPLOYEE, {
      body: { ...body, FSAElections: [{ pk: medical.options[0]!.planPK, amount: '100.00' }] },
    });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.detail).toBe(OPEN_ENROLLMENT_MESSAGES.fsaPlan);
    // Only the member's own current dependents may be removed.
    expect(mine.dependents.length).toBeGreaterThan(1);
    leaving = mine.dependents.at(-1)!;
    const [stranger] = await t.db
      .select({ pk: dependents.dependentPK })
      .from(dependents)
      .where(ne(dependents.subscriberPK, ownPK))
      .limit(1);
    const notTheirs = await call('submitElections', EMPLOYEE, {
      body: { ...body, removeDependentPKs: [stranger!.pk] },
    });
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.detail).toBe(OPEN_ENROLLMENT_MESSAGES.removeDependent);
    // Refusals change no count: the member is still in progress.
    expect((await windowCounts(t.db, (await progress()).window!.windowPK)).kept.inProgress).toBe(1);

    const full = {
      ...body,
      newDependents: [newborn],
      FSAElections: [{ pk: fsaPlanPK, amount: '1,250.00' }],
      removeDependentPKs: [leaving.dependentPK],
    };
    expect((await call('submitElections', EMPLOYEE, { body: full })).status).toBe(200);
    const again = (await call('myEnrollment', EMPLOYEE, { query: { employerPK: 2 } })).body as MyEnrollment;
    expect(again.newDependents).toEqual([newborn]);
    expect(again.fsaElections).toEqual([{ pk: fsaPlanPK, amount: '1,250.00' }]);
    expect(again.removeDependentPKs).toEqual([leaving.dependentPK]);
    // Submitted: out of progress, into the submitted, as a recount says.
    const submitted = await windowCounts(t.db, (await progress()).window!.windowPK);
    expect(submitted.kept).toEqual(submitted.counted);
    expect(submitted.counted.inProgress).toBe(0);
    // The statement lists the FSA and the dependent removed.
    const [statement] = await t.db
      .select({ content: electionStatements.content })
      .from(electionStatements)
      .where(eq(electionStatements.subscriberPK, ownPK))
      .orderBy(sql`${electionStatements.statementPK} desc`)
      .limit(1);
    expect(statement!.content).toMatchObject({
      fsa: [{ planName: mine.fsaPlans[0]!.planName, amount: '1,250.00' }],
      removedDependents: [leaving.name],
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: url('myStatement', { employerPK: 2 }),
      headers: await t.auth(EMPLOYEE),
    });
    expect(pdf.statusCode).toBe(200);

    // A Member may not close the window; closing goes on across calls, a batch of 40 members each.
    expect((await call('closeEnrollmentWindow', EMPLOYEE, { body: { employerPK: 2 } })).status).toBe(403);
    const first = await closeEnrollmentWindow(t.db, 2, 'user-hr', { budgetMs: 0, batch: 40 });
    expect(first.closed).toBe(false);
    expect(first.summary.members).toBe(40);

    const during = await progress();
    expect(during.window).toMatchObject({ closing: true, open: false });
    // Rows written at close count non-starters as submitted: the kept counts move with them.
    const windowPK = during.window!.windowPK;
    const midway = await windowCounts(t.db, windowPK);
    expect(midway.kept).toEqual(midway.counted);
    expect(during.counts).toMatchObject(midway.counted);
    expect(midway.counted.submitted).toBeGreaterThan(1);
    const late = await call('submitElections', EMPLOYEE, { body });
    expect(late.status).toBe(409);
    expect(late.body.detail).toContain('Open enrollment has closed');

    let answer: CloseWindowAnswer = first;
    for (let calls = 0; !answer.closed && calls < 100; calls++)
      answer = (await call('closeEnrollmentWindow', HR, { body: { employerPK: 2 } })).body as CloseWindowAnswer;
    expect(answer.closed).toBe(true);
    const active = await t.db.$count(subscribers, and(eq(subscribers.employerPK, 2), isNull(subscribers.termDate)));
    expect(answer.summary.members).toBeGreaterThanOrEqual(active);
    expect(answer.summary.elected).toBe(1);
    expect(answer.summary.flagged).toBe(orphanMembers.length);
    expect(answer.summary.rolledOver).toBeGreaterThan(100);
    const closedCounts = await windowCounts(t.db, windowPK);
    expect(closedCounts.kept).toEqual(closedCounts.counted);
    expect(closedCounts.counted.submitted).toBeGreaterThan(midway.counted.submitted);

    // Closed: nothing more to close; the summary stays on HR's screen with the requests awaiting approval.
    expect((await call('closeEnrollmentWindow', HR, { body: { employerPK: 2 } })).status).toBe(409);
    const after = await progress();
    expect(after.window).toBeNull();
    expect(after.closed).toMatchObject({ planYearBegin: nextYear, summary: answer.summary });
    expect(after.closed!.awaiting).toBe(answer.summary.requests);
  });

  it('makes one request per member, with their elections or the rollover, and flags members who must choose', async () => {
    const [own] = await t.db
      .select()
      .from(requests)
      .where(and(eq(requests.subscriberPK, ownPK), eq(requests.type, 'OpenEnrollment')));
    expect(own).toMatchObject({ status: 'Submitted', windowPK: expect.any(Number) });
    const payload = own!.payload as OpenEnrollmentPayload;
    expect(payload.planYearBegin).toBe(nextYear);
    expect(payload.elections.map((e) => [e.planType, e.action])).toEqual([
      ['Medical', 'change'],
      ['Dental', 'waive'],
    ]);
    expect(payload.FSAElections).toEqual([{ pk: fsaPlanPK, amount: '1,250.00' }]);
    expect(payload.removeDependentPKs).toEqual([leaving.dependentPK]);
    // No one else elected an FSA: closing never rolls one over.
    const withFsa = await t.db
      .select({ pk: requests.subscriberPK })
      .from(requests)
      .where(
        and(eq(requests.type, 'OpenEnrollment'), sql`jsonb_array_length(${requests.payload}->'FSAElections') > 0`),
      );
    expect(withFsa.map((r) => r.pk)).toEqual([ownPK]);
    // HR's view of the request names the FSA and the dependent removed.
    const details = await call('requestDetails', HR, { query: { requestPK: own!.requestPK } });
    expect(details.status).toBe(200);
    const content = String(details.body.content);
    expect(content).toContain('FSA Elections');
    expect(content).toContain(mine.fsaPlans[0]!.planName);
    expect(content).toContain('1,250.00');
    expect(content).toContain('Dependents Removed');
    expect(content).toContain(leaving.name.split(' ')[0]!);
    const [history] = await t.db
      .select()
      .from(requestStatusHistory)
      .where(eq(requestStatusHistory.requestPK, own!.requestPK));
    expect(history).toMatchObject({ status: 'Submitted', note: 'Open enrollment closed' });

    // A member of the plan without a successor is not rolled over for medical: a 'lapse' row says why.
    const flagged = orphanMembers.find((pk) => pk !== ownPK)!;
    const rows = await t.db.select().from(elections).where(eq(elections.subscriberPK, flagged));
    expect(rows.find((r) => r.planType === 'Medical')).toMatchObject({ action: 'lapse' });
    const [theirs] = await t.db
      .select()
      .from(requests)
      .where(and(eq(requests.subscriberPK, flagged), eq(requests.type, 'OpenEnrollment')));
    const theirElections = (theirs?.payload as OpenEnrollmentPayload | undefined)?.elections ?? [];
    expect(theirElections.some((e) => e.planType === 'Medical')).toBe(false);
  });

  it('is approved in bulk by HR only, then applied at the plan-year start', async () => {
    const windowPK = (await progress()).closed!.windowPK;
    expect((await call('approveWindowRequests', BROKER, { body: { employerPK: 2, windowPK } })).status).toBe(403);
    expect((await call('approveWindowRequests', HR, { body: { employerPK: 3, windowPK } })).status).toBe(403);
    const approved = await call('approveWindowRequests', HR, { body: { employerPK: 2, windowPK } });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ remaining: 0 });
    expect(approved.body.approved).toBeGreaterThan(100);
    expect((await progress()).closed!.awaiting).toBe(0);

    // A rolled-over member: today's plan's successor, same tier, from the plan-year start.
    const [rolled] = await t.db
      .select({ pk: elections.subscriberPK })
      .from(elections)
      .where(and(eq(elections.action, 'rollover'), eq(elections.planType, 'Medical'), gt(elections.subscriberPK, 0)))
      .limit(1);
    const before = await coverageOn(rolled!.pk, lastDay);
    const fsaBefore = await t.db.$count(fsaElections, eq(fsaElections.subscriberPK, rolled!.pk));

    const pending = await t.db
      .select({ pk: requests.requestPK })
      .from(requests)
      .where(and(eq(requests.status, 'HRApproved'), eq(requests.type, 'OpenEnrollment')));
    const outcomes = await processPendingRequests(t.db, { limit: pending.length + 10 });
    const oe = outcomes.filter((o) => pending.some((p) => p.pk === o.requestPK));
    expect(oe.every((o) => o.status === 'PushedToRemote')).toBe(true);

    // The employee: the plan they chose from next year, this year's coverage ending the day before, no dental.
    const ownNext = await coverageOn(ownPK, nextYear);
    const medical = mine.choices.find((c) => c.planType === 'Medical')!;
    expect(ownNext.map((c) => c.planType)).toEqual(['Medical']);
    expect(ownNext[0]!.planPK).not.toBe(medical.keepPlanPK);
    expect((await coverageOn(ownPK, lastDay)).map((c) => c.planType).sort()).toEqual(['Dental', 'Medical']);
    // The newborn is on the record from now, covered by the family tier from the plan-year start.
    const [baby] = await t.db
      .select()
      .from(dependents)
      .where(and(eq(dependents.subscriberPK, ownPK), eq(dependents.firstName, 'Nora')));
    expect(baby).toMatchObject({ lastName: 'Newborn', relationshipPK: 3, ssn: null });
    const babyCover = await t.db.select().from(coverages).where(eq(coverages.dependentPK, baby!.dependentPK));
    expect(babyCover.map((c) => c.beginDate)).toEqual([nextYear]);
    // The dependent removed: covered until the day before the plan year, their record ending then.
    const [gone] = await t.db.select().from(dependents).where(eq(dependents.dependentPK, leaving.dependentPK));
    expect(gone!.termDate).toBe(lastDay);
    const goneCover = await t.db.select().from(coverages).where(eq(coverages.dependentPK, leaving.dependentPK));
    expect(goneCover.some((c) => c.endDate === null || c.endDate >= nextYear)).toBe(false);
    expect(goneCover.some((c) => c.endDate === lastDay)).toBe(true);
    // Another dependent stays covered by the family tier from the plan-year start.
    const staying = mine.dependents.find((d) => d.dependentPK !== leaving.dependentPK)!;
    const stayCover = await t.db.select().from(coverages).where(eq(coverages.dependentPK, staying.dependentPK));
    expect(stayCover.some((c) => c.beginDate === nextYear)).toBe(true);
    // The FSA elected, for next year, at the amount elected, its balance whole.
    const ownFsa = await t.db
      .select()
      .from(fsaElections)
      .where(and(eq(fsaElections.subscriberPK, ownPK), eq(fsaElections.planYear, year + 1)));
    expect(ownFsa).toEqual([
      expect.objectContaining({ planPK: fsaPlanPK, electionAmount: 1250, availableBalance: 1250 }),
    ]);

    const successors = await t.db
      .select({ pk: plans.planPK, successor: plans.successorPlanPK })
      .from(plans)
      .where(
        inArray(
          plans.planPK,
          before.map((c) => c.planPK),
        ),
      );
    const after = await coverageOn(rolled!.pk, nextYear);
    expect(after.map((c) => [c.planPK, c.coverageOptionPK])).toEqual(
      before.map((c) => [successors.find((s) => s.pk === c.planPK)!.successor, c.coverageOptionPK]),
    );
    // FSA elections never roll over: a member who did nothing has no FSA next year.
    expect(await t.db.$count(fsaElections, eq(fsaElections.subscriberPK, rolled!.pk))).toBe(fsaBefore);
    expect(
      await t.db.$count(
        fsaElections,
        and(eq(fsaElections.subscriberPK, rolled!.pk), eq(fsaElections.planYear, year + 1)),
      ),
    ).toBe(0);

    // The flagged member keeps this year's medical plan only; nothing is invented for next year.
    const flagged = orphanMembers.find((pk) => pk !== ownPK)!;
    expect(
      (await coverageOn(flagged, nextYear)).some((c) => c.planType === 'Medical' && c.planPK !== orphanPlanPK),
    ).toBe(false);
  });

  it('goes to the carrier as changes of the whole household from the plan-year start, in a checked file', async () => {
    const [{ subscriberID }] = (await t.db
      .select({ subscriberID: subscribers.subscriberID })
      .from(subscribers)
      .where(eq(subscribers.subscriberPK, ownPK))) as [{ subscriberID: string }];
    const made = await call('closeCarrierBatch', HR, { body: { employerPK: 2 } });
    expect(made.status).toBe(200);
    const file = made.body.file as { carrierFilePK: number; status: string; problems: string[] };
    expect(file).toMatchObject({ status: 'Delivered', problems: [] });
    const res = await t.app.inject({
      method: 'GET',
      url: url('carrierFile', { employerPK: 2, carrierFilePK: file.carrierFilePK }),
      headers: await t.auth(HR),
    });
    const segments = res.body.split('~').map((s) => s.trim().split('*'));
    // The employee's loop: a change (001, benefit selection), medical and the FSA from next year.
    const start = segments.findIndex((s, i) => s[0] === 'INS' && segments[i + 1]?.[2] === subscriberID);
    expect(segments[start]!.slice(0, 5)).toEqual(['INS', 'Y', '18', '001', 'EC']);
    const loop = segments.slice(
      start,
      segments.findIndex((s, i) => i > start && (s[0] === 'INS' || s[0] === 'SE')),
    );
    const fromNextYear = loop.flatMap((s, i) =>
      s[0] === 'HD' && loop[i + 1]?.[1] === '348' && loop[i + 1]?.[3] === nextYear.replaceAll('-', '') ? [s[3]] : [],
    );
    // Medical from next year, and the FSA elected in the window.
    expect(fromNextYear).toEqual(['HLT', 'FSA']);
  });
});
