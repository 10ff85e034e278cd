import { and, asc, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import type {
  EnrollmentStatus,
  EnrollmentStatusList,
  MyEnrollment,
  SubmitElectionsBody,
  WindowProgress,
} from '../../src/contracts/open-enrollment';
import { addDays, localToday, yearOf } from '../lib/calendar';
import {
  auditEvents,
  elections,
  enrollmentViews,
  enrollmentWindows,
  plans,
  subscribers,
  userGrants,
} from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

type Name = keyof typeof endpoints;
type Query = Record<string, string | number>;
const url = (name: Name, query?: Query) =>
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
let ownPK: number;
let windowPK: number;
let changedPlanName: string;
/** Members of group 2 given election rows directly, by the status they end up in. */
const others = {} as Record<
  'waived' | 'rolledOver' | 'notElected' | 'kept' | 'inProgress' | 'termed',
  { pk: number; ssn: string }
>;

async function call(name: Name, email: string, opts: { query?: Query; body?: object } = {}) {
  const res = await t.app.inject({
    method: endpoints[name].method,
    url: url(name, opts.query),
    headers: await t.auth(email),
    ...(opts.body ? { payload: opts.body } : {}),
  });
  return res;
}
const list = async (query: Query, email = HR) => {
  const res = await call('enrollmentStatusList', email, { query: { employerPK: 2, ...query } });
  expect(res.statusCode).toBe(200);
  return res.json<EnrollmentStatusList>();
};
/** Every row of a filter, page by page. */
async function everyRow(query: Query, recordsPerPage = 50) {
  const rows: EnrollmentStatusList['list'] = [];
  let after: number | null = null;
  let pages = 0;
  do {
    const page = await list({ ...query, recordsPerPage, ...(after === null ? {} : { after }) });
    rows.push(...page.list);
    after = page.nextAfter;
    pages++;
  } while (after !== null && pages < 1000);
  return { rows, pages };
}
const pksOf = (rows: { subscriberPK: number }[]) => rows.map((r) => r.subscriberPK);

beforeAll(async () => {
  t = await createTestApp();
  ownPK = (await t.db.select().from(userGrants).where(eq(userGrants.userId, 'user-employee')))[0]!.subscriberPK!;
  expect(
    (await call('copyPlanYear', 'admin@example.com', { body: { employerPK: 2, fromBeginDate: `${year}-01-01` } }))
      .statusCode,
  ).toBe(200);
  const opened = await call('openEnrollmentWindow', HR, { body: windowBody });
  expect(opened.statusCode).toBe(200);
  windowPK = opened.json<{ windowPK: number }>().windowPK;

  // The employee changes medical and waives dental: submitted.
  const view = (await call('myEnrollment', EMPLOYEE, { query: { employerPK: 2 } })).json<MyEnrollment>();
  const medical = view.choices.find((c) => c.planType === 'Medical')!;
  const other = medical.options.find((o) => o.planPK !== medical.keepPlanPK)!;
  changedPlanName = other.planName;
  const body: SubmitElectionsBody = {
    employerPK: 2,
    elections: [
      {
        planType: 'Medical',
        action: 'change',
        planPK: other.planPK,
        coverageOptionPK: medical.tier.coverageOptionPK,
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
  expect((await call('submitElections', EMPLOYEE, { body })).statusCode).toBe(200);

  // Others, written as the member's submission or the window's close would write them.
  const active = await t.db
    .select({ pk: subscribers.subscriberPK, ssn: subscribers.ssn })
    .from(subscribers)
    .where(and(eq(subscribers.employerPK, 2), isNull(subscribers.termDate), ne(subscribers.subscriberPK, ownPK)))
    .orderBy(asc(subscribers.subscriberPK))
    .limit(5);
  const [termed] = await t.db
    .select({ pk: subscribers.subscriberPK, ssn: subscribers.ssn })
    .from(subscribers)
    .where(and(eq(subscribers.employerPK, 2), isNotNull(subscribers.termDate)))
    .limit(1);
  Object.assign(others, {
    waived: active[0]!,
    rolledOver: active[1]!,
    notElected: active[2]!,
    kept: active[3]!,
    inProgress: active[4]!,
    termed: termed!,
  });
  // One opened the enrollment screen and has not submitted.
  await t.db.insert(enrollmentViews).values({ windowPK, subscriberPK: others.inProgress.pk });
  const [medicalPlan] = await t.db
    .select({ planPK: plans.planPK })
    .from(plans)
    .where(and(eq(plans.employerPK, 2), eq(plans.contractBeginDate, nextYear), eq(plans.planType, 'Medical')))
    .limit(1);
  const row = (subscriberPK: number, planType: 'Medical' | 'Dental', action: string, extra: object = {}) => ({
    windowPK,
    subscriberPK,
    planType,
    action,
    ...extra,
  });
  await t.db
    .insert(elections)
    .values([
      row(others.waived.pk, 'Medical', 'waive', { waiveReason: 'Medicare' }),
      row(others.waived.pk, 'Dental', 'waive', { waiveReason: 'Other' }),
      row(others.rolledOver.pk, 'Medical', 'rollover', { planPK: medicalPlan!.planPK }),
      row(others.rolledOver.pk, 'Dental', 'lapse'),
      row(others.notElected.pk, 'Medical', 'lapse'),
      row(others.kept.pk, 'Medical', 'keep', { planPK: medicalPlan!.planPK }),
      row(others.kept.pk, 'Dental', 'waive', { waiveReason: 'Tricare' }),
      row(others.termed.pk, 'Medical', 'keep', { planPK: medicalPlan!.planPK }),
    ]);
});
afterAll(async () => {
  await t?.close();
});

describe('enrollment status list', () => {
  it('filters the group’s active members by their status in the window, with their choices in words', async () => {
    const submitted = await list({ status: 'submitted' });
    expect(submitted.windowPK).toBe(windowPK);
    expect(pksOf(submitted.list)).toEqual([ownPK, others.kept.pk].sort((a, b) => a - b));
    expect(submitted.nextAfter).toBeNull();
    const own = submitted.list.find((r) => r.subscriberPK === ownPK)!;
    expect(own).toMatchObject({
      status: 'submitted',
      medical: { action: 'change', planName: changedPlanName },
      dental: { action: 'waive', waiveReason: "Covered by a spouse's plan" },
    });
    expect(new Date(own.submittedAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(Object.keys(own)).not.toContain('ssn');

    const expectOnly = async (status: EnrollmentStatus, pk: number) => {
      const page = await list({ status });
      expect(pksOf(page.list)).toEqual([pk]);
      expect(page.list[0]!.status).toBe(status);
      return page.list[0]!;
    };
    expect(await expectOnly('waived', others.waived.pk)).toMatchObject({
      medical: { action: 'waive', waiveReason: 'Medicare' },
      dental: { action: 'waive', waiveReason: 'Other' },
    });
    const rolled = await expectOnly('rolledOver', others.rolledOver.pk);
    expect(rolled).toMatchObject({ submittedAt: null, medical: { action: 'rollover' }, dental: { action: 'lapse' } });
    expect(rolled.medical!.planName).toBeTruthy();
    expect(await expectOnly('notElected', others.notElected.pk)).toMatchObject({ submittedAt: null, dental: null });
    // In progress: opened the screen, no rows. The employee opened it too, and submitted: submitted.
    expect(await expectOnly('inProgress', others.inProgress.pk)).toMatchObject({ submittedAt: null, medical: null });
    const [me] = await t.db.select().from(subscribers).where(eq(subscribers.subscriberPK, others.inProgress.pk));
    expect(pksOf((await list({ status: 'inProgress', lastName: me!.lastName })).list)).toEqual([others.inProgress.pk]);

    // Not started: everyone else who is active; the termed member with rows is in no list.
    const { members } = (await call('enrollmentWindow', HR, { query: { employerPK: 2 } })).json<WindowProgress>()
      .counts;
    const notStarted = await everyRow({ status: 'notStarted' });
    expect(notStarted.rows).toHaveLength(members - 6);
    expect(
      notStarted.rows.every((r) => r.status === 'notStarted' && r.medical === null && r.submittedAt === null),
    ).toBe(true);
    const everyone = await everyRow({});
    expect(everyone.rows).toHaveLength(members);
    expect(pksOf(everyone.rows)).not.toContain(others.termed.pk);
  });

  it('filters by the start of the last name, whatever its case, with the status', async () => {
    const [me] = await t.db.select().from(subscribers).where(eq(subscribers.subscriberPK, ownPK));
    const prefix = me!.lastName.slice(0, 2).toUpperCase();
    const { rows } = await everyRow({ lastName: prefix });
    expect(pksOf(rows)).toContain(ownPK);
    for (const r of rows) expect(r.lastName.toLowerCase().startsWith(prefix.toLowerCase())).toBe(true);
    expect(pksOf((await list({ lastName: prefix, status: 'submitted' })).list)).toContain(ownPK);
    const unstarted = await everyRow({ lastName: prefix, status: 'notStarted' });
    expect(pksOf(unstarted.rows)).not.toContain(ownPK);
    expect(unstarted.rows).toEqual(rows.filter((r) => r.status === 'notStarted'));
    // A typed % matches itself, not anything.
    expect((await list({ lastName: '%' })).list).toEqual([]);
  });

  it('pages by subscriber key: no row twice, none left out, the last page says so', async () => {
    const { rows: all } = await everyRow({}, 100);
    const { rows, pages } = await everyRow({}, 7);
    expect(pages).toBe(Math.ceil(all.length / 7));
    expect(pksOf(rows)).toEqual(pksOf(all));
    expect(new Set(pksOf(rows)).size).toBe(rows.length);
    expect(pksOf(rows)).toEqual([...pksOf(rows)].sort((a, b) => a - b));

    const first = await list({ recordsPerPage: 3 });
    const second = await list({ recordsPerPage: 3, after: first.nextAfter! });
    expect(first.nextAfter).toBe(first.list.at(-1)!.subscriberPK);
    expect(pksOf(second.list)).toEqual(pksOf(all).slice(3, 6));
    // A status the rows decide pages the same way.
    const one = await list({ status: 'submitted', recordsPerPage: 1 });
    expect(one.nextAfter).toBe(one.list[0]!.subscriberPK);
    const two = await list({ status: 'submitted', recordsPerPage: 1, after: one.nextAfter! });
    expect(two.nextAfter).toBeNull();
    expect(pksOf([...one.list, ...two.list])).toEqual([ownPK, others.kept.pk].sort((a, b) => a - b));

    expect((await call('enrollmentStatusList', HR, { query: { employerPK: 2, recordsPerPage: 101 } })).statusCode).toBe(
      400,
    );
    expect((await call('enrollmentStatusList', HR, { query: { employerPK: 2, status: 'done' } })).statusCode).toBe(400);
  });

  it('audits the list as a read of the members it answered', async () => {
    const page = await list({ status: 'waived' });
    const [row] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.endpoint, 'enrollmentStatusList'))
      .orderBy(desc(auditEvents.auditEventPK))
      .limit(1);
    expect(row).toMatchObject({ action: 'access.read', employerPK: 2, status: 200 });
    expect(row!.records).toEqual(page.list.map((r) => `subscriber:${r.subscriberPK}`));
  });

  it('downloads the filtered list as CSV with its header, one line per member and no SSN', async () => {
    const res = await call('enrollmentStatusCsv', HR, { query: { employerPK: 2, status: 'waived' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Subscriber ID,Name,Status,Submitted At,Medical,Dental');
    expect(lines).toHaveLength(2);
    const [waiver] = await t.db.select().from(subscribers).where(eq(subscribers.subscriberPK, others.waived.pk));
    expect(lines[1]).toMatch(
      new RegExp(
        `^${waiver!.subscriberID},"?${waiver!.lastName}, ${waiver!.firstName}"?,Waived,[^,]+,Waive: Medicare,Waive: Other$`,
      ),
    );
    expect(res.body).not.toContain(others.waived.ssn);

    const everyone = await call('enrollmentStatusCsv', HR, { query: { employerPK: 2 } });
    const { members } = (await call('enrollmentWindow', HR, { query: { employerPK: 2 } })).json<WindowProgress>()
      .counts;
    const rows = everyone.body.trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(members);
    expect(
      rows.some((r) => r.includes(`Change: ${changedPlanName}`) && r.includes("Waive: Covered by a spouse's plan")),
    ).toBe(true);
    expect(rows.some((r) => r.includes('Not started'))).toBe(true);
    await expect
      .poll(async () =>
        (await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'export.download'))).map((e) => e.detail),
      )
      .toContainEqual(expect.objectContaining({ list: 'enrollmentStatus', format: 'csv', rowCount: members }));
  });

  it('answers an empty list for a group without a window', async () => {
    const res = await call('enrollmentStatusList', 'broker@example.com', { query: { employerPK: 3 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ windowPK: null, list: [], nextAfter: null });
    const csv = await call('enrollmentStatusCsv', 'broker@example.com', { query: { employerPK: 3 } });
    expect(csv.body.replace(/^\uFEFF/, '').trimEnd()).toBe('Subscriber ID,Name,Status,Submitted At,Medical,Dental');
  });

  it('lists the last closed window once it is closed, with its rolled-over members', async () => {
    await t.db.update(enrollmentWindows).set({ closedAt: new Date() }).where(eq(enrollmentWindows.windowPK, windowPK));
    const page = await list({ status: 'rolledOver' });
    expect(page.windowPK).toBe(windowPK);
    expect(pksOf(page.list)).toEqual([others.rolledOver.pk]);
  });

  it('refuses another group’s HR and a Member', async () => {
    for (const name of ['enrollmentStatusList', 'enrollmentStatusCsv'] as const) {
      expect((await call(name, HR, { query: { employerPK: 3 } })).statusCode).toBe(403);
      expect((await call(name, EMPLOYEE, { query: { employerPK: 2 } })).statusCode).toBe(403);
      expect((await call(name, 'claims@example.com', { query: { employerPK: 2 } })).statusCode).toBe(403);
    }
  });
});
