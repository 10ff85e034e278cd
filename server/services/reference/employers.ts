import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { PlanType } from '../../../src/contracts/employers';
import type { Db } from '../../db/client';
import { coverageOptions as tiers, divisions, employers, plans } from '../../db/schema';
import { notFound } from '../../lib/problem';

export async function employerDetails(db: Db, employerPK: number) {
  const [row] = await db.select().from(employers).where(eq(employers.employerPK, employerPK));
  if (!row) throw notFound('No such employer group.');
  return {
    employerPK: row.employerPK,
    employerName: row.employerName,
    employerID: row.employerID,
    employerLogo: row.employerLogo
      ? `data:${row.employerLogoMimeType ?? 'image/svg+xml'};base64,${row.employerLogo}`
      : '',
  };
}

export async function employerDivisions(db: Db, employerPK: number) {
  return db
    .select({ pk: divisions.divisionPK, locationCode: divisions.locationCode, description: divisions.description })
    .from(divisions)
    .where(eq(divisions.employerPK, employerPK))
    .orderBy(asc(divisions.locationCode));
}

/** Plans of the division whose contract overlaps the given year. */
export async function availablePlanList(
  db: Db,
  q: { employerPK: number; division: number; year: number; planType: PlanType },
) {
  return db
    .select({
      pk: plans.planPK,
      planName: plans.planName,
      planDescription: plans.planDescription,
      contractBeginDate: plans.contractBeginDate,
      contractEndDate: plans.contractEndDate,
    })
    .from(plans)
    .where(
      and(
        eq(plans.employerPK, q.employerPK),
        eq(plans.divisionPK, q.division),
        eq(plans.planType, q.planType),
        lte(plans.contractBeginDate, `${q.year}-12-31`),
        gte(plans.contractEndDate, `${q.year}-01-01`),
      ),
    )
    .orderBy(asc(plans.planName));
}

/** Tiers of a division; without dependents only the tiers a single member can hold. */
export async function coverageOptions(
  db: Db,
  q: { employerPK: number; isMedical: boolean; hasDependents: boolean; divisionId: number },
) {
  return db
    .select({ pk: tiers.coverageOptionPK, name: tiers.name })
    .from(tiers)
    .where(
      and(
        eq(tiers.employerPK, q.employerPK),
        eq(tiers.divisionPK, q.divisionId),
        eq(tiers.isMedical, q.isMedical),
        q.hasDependents ? undefined : eq(tiers.requiresDependents, false),
      ),
    )
    .orderBy(asc(tiers.sortOrder), asc(tiers.coverageOptionPK));
}
