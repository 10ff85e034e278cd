import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { RATE_MESSAGE, toCents, type PlanYearPlans, type PlanYears } from '../../src/contracts/plan-years';
import { localToday, yearOf } from '../lib/calendar';
import { createTestApp, type TestApp } from '../test/test-app';

type Name = keyof typeof endpoints;
const url = (name: Name, query?: Record<string, string | number>) =>
  endpointUrl(endpoints[name]) +
  (query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '');

const ADMIN = 'admin@example.com';
const year = yearOf(localToday());
const thisYear = `${year}-01-01`;
const nextYear = `${year + 1}-01-01`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function get<T>(name: Name, query: Record<string, string | number>, email = ADMIN) {
  const res = await t.app.inject({ method: 'GET', url: url(name, query), headers: await t.auth(email) });
  return { status: res.statusCode, body: res.json() as T };
}
async function post(name: Name, body: object, email = ADMIN) {
  const res = await t.app.inject({ method: 'POST', url: url(name), headers: await t.auth(email), payload: body });
  return { status: res.statusCode, body: res.json() as { detail?: string; errors?: Record<string, string[]> } };
}
const plansOf = (beginDate: string, employerPK = 2) => get<PlanYearPlans>('planYearPlans', { employerPK, beginDate });

describe('plan years and rates', () => {
  it("lists the group's seeded plan years with its pay frequency", async () => {
    const { status, body } = await get<PlanYears>('planYearList', { employerPK: 2 });
    expect(status).toBe(200);
    expect(body.payFrequencyPK).toBe(2);
    expect(body.periodsPerYear).toBe(26);
    expect(body.years.map((y) => y.beginDate)).toEqual([`${year - 1}-01-01`, thisYear]);
    expect(body.years.find((y) => y.current)?.beginDate).toBe(thisYear);
  });

  it('gives every medical and dental plan a rate per tier as exact decimals, and FSA plans none', async () => {
    const { status, body } = await plansOf(thisYear);
    expect(status).toBe(200);
    const medical = body.plans.filter((p) => p.planType === 'Medical');
    expect(medical.length).toBeGreaterThan(0);
    for (const plan of body.plans) {
      if (plan.planType === 'FSA') expect(plan.rates).toEqual([]);
      else {
        expect(plan.rates.map((r) => r.tierName)).toEqual([
          'Employee Only',
          'Employee + Spouse',
          'Employee + Child(ren)',
          'Family',
        ]);
        for (const r of plan.rates) expect(r.employeeShare).toMatch(/^\d+\.\d{2}$/);
      }
    }
    // No next year yet: nobody must choose.
    expect(body.plans.every((p) => !p.mustChoose)).toBe(true);
    expect(body.nextYearPlans).toEqual([]);
  });

  it('saves rates exactly and refuses bad amounts with the field message', async () => {
    const { body } = await plansOf(thisYear);
    const plan = body.plans.find((p) => p.planType === 'Medical')!;
    const [ee, es] = plan.rates;
    const saved = await post('savePlanRates', {
      employerPK: 2,
      planPK: plan.planPK,
      rates: [{ coverageOptionPK: ee!.coverageOptionPK, employeeShare: '0.10', employerShare: '0.2' }],
    });
    expect(saved.status).toBe(200);
    const after = (await plansOf(thisYear)).body.plans.find((p) => p.planPK === plan.planPK)!;
    expect(after.rates[0]).toMatchObject({ employeeShare: '0.10', employerShare: '0.20' });
    expect(toCents(after.rates[0]!.employeeShare!) + toCents(after.rates[0]!.employerShare!)).toBe(30);
    expect(after.rates[1]).toEqual(es);

    const bad = await post('savePlanRates', {
      employerPK: 2,
      planPK: plan.planPK,
      rates: [{ coverageOptionPK: ee!.coverageOptionPK, employeeShare: '12.345', employerShare: '-1' }],
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain(RATE_MESSAGE);

    const dental = body.plans.find((p) => p.planType === 'Dental')!;
    const wrongTier = await post('savePlanRates', {
      employerPK: 2,
      planPK: plan.planPK,
      rates: [{ coverageOptionPK: dental.rates[0]!.coverageOptionPK, employeeShare: '1', employerShare: '1' }],
    });
    expect(wrongTier.status).toBe(400);
    expect(wrongTier.body.detail).toBe("A tier named is not one of this plan's tiers.");
  });

  it('copies the year forward once, with rates and successors, and flags a plan left without one', async () => {
    const before = (await plansOf(thisYear)).body;
    const copied = await post('copyPlanYear', { employerPK: 2, fromBeginDate: thisYear });
    expect(copied.status).toBe(200);
    expect(copied.body).toMatchObject({
      beginDate: nextYear,
      endDate: `${year + 1}-12-31`,
      planCount: before.plans.length,
    });

    const again = await post('copyPlanYear', { employerPK: 2, fromBeginDate: thisYear });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(`The plan year starting ${nextYear} already exists.`);

    const now = (await plansOf(thisYear)).body;
    const next = (await plansOf(nextYear)).body;
    expect(next.editable).toBe(true);
    expect(next.plans).toHaveLength(before.plans.length);
    for (const plan of now.plans) {
      const successor = next.plans.find((p) => p.planPK === plan.successorPlanPK)!;
      expect(successor).toMatchObject({
        planName: plan.planName,
        planType: plan.planType,
        divisionPK: plan.divisionPK,
      });
      expect(successor.rates).toEqual(plan.rates);
      expect(plan.mustChoose).toBe(false);
    }

    // A carrier change: the copy is renamed and the old plan gets no successor.
    const old = now.plans.find((p) => p.planType === 'Medical')!;
    const renamed = await post('savePlanDetails', {
      employerPK: 2,
      planPK: old.successorPlanPK,
      planName: 'Harbor Choice PPO',
      planDescription: 'New carrier',
      planCode: 'HCP',
      networkCode: 'N2',
      oopMaxSingle: '5500',
      oopMaxFamily: '',
    });
    expect(renamed.status).toBe(200);
    // The out-of-pocket maximum is money as typed, blank when not known.
    const carrier = (await plansOf(nextYear)).body.plans.find((p) => p.planPK === old.successorPlanPK)!;
    expect(carrier).toMatchObject({ oopMaxSingle: '5500.00', oopMaxFamily: null });
    const badAmount = await post('savePlanDetails', {
      employerPK: 2,
      planPK: old.successorPlanPK,
      planName: 'Harbor Choice PPO',
      planDescription: 'New carrier',
      planCode: 'HCP',
      networkCode: 'N2',
      oopMaxSingle: '5,500.999',
    });
    expect(badAmount.status).toBe(400);
    expect((await post('setPlanSuccessor', { employerPK: 2, planPK: old.planPK, successorPlanPK: null })).status).toBe(
      200,
    );
    const flagged = (await plansOf(thisYear)).body.plans.find((p) => p.planPK === old.planPK)!;
    expect(flagged).toMatchObject({ successorPlanPK: null, mustChoose: true });
    expect((await plansOf(nextYear)).body.plans.find((p) => p.planPK === old.successorPlanPK)?.planName).toBe(
      'Harbor Choice PPO',
    );

    // A successor must be next year's plan of the same kind.
    const dentalNext = next.plans.find((p) => p.planType === 'Dental')!;
    const wrongKind = await post('setPlanSuccessor', {
      employerPK: 2,
      planPK: old.planPK,
      successorPlanPK: dentalNext.planPK,
    });
    expect(wrongKind.status).toBe(400);
    // This year's plans are not renamed once the year has begun.
    const begun = await post('savePlanDetails', {
      employerPK: 2,
      planPK: old.planPK,
      planName: 'X',
      planDescription: 'X',
      planCode: 'X',
      networkCode: 'X',
    });
    expect(begun.status).toBe(409);
  });

  it('sets the pay frequency, which the yearly figures follow', async () => {
    expect((await post('setPayFrequency', { employerPK: 2, payFrequencyPK: 4 })).status).toBe(200);
    expect((await get<PlanYears>('planYearList', { employerPK: 2 })).body.periodsPerYear).toBe(12);
    expect((await post('setPayFrequency', { employerPK: 2, payFrequencyPK: 9 })).status).toBe(400);
    await post('setPayFrequency', { employerPK: 2, payFrequencyPK: 2 });
  });

  it("refuses other roles and other groups' plans", async () => {
    expect((await get('planYearList', { employerPK: 2 }, 'hr@example.com')).status).toBe(403);
    expect((await get('planYearList', { employerPK: 3 })).status).toBe(403);
    const other = (
      await get<PlanYearPlans>('planYearPlans', { employerPK: 3, beginDate: thisYear }, 'operator@example.com')
    ).body.plans[0]!;
    // Group 2's administrator naming group 2 but a plan of group 3: not found, nothing changed.
    const res = await post('savePlanRates', {
      employerPK: 2,
      planPK: other.planPK,
      rates: [{ coverageOptionPK: other.rates[0]!.coverageOptionPK, employeeShare: '1', employerShare: '1' }],
    });
    expect(res.status).toBe(404);
    const unchanged = (
      await get<PlanYearPlans>('planYearPlans', { employerPK: 3, beginDate: thisYear }, 'operator@example.com')
    ).body.plans[0]!;
    expect(unchanged.rates).toEqual(other.rates);
  });
});
