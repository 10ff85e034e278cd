// Each group's structure: divisions, plans of the previous and current plan year, and coverage tiers.
import type { PlanType } from '../../../src/contracts/employers';
import { yearOf } from '../../lib/calendar';
import type { Db } from '../client';
import { coverageOptions, divisions, plans } from '../schema';
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
