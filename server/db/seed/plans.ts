// Each group's structure: divisions, plans of the previous and current plan year, and coverage tiers.
import type { PlanType } from '../../../src/contracts/employers';
import { yearOf } from '../../lib/calendar';
import type { Db } from '../client';
import { coverageOptions, divisions, planRates, plans } from '../schema';
import { PERIODS_PER_YEAR, centsText } from '../../../src/contracts/plan-years';
import {
  DENTAL_PLANS,
  FSA_PLANS,
  MEDICAL_PLANS,
  RELATIONSHIP,
  TIERS,
  type EmployerSeed,
  type PlanTemplate,
} from './data';
import { need } from './seed-rows';

export type Structure = {
  divisionPKs: number[];
  /** key: `${divisionPK}|${planType}|${templateIndex}|${year}` */
  plan: Map<string, number>;
  /** key: `${divisionPK}|${isMedical}|${tierCode}` */
  tier: Map<string, number>;
};

export const planKey = (divisionPK: number, type: PlanType, index: number, year: number) =>
  `${divisionPK}|${type}|${index}|${year}`;
export const tierKey = (divisionPK: number, isMedical: boolean, code: string) => `${divisionPK}|${isMedical}|${code}`;

/** Divisions, plans for the previous and current plan year (Jan 1 - Dec 31), and tiers. */
export async function insertStructure(db: Db, group: EmployerSeed, today: string): Promise<Structure> {
  const insertedDivisions = await db
    .insert(divisions)
    .values(group.divisions.map((d) => ({ employerPK: group.employerPK, ...d })))
    .returning({ divisionPK: divisions.divisionPK });
  const divisionPKs = insertedDivisions.map((d) => d.divisionPK);

  const year = yearOf(today);
  const menus: [PlanType, PlanTemplate[]][] = [
    ['Medical', MEDICAL_PLANS.slice(0, group.medical)],
    ['Dental', DENTAL_PLANS.slice(0, group.dental)],
    ['FSA', FSA_PLANS.slice(0, group.fsa)],
  ];
  const planRows: (typeof plans.$inferInsert)[] = [];
  const planKeys: string[] = [];
  for (const divisionPK of divisionPKs) {
    for (const planYear of [year - 1, year]) {
      for (const [planType, templates] of menus) {
        templates.forEach((t, index) => {
          planKeys.push(planKey(divisionPK, planType, index, planYear));
          planRows.push({
            employerPK: group.employerPK,
            divisionPK,
            planType,
            planName: t.name,
            planDescription: `${t.description} (plan year ${planYear})`,
            planCode: t.code,
            networkCode: t.network,
            oopMaxSingle: t.oopMax?.[0] ?? null,
            oopMaxFamily: t.oopMax?.[1] ?? null,
            contractBeginDate: `${planYear}-01-01`,
            contractEndDate: `${planYear}-12-31`,
          });
        });
      }
    }
  }
  const insertedPlans = await db.insert(plans).values(planRows).returning({ planPK: plans.planPK });
  const plan = new Map(insertedPlans.map((p, i) => [need(planKeys[i], 'plan key'), p.planPK]));

  const tierRows = divisionPKs.flatMap((divisionPK) =>
    [true, false].flatMap((isMedical) =>
      TIERS.map((t, i) => ({
        employerPK: group.employerPK,
        divisionPK,
        isMedical,
        name: t.name,
        tierCode: isMedical ? t.code : `D${t.code}`,
        requiresDependents: t.requiresDependents,
        sortOrder: i + 1,
      })),
    ),
  );
  const insertedTiers = await db.insert(coverageOptions).values(tierRows).returning({
    pk: coverageOptions.coverageOptionPK,
    divisionPK: coverageOptions.divisionPK,
    isMedical: coverageOptions.isMedical,
    tierCode: coverageOptions.tierCode,
  });
  const tier = new Map(
    insertedTiers.map((t) => [tierKey(t.divisionPK, t.isMedical, t.tierCode.replace(/^D/, '')), t.pk]),
  );
  const rateRows = planKeys.flatMap((key) => {
    const [division, type, index, planYear] = key.split('|');
    if (type === 'FSA') return [];
    return TIERS.map((t) => ({
      planPK: need(plan.get(key), 'plan'),
      coverageOptionPK: need(tier.get(tierKey(Number(division), type === 'Medical', t.code)), 'tier'),
      ...seedRate(type === 'Medical', Number(index), t.code, Number(planYear) < year),
    }));
  });
  if (rateRows.length > 0) await db.insert(planRates).values(rateRows);
  return { divisionPKs, plan, tier };
}

export function tierCodeFor(relationships: number[]): string {
  const partner = relationships.some((r) => r === RELATIONSHIP.spouse || r === RELATIONSHIP.domesticPartner);
  const children = relationships.some((r) => r === RELATIONSHIP.child);
  return need(
    TIERS.find((t) => t.partner === partner && t.children === children),
    'tier',
  ).code;
}

/** Monthly premium of a plan's tier relative to employee only. */
const TIER_FACTOR: Record<string, number> = { EE: 1, ES: 2.1, EC: 1.85, FAM: 3 };

/**
 * A plausible rate per bi-weekly pay period (the seeded groups' frequency): the richer plans cost more,
 * last year's were 6% lower, and the employer pays 80% of employee-only cover and 60% of the rest.
 */
function seedRate(isMedical: boolean, index: number, tierCode: string, lastYear: boolean) {
  const monthly =
    (isMedical ? 560 + 95 * index : 42 + 11 * index) * (TIER_FACTOR[tierCode] ?? 1) * (lastYear ? 0.94 : 1);
  const perPeriodCents = Math.round((monthly * 12 * 100) / need(PERIODS_PER_YEAR[2], 'periods'));
  const employerCents = Math.round(perPeriodCents * (tierCode === 'EE' ? 0.8 : 0.6));
  return { employeeShare: centsText(perPeriodCents - employerCents), employerShare: centsText(employerCents) };
}
