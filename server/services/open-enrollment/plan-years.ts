// Plan years and rates. A plan year is the span of a group's plan contracts (plans.contract_begin_date
// to contract_end_date); each plan row belongs to one year, so a rate per plan and tier is a rate per
// tier per plan year.
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  PERIODS_PER_YEAR,
  type PlanDetailsBody,
  type PlanYearPlans,
  type PlanYears,
  type SaveRatesBody,
} from '../../../src/contracts/plan-years';
import { addYears, localToday } from '../../lib/calendar';
import { badRequest, conflict, notFound } from '../../lib/problem';
import type { Db } from '../../db/client';
import { coverageOptions, divisions, employers, planDocuments, planRates, plans } from '../../db/schema';

const periodsOf = (payFrequencyPK: number) => PERIODS_PER_YEAR[payFrequencyPK] ?? 26;

async function groupSettingsOf(db: Db, employerPK: number) {
  const [row] = await db
    .select({ payFrequencyPK: employers.payFrequencyPK, membersSeeClaims: employers.membersSeeClaims })
    .from(employers)
    .where(eq(employers.employerPK, employerPK));
  if (!row) throw notFound('The employer group was not found.');
  return row;
}

export async function planYearList(db: Db, employerPK: number, today = localToday()): Promise<PlanYears> {
  const { payFrequencyPK, membersSeeClaims } = await groupSettingsOf(db, employerPK);
  const rows = await db
    .select({ beginDate: plans.contractBeginDate, endDate: plans.contractEndDate, planCount: count() })
    .from(plans)
    .where(eq(plans.employerPK, employerPK))
    .groupBy(plans.contractBeginDate, plans.contractEndDate)
    .orderBy(asc(plans.contractBeginDate));
  return {
    payFrequencyPK,
    membersSeeClaims,
    periodsPerYear: periodsOf(payFrequencyPK),
    years: rows.map((r) => ({ ...r, current: r.beginDate <= today && today <= r.endDate })),
  };
}

async function plansOfYear(db: Db, employerPK: number, beginDate: string) {
  return db
    .select({
      planPK: plans.planPK,
      divisionPK: plans.divisionPK,
      divisionName: divisions.description,
      planType: plans.planType,
      planName: plans.planName,
      planDescription: plans.planDescription,
      planCode: plans.planCode,
      networkCode: plans.networkCode,
      endDate: plans.contractEndDate,
      successorPlanPK: plans.successorPlanPK,
      oopMaxSingle: plans.oopMaxSingle,
      oopMaxFamily: plans.oopMaxFamily,
      // The SBC's name only: its bytes are read when it is downloaded.
      sbcFileName: planDocuments.fileName,
    })
    .from(plans)
    .innerJoin(divisions, eq(divisions.divisionPK, plans.divisionPK))
    .leftJoin(planDocuments, eq(planDocuments.planPK, plans.planPK))
    .where(and(eq(plans.employerPK, employerPK), eq(plans.contractBeginDate, beginDate)))
    .orderBy(asc(divisions.locationCode), asc(plans.planType), asc(plans.planName), asc(plans.planPK));
}

export async function planYearPlans(
  db: Db,
  employerPK: number,
  beginDate: string,
  today = localToday(),
): Promise<PlanYearPlans> {
  const { payFrequencyPK } = await groupSettingsOf(db, employerPK);
  const yearPlans = await plansOfYear(db, employerPK, beginDate);
  const first = yearPlans[0];
  if (!first) throw notFound('The group has no plans in that plan year.');
  const nextYear = await plansOfYear(db, employerPK, addYears(beginDate, 1));

  const tiers = await db
    .select({
      coverageOptionPK: coverageOptions.coverageOptionPK,
      divisionPK: coverageOptions.divisionPK,
      isMedical: coverageOptions.isMedical,
      tierName: coverageOptions.name,
    })
    .from(coverageOptions)
    .where(eq(coverageOptions.employerPK, employerPK))
    .orderBy(asc(coverageOptions.sortOrder), asc(coverageOptions.coverageOptionPK));
  const rates = await db
    .select()
    .from(planRates)
    .where(
      inArray(
        planRates.planPK,
        yearPlans.map((p) => p.planPK),
      ),
    );
  const rateOf = new Map(rates.map((r) => [`${r.planPK}|${r.coverageOptionPK}`, r]));

  return {
    beginDate,
    endDate: first.endDate,
    periodsPerYear: periodsOf(payFrequencyPK),
    editable: beginDate > today,
    plans: yearPlans.map(({ endDate: _end, ...p }) => ({
      ...p,
      mustChoose: nextYear.length > 0 && p.successorPlanPK === null,
      hasSbc: p.sbcFileName !== null,
      rates:
        p.planType === 'FSA'
          ? []
          : tiers
              .filter((t) => t.divisionPK === p.divisionPK && t.isMedical === (p.planType === 'Medical'))
              .map((t) => {
                const rate = rateOf.get(`${p.planPK}|${t.coverageOptionPK}`);
                return {
                  coverageOptionPK: t.coverageOptionPK,
                  tierName: t.tierName,
                  employeeShare: rate?.employeeShare ?? null,
                  employerShare: rate?.employerShare ?? null,
                };
              }),
    })),
    nextYearPlans: nextYear.map((p) => ({
      planPK: p.planPK,
      divisionPK: p.divisionPK,
      planType: p.planType,
      planName: p.planName,
    })),
  };
}

export async function planOfGroup(db: Db, employerPK: number, planPK: number) {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.planPK, planPK), eq(plans.employerPK, employerPK)));
  if (!plan) throw notFound('The plan was not found in this group.');
  return plan;
}

/** Sets a plan's rates for the tiers named; each tier must be one of the plan's division and kind. */
export async function savePlanRates(db: Db, employerPK: number, body: SaveRatesBody, today = localToday()) {
  const plan = await planOfGroup(db, employerPK, body.planPK);
  if (plan.planType === 'FSA') throw badRequest('An FSA plan has no rates: members elect an amount.');
  if (plan.contractEndDate < today) throw conflict('The plan year has ended; its rates are kept as they were.');
  const tierPKs = body.rates.map((r) => r.coverageOptionPK);
  if (new Set(tierPKs).size !== tierPKs.length) throw badRequest('Each tier once.');
  const tiers = await db
    .select({ pk: coverageOptions.coverageOptionPK })
    .from(coverageOptions)
    .where(
      and(
        inArray(coverageOptions.coverageOptionPK, tierPKs),
        eq(coverageOptions.divisionPK, plan.divisionPK),
        eq(coverageOptions.isMedical, plan.planType === 'Medical'),
      ),
    );
  if (tiers.length !== tierPKs.length) throw badRequest("A tier named is not one of this plan's tiers.");
  await db
    .insert(planRates)
    .values(body.rates.map((r) => ({ planPK: plan.planPK, ...r })))
    .onConflictDoUpdate({
      target: [planRates.planPK, planRates.coverageOptionPK],
      set: {
        employeeShare: sql`excluded.employee_share`,
        employerShare: sql`excluded.employer_share`,
      },
    });
  return { ok: true as const };
}

/**
 * Copies a plan year's plans and rates one year forward and records each old plan's successor. The
 * next year must not exist yet: copying twice would double the plans. Each plan's Summary of Benefits
 * and Coverage stays with its year: the new year needs its own (plan-documents.ts).
 */
export async function copyPlanYear(db: Db, employerPK: number, fromBeginDate: string) {
  return db.transaction(async (tx) => {
    // One copy at a time per group: the check below and the insert must not interleave.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('plan-year-copy'), ${employerPK})`);
    const source = await tx
      .select()
      .from(plans)
      .where(and(eq(plans.employerPK, employerPK), eq(plans.contractBeginDate, fromBeginDate)))
      .orderBy(asc(plans.planPK));
    const first = source[0];
    if (!first) throw notFound('The group has no plans in that plan year.');
    const beginDate = addYears(fromBeginDate, 1);
    const endDate = addYears(first.contractEndDate, 1);
    const [existing] = await tx
      .select({ n: count() })
      .from(plans)
      .where(and(eq(plans.employerPK, employerPK), eq(plans.contractBeginDate, beginDate)));
    if ((existing?.n ?? 0) > 0) throw conflict(`The plan year starting ${beginDate} already exists.`);
    const [later] = await tx
      .select({ n: count() })
      .from(plans)
      .where(and(eq(plans.employerPK, employerPK), gt(plans.contractBeginDate, fromBeginDate)));
    if ((later?.n ?? 0) > 0) throw conflict('Only the latest plan year can be copied forward.');

    const copies = await tx
      .insert(plans)
      .values(
        source.map(({ planPK: _pk, successorPlanPK: _s, ...p }) => ({
          ...p,
          contractBeginDate: beginDate,
          contractEndDate: endDate,
        })),
      )
      .returning({ planPK: plans.planPK });
    // Old and new plan pks pair by position (insert … returning keeps the order of the values).
    const fromPKs = `{${source.map((p) => p.planPK).join(',')}}`;
    const toPKs = `{${copies.map((p) => p.planPK).join(',')}}`;
    await tx.execute(sql`
      update plans set successor_plan_pk = m.to_pk
      from unnest(${fromPKs}::int[], ${toPKs}::int[]) as m(from_pk, to_pk)
      where plans.plan_pk = m.from_pk`);
    await tx.execute(sql`
      insert into plan_rates (plan_pk, coverage_option_pk, employee_share, employer_share)
      select m.to_pk, r.coverage_option_pk, r.employee_share, r.employer_share
      from plan_rates r
      join unnest(${fromPKs}::int[], ${toPKs}::int[]) as m(from_pk, to_pk) on m.from_pk = r.plan_pk`);
    return { beginDate, endDate, planCount: copies.length };
  });
}

/** Records which next-year plan a plan's members move to, or none (they must choose). */
export async function setPlanSuccessor(
  db: Db,
  employerPK: number,
  body: { planPK: number; successorPlanPK: number | null },
) {
  const plan = await planOfGroup(db, employerPK, body.planPK);
  if (body.successorPlanPK !== null) {
    const successor = await planOfGroup(db, employerPK, body.successorPlanPK);
    if (successor.contractBeginDate !== addYears(plan.contractBeginDate, 1))
      throw badRequest('The successor must be a plan of the next plan year.');
    if (successor.planType !== plan.planType || successor.divisionPK !== plan.divisionPK)
      throw badRequest('The successor must be a plan of the same kind and division.');
  }
  await db.update(plans).set({ successorPlanPK: body.successorPlanPK }).where(eq(plans.planPK, plan.planPK));
  return { ok: true as const };
}

/** Renames a plan of a year that has not begun (a new carrier, a new code). */
export async function savePlanDetails(db: Db, employerPK: number, body: PlanDetailsBody, today = localToday()) {
  const plan = await planOfGroup(db, employerPK, body.planPK);
  if (plan.contractBeginDate <= today)
    throw conflict('The plan year has begun: its plans are kept as members were enrolled in them.');
  const { planName, planDescription, planCode, networkCode } = body;
  await db
    .update(plans)
    .set({
      planName,
      planDescription,
      planCode,
      networkCode,
      ...(body.oopMaxSingle === undefined ? {} : { oopMaxSingle: body.oopMaxSingle || null }),
      ...(body.oopMaxFamily === undefined ? {} : { oopMaxFamily: body.oopMaxFamily || null }),
    })
    .where(eq(plans.planPK, plan.planPK));
  return { ok: true as const };
}

export async function setPayFrequency(db: Db, employerPK: number, payFrequencyPK: number) {
  await db.update(employers).set({ payFrequencyPK }).where(eq(employers.employerPK, employerPK));
  return { ok: true as const };
}

/** The group's "Members see their own claims": whether My Benefits lists a member's claims. */
export async function setMembersSeeClaims(db: Db, employerPK: number, membersSeeClaims: boolean) {
  await db.update(employers).set({ membersSeeClaims }).where(eq(employers.employerPK, employerPK));
  return { ok: true as const };
}
