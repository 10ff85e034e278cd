import { and, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import {
  OPEN_ENROLLMENT_MESSAGES,
  type ElectionType,
  type MyEnrollment,
  type SubmitElectionsBody,
  type WindowProgress,
} from '../../src/contracts/open-enrollment';
import { addDays, localToday, yearOf } from '../lib/calendar';
import { elections, planRates, plans, subscribers, userGrants, users } from '../db/schema';
import { EMPLOYEE_INVITE_BATCH } from '../services/identity';
import { myEnrollment, submitElections } from '../services/open-enrollment';
import { startTestInbox, type TestInbox } from '../test/mail-inbox';
import { pdfText } from '../test/pdf-text';
import { createTestApp, type TestApp } from '../test/test-app';
import { windowCounts } from '../test/window-counts';

type Name = keyof typeof endpoints;
const url = (name: Name, query?: Record<string, string | number>) =>
  endpointUrl(endpoints[name]) +
  (query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '');

const HR = 'hr@example.com';
const EMPLOYEE = 'employee@example.com';
const today = localToday();
const year = yearOf(today);
const nextYear = `${year + 1}-01-01`;
const windowBody = {
  employerPK: 2,
  startsOn: today,
  endsOn: addDays(today, 14) < nextYear ? addDays(today, 14) : addDays(nextYear, -1),
  planYearBegin: nextYear,
  unstartedChoice: 'rollover',
};

let t: TestApp;
let inbox: TestInbox;
let ownPK: number;
beforeAll(async () => {
  inbox = await startTestInbox();
  t = await createTestApp({ env: { SMTP_URL: inbox.smtpUrl } });
  ownPK = (await t.db.select().from(userGrants).where(eq(userGrants.userId, 'user-employee')))[0]!.subscriberPK!;
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

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
const mine = async () => (await call('myEnrollment', EMPLOYEE, { query: { employerPK: 2 } })).body as MyEnrollment;

describe('open enrollment', () => {
  it('is opened by HR once the next plan year exists, one window at a time', async () => {
    const early = await call('openEnrollmentWindow', HR, { body: windowBody });
    expect(early.status).toBe(409);
    expect(early.body.detail).toContain('copy the plan year forward on Plans and Rates first');
    expect((await progress()).window).toBeNull();

    const copied = await call('copyPlanYear', 'admin@example.com', {
      body: { employerPK: 2, fromBeginDate: `${year}-01-01` },
    });
    expect(copied.status).toBe(200);
    const bad = await call('openEnrollmentWindow', HR, { body: { ...windowBody, planYearBegin: windowBody.startsOn } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain(OPEN_ENROLLMENT_MESSAGES.planYearBeforeEnd);

    const opened = await call('openEnrollmentWindow', HR, { body: windowBody });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ startsOn: today, planYearBegin: nextYear, open: true });
    expect((await call('openEnrollmentWindow', HR, { body: windowBody })).status).toBe(409);

    const { window, counts } = await progress();
    expect(window?.open).toBe(true);
    expect(counts.members).toBeGreaterThan(100);
    expect(counts).toMatchObject({ submitted: 0, waived: 0, notStarted: counts.members });
  });

  it("prices next year's plans for the member's tier against what they pay today", async () => {
    const view = await mine();
    expect(view.subscriberPK).toBe(ownPK);
    const medical = view.choices.find((c) => c.planType === 'Medical')!;
    expect(medical.current).not.toBeNull();
    expect(medical.keepPlanPK).not.toBeNull();
    expect(medical.tier.tierName).toBe(medical.current!.tierName);
    const keep = medical.options.find((o) => o.planPK === medical.keepPlanPK)!;
    // Copied forward with the same rates: keeping costs the same as today.
    expect(keep.employeeShare).toBe(medical.current!.employeeShare);
    expect(keep.differencePerYear).toBe('0.00');
    for (const option of medical.options) expect(option.perYear).toMatch(/^\d+\.\d{2}$/);
    // The worst case adds the plan's out-of-pocket maximum (copied forward with it) to a year's premiums.
    const [kept] = await t.db.select().from(plans).where(eq(plans.planPK, keep.planPK));
    const oopMax = /Employee Only/i.test(medical.tier.tierName) ? kept!.oopMaxSingle! : kept!.oopMaxFamily!;
    expect(Number(keep.worstCasePerYear)).toBeCloseTo(Number(keep.perYear) + Number(oopMax), 2);
    expect(view.choices.find((c) => c.planType === 'Dental')!.options.every((o) => o.worstCasePerYear === null)).toBe(
      true,
    );
    expect(medical.election).toBeNull();
  });

  it('takes the member’s elections, replaces them on a new submission, and counts them for HR', async () => {
    const view = await mine();
    const medical = view.choices.find((c) => c.planType === 'Medical')!;
    const other = medical.options.find((o) => o.planPK !== medical.keepPlanPK)!;
    const family = medical.tiers.at(-1)!;
    const body: SubmitElectionsBody = {
      employerPK: 2,
      elections: [
        {
          planType: 'Medical',
          action: 'change',
          planPK: other.planPK,
          coverageOptionPK: family.coverageOptionPK,
          waiveReason: null,
        },
        {
          planType: 'Dental',
          action: 'waive',
          planPK: null,
          coverageOptionPK: null,
          waiveReason: "Covered by a spouse's plan",
        },
      ],
    };
    const first = await call('submitElections', EMPLOYEE, { body });
    expect(first.status).toBe(200);
    let after = await mine();
    expect(after.submittedAt).not.toBeNull();
    expect(after.choices.find((c) => c.planType === 'Medical')!.election).toEqual({
      action: 'change',
      planPK: other.planPK,
      coverageOptionPK: family.coverageOptionPK,
      waiveReason: null,
    });
    expect((await progress()).counts).toMatchObject({ submitted: 1, waived: 0 });

    // The confirmation: a mail with one link and no member data, and the statement as a PDF.
    const mail = await inbox.waitForMail(EMPLOYEE, { subject: /open enrollment elections were received/ });
    expect(mail.links).toEqual(['http://localhost/my-enrollment']);
    expect(mail.text).not.toContain(other.planName);
    const statement = await t.app.inject({
      method: 'GET',
      url: url('myStatement', { employerPK: 2 }),
      headers: await t.auth(EMPLOYEE),
    });
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(statement.rawPayload);
    expect(text).toContain('Open Enrollment Confirmation');
    expect(text).toContain(other.planName);
    expect(text).toContain(family.tierName);
    expect(text).toMatch(/Waived: Covered by a\s+spouse's plan/);

    // Waiving both: still one member submitted, now counted as waived.
    const waiveAll: SubmitElectionsBody = {
      employerPK: 2,
      elections: [
        { planType: 'Medical', action: 'waive', planPK: null, coverageOptionPK: null, waiveReason: 'Medicare' },
        { planType: 'Dental', action: 'waive', planPK: null, coverageOptionPK: null, waiveReason: 'Other' },
      ],
    };
    expect((await call('submitElections', EMPLOYEE, { body: waiveAll })).status).toBe(200);
    const counts = (await progress()).counts;
    expect(counts).toMatchObject({ submitted: 1, waived: 1, notStarted: counts.members - 1 });
    after = await mine();
    expect(after.choices.find((c) => c.planType === 'Dental')!.election?.waiveReason).toBe('Other');
    // Every submission makes a statement; the member's is the latest.
    const latest = await t.app.inject({
      method: 'GET',
      url: url('myStatement', { employerPK: 2 }),
      headers: await t.auth(EMPLOYEE),
    });
    expect(await pdfText(latest.rawPayload)).toContain('Waived: Medicare');
  });

  it('shows HR and the broker every statement of a member, newest first, and no one else', async () => {
    const listed = await call('memberStatements', HR, { query: { subscriberPK: ownPK } });
    expect(listed.status).toBe(200);
    const statements = listed.body as unknown as { statementPK: number; planYearBegin: string }[];
    expect(statements.length).toBeGreaterThanOrEqual(2);
    expect(statements.map((s) => s.statementPK)).toEqual(statements.map((s) => s.statementPK).sort((a, b) => b - a));
    expect(statements.every((s) => s.planYearBegin === nextYear)).toBe(true);
    const pdfOf = async (email: string, statementPK: number) =>
      t.app.inject({
        method: 'GET',
        url: url('memberStatementPdf', { subscriberPK: ownPK, statementPK }),
        headers: await t.auth(email),
      });
    // The oldest is the first submission: another plan, dental waived for a spouse's plan.
    const oldest = await pdfOf('broker@example.com', statements.at(-1)!.statementPK);
    expect(oldest.statusCode).toBe(200);
    expect(await pdfText(oldest.rawPayload)).toMatch(/Waived: Covered by a\s+spouse's plan/);
    expect(await pdfText((await pdfOf(HR, statements[0]!.statementPK)).rawPayload)).toContain('Waived: Medicare');

    // Another member's statement number answers as missing; a Member and other groups' staff are refused.
    const [elsewhere] = await t.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, 2), ne(subscribers.subscriberPK, ownPK)))
      .limit(1);
    const wrong = await t.app.inject({
      method: 'GET',
      url: url('memberStatementPdf', {
        subscriberPK: elsewhere!.subscriberPK,
        statementPK: statements[0]!.statementPK,
      }),
      headers: await t.auth(HR),
    });
    expect(wrong.statusCode).toBe(404);
    expect((await call('memberStatements', EMPLOYEE, { query: { subscriberPK: ownPK } })).status).toBe(403);
    expect((await call('memberStatements', 'claims@example.com', { query: { subscriberPK: ownPK } })).status).toBe(403);
  });

  it('refuses an election that is not one of the member’s choices, and one made outside the window', async () => {
    const noReason = await call('submitElections', EMPLOYEE, {
      body: {
        employerPK: 2,
        elections: [{ planType: 'Medical', action: 'waive', planPK: null, coverageOptionPK: null, waiveReason: null }],
      },
    });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body.errors)).toContain(OPEN_ENROLLMENT_MESSAGES.waiveReason);

    const view = await mine();
    const medical = view.choices.find((c) => c.planType === 'Medical')!;
    const dental = view.choices.find((c) => c.planType === 'Dental')!;
    const wrongKind = await call('submitElections', EMPLOYEE, {
      body: {
        employerPK: 2,
        elections: [
          {
            planType: 'Medical',
            action: 'change',
            planPK: dental.options[0]!.planPK,
            coverageOptionPK: medical.tier.coverageOptionPK,
            waiveReason: null,
          },
        ],
      },
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.detail).toBe("Choose one of next year's medical plans.");

    const keep: SubmitElectionsBody = {
      employerPK: 2,
      elections: [
        {
          planType: 'Medical',
          action: 'keep',
          planPK: null,
          coverageOptionPK: medical.tier.coverageOptionPK,
          waiveReason: null,
        },
      ],
    };
    await expect(submitElections(t.db, 2, ownPK, keep, addDays(windowBody.endsOn, 1))).rejects.toThrow(
      /Open enrollment runs from .* Contact your HR department\./,
    );
  });

  it('keeps HR’s counts equal to a recount as members submit, submit again, waive and are refused', async () => {
    const windowPK = (await progress()).window!.windowPK;
    /** The kept counts, checked against a recount and against the dashboard. */
    const exact = async () => {
      const { kept, counted } = await windowCounts(t.db, windowPK);
      expect(kept).toEqual(counted);
      expect((await progress()).counts).toMatchObject(counted);
      return counted;
    };
    const start = await exact();
    const others = await t.db
      .select({ pk: subscribers.subscriberPK })
      .from(subscribers)
      .where(
        and(
          eq(subscribers.employerPK, 2),
          isNull(subscribers.termDate),
          isNotNull(subscribers.divisionPK),
          ne(subscribers.subscriberPK, ownPK),
        ),
      )
      .orderBy(desc(subscribers.subscriberPK))
      .limit(4);
    const [a, b, c, d] = others.map((o) => o.pk) as [number, number, number, number];
    /** The member's first plan of the type in the tier shown, or a waiver. */
    const choose = async (pk: number, medical: 'elect' | 'waive' | null, dental: 'elect' | 'waive' | null) => {
      const view = await myEnrollment(t.db, 2, pk);
      const one = (planType: ElectionType, how: 'elect' | 'waive') => {
        const choice = view.choices.find((x) => x.planType === planType)!;
        return how === 'waive'
          ? { planType, action: 'waive' as const, planPK: null, coverageOptionPK: null, waiveReason: 'Other' as const }
          : {
              planType,
              action: 'change' as const,
              planPK: choice.options[0]!.planPK,
              coverageOptionPK: choice.tier.coverageOptionPK,
              waiveReason: null,
            };
      };
      const body: SubmitElectionsBody = {
        employerPK: 2,
        elections: [...(medical ? [one('Medical', medical)] : []), ...(dental ? [one('Dental', dental)] : [])],
        newDependents: [],
      };
      return body;
    };
    const submit = async (pk: number, body: SubmitElectionsBody) => submitElections(t.db, 2, pk, body);

    await submit(a, await choose(a, 'elect', 'waive'));
    expect(await exact()).toEqual({
      submitted: start.submitted + 1,
      waived: start.waived,
      inProgress: start.inProgress,
    });
    await submit(b, await choose(b, 'waive', 'waive'));
    expect(await exact()).toEqual({
      submitted: start.submitted + 2,
      waived: start.waived + 1,
      inProgress: start.inProgress,
    });
    // Submitting again moves the member between counts, never counts them twice.
    await submit(a, await choose(a, 'waive', 'waive'));
    expect(await exact()).toEqual({
      submitted: start.submitted + 2,
      waived: start.waived + 2,
      inProgress: start.inProgress,
    });
    await submit(b, await choose(b, 'elect', null));
    expect(await exact()).toEqual({
      submitted: start.submitted + 2,
      waived: start.waived + 1,
      inProgress: start.inProgress,
    });
    const same = await choose(c, 'elect', 'elect');
    await submit(c, same);
    await submit(c, same);
    expect(await exact()).toEqual({
      submitted: start.submitted + 3,
      waived: start.waived + 1,
      inProgress: start.inProgress,
    });

    // A refused submission changes nothing.
    const wrong = await choose(d, 'elect', null);
    wrong.elections[0]!.planPK = (await choose(d, null, 'elect')).elections[0]!.planPK;
    await expect(submit(d, wrong)).rejects.toThrow("Choose one of next year's medical plans.");
    // d opened the screen (reading their choices) and has not submitted: in progress.
    expect(await exact()).toEqual({
      submitted: start.submitted + 3,
      waived: start.waived + 1,
      inProgress: start.inProgress + 1,
    });

    // At once: two submissions of one member (the later replaces the earlier whole) and of two others.
    const together: [number, SubmitElectionsBody][] = [
      [d, await choose(d, 'elect', null)],
      [d, await choose(d, null, 'waive')],
      [a, await choose(a, 'elect', 'elect')],
      [b, await choose(b, 'waive', null)],
    ];
    await Promise.all(together.map(([pk, body]) => submit(pk, body)));
    const dRows = await t.db
      .select({ action: elections.action })
      .from(elections)
      .where(and(eq(elections.windowPK, windowPK), eq(elections.subscriberPK, d)));
    expect(dRows).toHaveLength(1);
    expect(await exact()).toEqual({
      submitted: start.submitted + 4,
      waived: start.waived + 1 + (dRows[0]!.action === 'waive' ? 1 : 0),
      inProgress: start.inProgress,
    });
  });

  it('offers next year’s plans and rates as they stand after a change made while the window is open', async () => {
    const before = (await mine()).choices.find((c) => c.planType === 'Medical')!;
    const option = before.options.find((o) => o.employeeShare !== null)!;
    const tierPK = before.tier.coverageOptionPK;
    const rate = and(eq(planRates.planPK, option.planPK), eq(planRates.coverageOptionPK, tierPK));
    const [kept] = await t.db.select().from(planRates).where(rate);
    // Written past the service, as any path could: the offer read before is not used again.
    await t.db
      .update(plans)
      .set({ planName: `${option.planName} Plus` })
      .where(eq(plans.planPK, option.planPK));
    await t.db.update(planRates).set({ employeeShare: '1.23' }).where(rate);
    try {
      const after = (await mine()).choices.find((c) => c.planType === 'Medical')!;
      expect(after.options.find((o) => o.planPK === option.planPK)).toMatchObject({
        planName: `${option.planName} Plus`,
        employeeShare: '1.23',
      });
    } finally {
      await t.db.update(plans).set({ planName: option.planName }).where(eq(plans.planPK, option.planPK));
      await t.db.update(planRates).set({ employeeShare: kept!.employeeShare }).where(rate);
    }
    const restored = (await mine()).choices.find((c) => c.planType === 'Medical')!;
    expect(restored.options).toEqual(before.options);
  });

  it('invites employees with an e-mail and no account, one or a batch at a time, as Members of their own record', async () => {
    const [someone] = await t.db
      .select({ pk: subscribers.subscriberPK, email: subscribers.email })
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, 2), isNull(subscribers.termDate), ne(subscribers.subscriberPK, ownPK)))
      .orderBy(subscribers.subscriberPK)
      .limit(1);
    const one = await call('inviteEmployees', HR, { body: { employerPK: 2, subscriberPK: someone!.pk } });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ invited: 1, subscriberPKs: [someone!.pk], remaining: 0 });
    const mail = await inbox.waitForMail(someone!.email.toLowerCase(), { subject: /invited/ });
    expect(mail.links).toHaveLength(1);
    const [account] = await t.db.select().from(users).where(eq(users.email, someone!.email.toLowerCase()));
    expect(account?.status).toBe('invited');
    const grants = await t.db.select().from(userGrants).where(eq(userGrants.userId, account!.userId));
    expect(grants).toEqual([expect.objectContaining({ employerPK: 2, role: 'Member', subscriberPK: someone!.pk })]);
    // Once invited, not again.
    const again = await call('inviteEmployees', HR, { body: { employerPK: 2, subscriberPK: someone!.pk } });
    expect(again.body).toMatchObject({ invited: 0, remaining: 0 });

    const batch = await call('inviteEmployees', HR, { body: { employerPK: 2 } });
    expect(batch.status).toBe(200);
    const first = batch.body as { invited: number; remaining: number };
    expect(first.invited).toBe(EMPLOYEE_INVITE_BATCH);
    const next = (await call('inviteEmployees', HR, { body: { employerPK: 2 } })).body as {
      invited: number;
      remaining: number;
    };
    expect(next.invited).toBe(Math.min(EMPLOYEE_INVITE_BATCH, first.remaining));
    expect(next.remaining).toBe(first.remaining - next.invited);
    // The employee's own account is not invited twice.
    const members = await t.db.select().from(userGrants).where(eq(userGrants.subscriberPK, ownPK));
    expect(members).toHaveLength(1);
  });

  it('reminds members with an account who have not submitted, at most once a day', async () => {
    const first = (await call('remindMembers', HR, { body: { employerPK: 2 } })).body as {
      reminded: number;
      subscriberPKs: number[];
      remaining: number;
    };
    expect(first.reminded).toBeGreaterThan(0);
    // The employee submitted: no reminder for them.
    expect(first.subscriberPKs).not.toContain(ownPK);
    const [someone] = await t.db
      .select({ email: users.email })
      .from(userGrants)
      .innerJoin(users, eq(users.userId, userGrants.userId))
      .where(eq(userGrants.subscriberPK, first.subscriberPKs[0]!));
    const mail = await inbox.waitForMail(someone!.email, { subject: /^Open enrollment closes on / });
    expect(mail.links).toEqual(['http://localhost/my-enrollment']);
    let left = first.remaining;
    while (left > 0)
      left = ((await call('remindMembers', HR, { body: { employerPK: 2 } })).body as { remaining: number }).remaining;
    const again = (await call('remindMembers', HR, { body: { employerPK: 2 } })).body;
    expect(again).toMatchObject({ reminded: 0, remaining: 0 });
  });

  it('keeps each side to its own calls', async () => {
    expect((await call('remindMembers', EMPLOYEE, { body: { employerPK: 2 } })).status).toBe(403);
    expect((await call('inviteEmployees', EMPLOYEE, { body: { employerPK: 2 } })).status).toBe(403);
    expect((await call('myEnrollment', HR, { query: { employerPK: 2 } })).status).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: url('myStatement', { employerPK: 2 }), headers: await t.auth(HR) }))
        .statusCode,
    ).toBe(403);
    expect((await call('enrollmentWindow', EMPLOYEE, { query: { employerPK: 2 } })).status).toBe(403);
    expect((await call('openEnrollmentWindow', EMPLOYEE, { body: windowBody })).status).toBe(403);
    expect((await call('enrollmentWindow', HR, { query: { employerPK: 3 } })).status).toBe(403);
  });
});
