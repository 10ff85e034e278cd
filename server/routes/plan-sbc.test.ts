import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import type { MyEnrollment } from '../../src/contracts/open-enrollment';
import { SBC_MAX_BYTES, SBC_MESSAGES, type PlanYearPlans } from '../../src/contracts/plan-years';
import { auditEvents, planDocuments } from '../db/schema';
import { addDays, localToday, yearOf } from '../lib/calendar';
import { carrierFeedKey } from '../services/carrier-feed';
import { planSbcPdf } from '../services/open-enrollment';
import { createTestApp, type TestApp } from '../test/test-app';

type Name = keyof typeof endpoints;
const url = (name: Name, query?: Record<string, string | number>) =>
  endpointUrl(endpoints[name]) +
  (query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '');

const ADMIN = 'admin@example.com';
const OPERATOR = 'operator@example.com';
const HR = 'hr@example.com';
const BROKER = 'broker@example.com';
const EMPLOYEE = 'employee@example.com';
const today = localToday();
const year = yearOf(today);
const lastYear = `${year - 1}-01-01`;
const thisYear = `${year}-01-01`;
const nextYear = `${year + 1}-01-01`;

/** A small PDF whose text would show in the stored bytes were they kept as they came. */
const pdf = (marker: string) => Buffer.from(`%PDF-1.7\n1 0 obj << /Title (${marker}) >> endobj\n%%EOF\n`, 'latin1');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function upload(
  planPK: number,
  bytes: Buffer,
  opts: { email?: string; employerPK?: number; fileName?: string } = {},
) {
  const { email = ADMIN, employerPK = 2, fileName = 'Summary of Benefits.pdf' } = opts;
  return t.app.inject({
    method: 'POST',
    url: url('uploadPlanSbc', { employerPK, planPK, fileName }),
    headers: { ...(await t.auth(email)), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
}
async function download(planPK: number, email = ADMIN, employerPK = 2) {
  return t.app.inject({ method: 'GET', url: url('planSbcPdf', { employerPK, planPK }), headers: await t.auth(email) });
}
async function remove(planPK: number, email = ADMIN, employerPK = 2) {
  return t.app.inject({
    method: 'POST',
    url: url('removePlanSbc'),
    headers: await t.auth(email),
    payload: { employerPK, planPK },
  });
}
async function plansOf(beginDate: string, employerPK = 2, email = ADMIN) {
  const res = await t.app.inject({
    method: 'GET',
    url: url('planYearPlans', { employerPK, beginDate }),
    headers: await t.auth(email),
  });
  expect(res.statusCode).toBe(200);
  return res.json<PlanYearPlans>();
}
const medicalOf = async (beginDate: string, employerPK = 2, email = ADMIN) =>
  (await plansOf(beginDate, employerPK, email)).plans.find((p) => p.planType === 'Medical')!;
const storedRow = async (planPK: number) =>
  (await t.db.select().from(planDocuments).where(eq(planDocuments.planPK, planPK)))[0];

describe('Summary of Benefits and Coverage', () => {
  it('is uploaded by the administrator and read back byte for byte by everyone who sees the plans', async () => {
    const plan = await medicalOf(thisYear);
    expect(plan).toMatchObject({ hasSbc: false, sbcFileName: null });
    const bytes = pdf('Harbor PPO coverage');
    const res = await upload(plan.planPK, bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ planPK: plan.planPK, fileName: 'Summary of Benefits.pdf', size: bytes.length });
    expect(await medicalOf(thisYear)).toMatchObject({ hasSbc: true, sbcFileName: 'Summary of Benefits.pdf' });

    for (const email of [ADMIN, OPERATOR, HR, BROKER, EMPLOYEE]) {
      const pdfAnswer = await download(plan.planPK, email);
      expect(pdfAnswer.statusCode, email).toBe(200);
      expect(pdfAnswer.headers['content-type']).toBe('application/pdf');
      expect(pdfAnswer.headers['content-disposition']).toContain('Summary of Benefits.pdf');
      expect(pdfAnswer.rawPayload.equals(bytes), email).toBe(true);
    }
  });

  it('keeps the PDF encrypted at rest', async () => {
    const plan = await medicalOf(thisYear);
    const row = (await storedRow(plan.planPK))!;
    expect(row.size).toBe(pdf('Harbor PPO coverage').length);
    expect(row.uploadedBy).toBe('user-admin');
    expect(row.iv).toHaveLength(12);
    expect(row.tag).toHaveLength(16);
    expect(row.data.includes(Buffer.from('%PDF-'))).toBe(false);
    expect(row.data.includes(Buffer.from('Harbor PPO coverage'))).toBe(false);
  });

  it('is replaced by a new upload and removed once; each change leaves an audit row', async () => {
    const plan = await medicalOf(thisYear);
    const newer = pdf('Second edition');
    expect((await upload(plan.planPK, newer, { fileName: 'SBC 2.pdf' })).statusCode).toBe(200);
    expect((await download(plan.planPK, HR)).rawPayload.equals(newer)).toBe(true);
    expect(await medicalOf(thisYear)).toMatchObject({ hasSbc: true, sbcFileName: 'SBC 2.pdf' });

    expect((await remove(plan.planPK)).statusCode).toBe(200);
    expect(await storedRow(plan.planPK)).toBeUndefined();
    expect(await medicalOf(thisYear)).toMatchObject({ hasSbc: false, sbcFileName: null });
    const gone = await download(plan.planPK, HR);
    expect(gone.statusCode).toBe(404);
    expect(gone.json<{ detail: string }>().detail).toBe(SBC_MESSAGES.missing);
    expect((await remove(plan.planPK)).statusCode).toBe(404);

    const rows = await t.db
      .select({ endpoint: auditEvents.endpoint, action: auditEvents.action, status: auditEvents.status })
      .from(auditEvents)
      .where(and(eq(auditEvents.actor, 'user-admin'), eq(auditEvents.employerPK, 2)))
      .orderBy(desc(auditEvents.auditEventPK))
      .limit(3);
    expect(rows).toEqual([
      { endpoint: 'removePlanSbc', action: 'access.refused', status: 404 },
      { endpoint: 'removePlanSbc', action: 'access.change', status: 200 },
      { endpoint: 'uploadPlanSbc', action: 'access.change', status: 200 },
    ]);
  });

  it('refuses, with a clear 400, what is not a PDF by its content whatever its name', async () => {
    const plan = await medicalOf(thisYear);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (const [bytes, message] of [
      [Buffer.from('<html>%PDF-</html>'), SBC_MESSAGES.notPdf],
      [png, SBC_MESSAGES.notPdf],
      [Buffer.alloc(0), SBC_MESSAGES.empty],
    ] as const) {
      const res = await upload(plan.planPK, bytes, { fileName: 'sbc.pdf' });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ detail: string; errors: { file: string[] } }>()).toMatchObject({
        detail: message,
        errors: { file: [message] },
      });
    }
    // A JSON body is not a file either.
    const json = await t.app.inject({
      method: 'POST',
      url: url('uploadPlanSbc', { employerPK: 2, planPK: plan.planPK, fileName: 'sbc.pdf' }),
      headers: await t.auth(ADMIN),
      payload: { pdf: '%PDF-' },
    });
    expect(json.statusCode).toBe(400);
    expect(await storedRow(plan.planPK)).toBeUndefined();
  });

  it('refuses a file over 10 MB before reading it', async () => {
    const plan = await medicalOf(thisYear);
    const over = Buffer.alloc(SBC_MAX_BYTES + 1, 0x20);
    over.write('%PDF-1.7\n', 'latin1');
    const res = await upload(plan.planPK, over, { fileName: 'too big.pdf' });
    expect(res.statusCode).toBe(413);
    expect(await storedRow(plan.planPK)).toBeUndefined();
  });

  it('binds the stored bytes to their plan: moved to another plan, they are not read', async () => {
    const [first, second] = (await plansOf(thisYear)).plans.filter((p) => p.planType !== 'FSA');
    expect((await upload(first!.planPK, pdf('bound'))).statusCode).toBe(200);
    const row = (await storedRow(first!.planPK))!;
    await t.db.insert(planDocuments).values({ ...row, planPK: second!.planPK });
    const key = await carrierFeedKey(t.db);
    await expect(planSbcPdf(t.db, 2, second!.planPK, key)).rejects.toThrow();
    expect((await planSbcPdf(t.db, 2, first!.planPK, key)).data).toEqual(pdf('bound'));
    await t.db.delete(planDocuments).where(inArray(planDocuments.planPK, [first!.planPK, second!.planPK]));
  });

  it('keeps an ended year’s SBC as it was', async () => {
    const old = await medicalOf(lastYear);
    const res = await upload(old.planPK, pdf('late'));
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toBe(SBC_MESSAGES.ended);
  });

  it("refuses roles that may not, other groups, and other groups' plans", async () => {
    const own = await medicalOf(thisYear);
    const other = await medicalOf(thisYear, 3, OPERATOR);
    expect((await upload(other.planPK, pdf('other'), { email: OPERATOR, employerPK: 3 })).statusCode).toBe(200);

    // Changes are the administrator's; HR and brokers read only.
    expect((await upload(own.planPK, pdf('x'), { email: HR })).statusCode).toBe(403);
    expect((await upload(own.planPK, pdf('x'), { email: BROKER })).statusCode).toBe(403);
    expect((await upload(own.planPK, pdf('x'), { email: EMPLOYEE })).statusCode).toBe(403);
    expect((await remove(other.planPK, EMPLOYEE, 3)).statusCode).toBe(403);
    // Roles of the group that do not see its plans.
    expect((await download(other.planPK, 'idcard@example.com', 2)).statusCode).toBe(403);
    expect((await download(other.planPK, 'auditor@example.com', 2)).statusCode).toBe(403);
    // A Member only in their own group; another group's plan named under their group is not found.
    expect((await download(other.planPK, EMPLOYEE, 3)).statusCode).toBe(403);
    expect((await download(other.planPK, EMPLOYEE, 2)).statusCode).toBe(404);
    expect((await download(other.planPK, HR, 2)).statusCode).toBe(404);
    // The broker of groups 2 and 3 reads group 3's plan under group 3 only.
    expect((await download(other.planPK, BROKER, 3)).statusCode).toBe(200);
    expect((await download(other.planPK, BROKER, 2)).statusCode).toBe(404);
    // Group 2's administrator cannot change group 3's SBC by naming group 2.
    expect((await upload(other.planPK, pdf('hijack'), { employerPK: 2 })).statusCode).toBe(404);
    expect((await remove(other.planPK, ADMIN, 2)).statusCode).toBe(404);
    expect((await download(other.planPK, OPERATOR, 3)).rawPayload.equals(pdf('other'))).toBe(true);
  });

  it('is not copied forward, and is offered to the member beside the plan they compare', async () => {
    const current = await medicalOf(thisYear);
    expect((await upload(current.planPK, pdf('this year'))).statusCode).toBe(200);
    const copied = await t.app.inject({
      method: 'POST',
      url: url('copyPlanYear'),
      headers: await t.auth(ADMIN),
      payload: { employerPK: 2, fromBeginDate: thisYear },
    });
    expect(copied.statusCode).toBe(200);
    const successorPK = (await medicalOf(thisYear)).successorPlanPK!;
    const next = await plansOf(nextYear);
    expect(next.plans.map((p) => p.planPK)).toContain(successorPK);
    expect(next.plans.every((p) => !p.hasSbc && p.sbcFileName === null)).toBe(true);
    expect(await storedRow(successorPK)).toBeUndefined();
    expect((await medicalOf(thisYear)).hasSbc).toBe(true);

    const opened = await t.app.inject({
      method: 'POST',
      url: url('openEnrollmentWindow'),
      headers: await t.auth(HR),
      payload: {
        employerPK: 2,
        startsOn: today,
        endsOn: addDays(today, 14) < nextYear ? addDays(today, 14) : addDays(nextYear, -1),
        planYearBegin: nextYear,
        unstartedChoice: 'rollover',
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const optionsNow = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: url('myEnrollment', { employerPK: 2 }),
        headers: await t.auth(EMPLOYEE),
      });
      expect(res.statusCode).toBe(200);
      return res.json<MyEnrollment>().choices.flatMap((c) => c.options);
    };
    const before = await optionsNow();
    expect(before.length).toBeGreaterThan(1);
    expect(before.every((o) => o.hasSbc === false && o.sbcFileName === null)).toBe(true);

    // One of next year's plans gets its own SBC: the member comparing plans sees that one has it.
    const chosen = before[0]!.planPK;
    expect((await upload(chosen, pdf('next year'), { fileName: 'SBC next.pdf' })).statusCode).toBe(200);
    for (const option of await optionsNow()) {
      expect(option).toMatchObject(
        option.planPK === chosen ? { hasSbc: true, sbcFileName: 'SBC next.pdf' } : { hasSbc: false, sbcFileName: null },
      );
    }
    const read = await download(chosen, EMPLOYEE);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(pdf('next year'))).toBe(true);
  });
});
