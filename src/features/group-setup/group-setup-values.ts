import type { z } from 'zod';
import { type GroupSetupBody, type groupSetupBody, PLAN_TYPES, USUAL_TIERS } from '../../contracts/group-setup';

/** What the form holds (the schema's input) and what it sends (its output). */
export type GroupSetupValues = GroupSetupBody;
export type GroupSetupSent = z.output<typeof groupSetupBody>;
export type PlanValues = GroupSetupValues['plans'][number];
export type TierValues = GroupSetupValues['tiers'][number];
export type FirstAdminValues = NonNullable<GroupSetupValues['firstAdmin']>;

export const ID_PREFIX = 'group-setup';

export const blankDivision = (): GroupSetupValues['divisions'][number] => ({ locationCode: '', description: '' });

export const blankPlan = (): PlanValues => ({
  planType: 'Medical',
  planName: '',
  planDescription: '',
  planCode: '',
  networkCode: '',
  contractBeginDate: '',
  contractEndDate: '',
  divisions: [],
});

export const blankTier = (isMedical = true): TierValues => ({
  isMedical,
  name: '',
  tierCode: '',
  requiresDependents: false,
});

export const blankFirstAdmin = (): FirstAdminValues => ({ email: '', firstName: '', lastName: '' });

export const blankGroup = (): GroupSetupValues => ({
  employerName: '',
  employerID: '',
  taxID: '',
  groupEffectiveDate: '',
  mfaRequired: true,
  divisions: [blankDivision()],
  plans: [blankPlan()],
  tiers: [],
});

/**
 * The tiers with the usual four added for medical and dental, each coverage's only where its code is
 * not there yet; rows left blank are dropped.
 */
export function withUsualTiers(tiers: readonly TierValues[]): TierValues[] {
  const kept = tiers.filter((t) => t.name.trim() !== '' || t.tierCode.trim() !== '');
  const added = [true, false].flatMap((isMedical) =>
    USUAL_TIERS.filter((u) => !kept.some((t) => t.isMedical === isMedical && t.tierCode === u.tierCode)).map((u) => ({
      isMedical,
      ...u,
    })),
  );
  return [...kept, ...added];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const listOf = (value: unknown) => (Array.isArray(value) ? value.filter(isRecord) : []);

/** A workbook's group (unchecked, from the server) as form values; the form's rules then check it. */
export function valuesOfWorkbook(group: Record<string, unknown>): GroupSetupValues {
  const admin = isRecord(group.firstAdmin) ? group.firstAdmin : undefined;
  return {
    employerName: textOf(group.employerName),
    employerID: textOf(group.employerID),
    taxID: textOf(group.taxID),
    groupEffectiveDate: textOf(group.groupEffectiveDate),
    mfaRequired: typeof group.mfaRequired === 'boolean' ? group.mfaRequired : true,
    divisions: listOf(group.divisions).map((d) => ({
      locationCode: textOf(d.locationCode),
      description: textOf(d.description),
    })),
    plans: listOf(group.plans).map((p) => ({
      ...blankPlan(),
      // Not one of the types: left empty for the select, whose rule then asks for one.
      planType: PLAN_TYPES.find((t) => t === p.planType) as PlanValues['planType'],
      planName: textOf(p.planName),
      planDescription: textOf(p.planDescription),
      planCode: textOf(p.planCode),
      networkCode: textOf(p.networkCode),
      contractBeginDate: textOf(p.contractBeginDate),
      contractEndDate: textOf(p.contractEndDate),
      divisions: Array.isArray(p.divisions) ? p.divisions.map(textOf).filter(Boolean) : [],
    })),
    tiers: listOf(group.tiers).map((t) => ({
      isMedical: t.isMedical !== false,
      name: textOf(t.name),
      tierCode: textOf(t.tierCode),
      requiresDependents: t.requiresDependents === true,
    })),
    ...(admin
      ? {
          firstAdmin: {
            email: textOf(admin.email),
            firstName: textOf(admin.firstName),
            lastName: textOf(admin.lastName),
          },
        }
      : {}),
  };
}

/** Server paths are the form's own (`plans.0.contractEndDate`); the root has no field. */
export const formFieldOf = (path: string): string | undefined => (path && path !== '_' ? path : undefined);
