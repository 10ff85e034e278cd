import { z } from 'zod';
import { flag, isoDate, pk } from './common';

export const employerQuery = z.object({ employerPK: pk });

export const employerDetails = z.object({
  employerPK: z.number().int(),
  employerName: z.string(),
  employerID: z.string(),
  /** Data URL of the group's logo (base64). */
  employerLogo: z.string(),
});
export type EmployerDetails = z.infer<typeof employerDetails>;

export const division = z.object({
  pk: z.number().int(),
  locationCode: z.string(),
  description: z.string(),
});
export type Division = z.infer<typeof division>;

const PLAN_TYPES = ['Medical', 'Dental', 'FSA'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const plan = z.object({
  pk: z.number().int(),
  planName: z.string(),
  planDescription: z.string(),
  contractBeginDate: isoDate,
  contractEndDate: isoDate,
});
export type Plan = z.infer<typeof plan>;

export const availablePlanQuery = z.object({
  employerPK: pk,
  division: pk,
  year: z.coerce.number().int().min(1900).max(2999),
  planType: z.enum(PLAN_TYPES),
});

/** Coverage option (tier). */
export const coverageOption = z.object({ pk: z.number().int(), name: z.string() });

export const coverageOptionsQuery = z.object({
  employerPK: pk,
  isMedical: flag,
  hasDependents: flag,
  divisionId: pk,
});
