import { z } from 'zod';
import { id, isoDate, pk, text } from './common';

// Plan years and rates: what each plan costs per pay period for each tier, and how a year's plans
// carry into the next (copy forward, successor of each plan).

/** Pay periods in a year for each `payFrequency` lookup pk; the rates are per pay period. */
export const PERIODS_PER_YEAR: Readonly<Record<number, number>> = { 1: 52, 2: 26, 3: 24, 4: 12, 5: 1 };
export const PAY_FREQUENCY_PKS = [1, 2, 3, 4, 5] as const;

/** A share of a rate per pay period, in dollars: up to 999,999.99, at most two decimals. */
export const RATE_PATTERN = /^\d{1,6}(\.\d{1,2})?$/;
export const RATE_MESSAGE = 'Enter an amount in dollars, like 123.45.';
/** What a rate field lets you type (spaces around the amount included). */
export const RATE_TEXT_MAX = 12;
export const rateAmount = text(RATE_TEXT_MAX, RATE_MESSAGE).trim().regex(RATE_PATTERN, RATE_MESSAGE);

/** Money as whole cents, so sums and yearly figures stay exact: '123.4' → 12340. */
export function toCents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** Cents back to the decimal text the API carries: 12340 → '123.40'. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const planYearsQuery = z.object({ employerPK: pk });

const planYearSummary = z.object({
  beginDate: isoDate,
  endDate: isoDate,
  planCount: z.number().int(),
  /** The year today falls in. */
  current: z.boolean(),
});

export const planYears = z.object({
  payFrequencyPK: z.number().int(),
  /** "Members see their own claims" on My Benefits. */
  membersSeeClaims: z.boolean(),
  periodsPerYear: z.number().int(),
  years: z.array(planYearSummary),
});
export type PlanYears = z.infer<typeof planYears>;

export const planYearQuery = z.object({ employerPK: pk, beginDate: isoDate });

const planRate = z.object({
  coverageOptionPK: z.number().int(),
  tierName: z.string(),
  /** Null while the administrator has not set the tier's rate. */
  employeeShare: z.string().nullable(),
  employerShare: z.string().nullable(),
});
export type PlanRate = z.infer<typeof planRate>;

const planYearPlan = z.object({
  planPK: z.number().int(),
  divisionPK: z.number().int(),
  divisionName: z.string(),
  planType: z.enum(['Medical', 'Dental', 'FSA']),
  planName: z.string(),
  planDescription: z.string(),
  planCode: z.string(),
  networkCode: z.string(),
  /** The next year's plan its members move to; null when there is none (or no next year yet). */
  successorPlanPK: z.number().int().nullable(),
  /** Out-of-pocket maximum per year, alone and as a family; null when not known. */
  oopMaxSingle: z.string().nullable(),
  oopMaxFamily: z.string().nullable(),
  /** The next year exists and this plan has no successor: its members must choose at open enrollment. */
  mustChoose: z.boolean(),
  /** FSA plans have no rates (an FSA is an election amount). */
  rates: z.array(planRate),
  /** The plan has a Summary of Benefits and Coverage, and its file name (null when it has none). */
  hasSbc: z.boolean(),
  sbcFileName: z.string().nullable(),
});
export type PlanYearPlan = z.infer<typeof planYearPlan>;

export const planYearPlans = z.object({
  beginDate: isoDate,
  endDate: isoDate,
  periodsPerYear: z.number().int(),
  /** The year has not begun: its plans may still be renamed. */
  editable: z.boolean(),
  plans: z.array(planYearPlan),
  /** Plans of the next year, to choose a successor from (empty when that year does not exist). */
  nextYearPlans: z.array(
    z.object({ planPK: z.number().int(), divisionPK: z.number().int(), planType: z.string(), planName: z.string() }),
  ),
});
export type PlanYearPlans = z.infer<typeof planYearPlans>;

export const saveRatesBody = z.object({
  employerPK: id,
  planPK: id,
  rates: z
    .array(z.object({ coverageOptionPK: id, employeeShare: rateAmount, employerShare: rateAmount }))
    .min(1)
    .max(20),
});
export type SaveRatesBody = z.infer<typeof saveRatesBody>;

export const copyPlanYearBody = z.object({ employerPK: id, fromBeginDate: isoDate });
export const copyPlanYearAnswer = z.object({ beginDate: isoDate, endDate: isoDate, planCount: z.number().int() });

export const planSuccessorBody = z.object({ employerPK: id, planPK: id, successorPlanPK: id.nullable() });

/** Longest plan name, description and codes, as the form and the schema allow them. */
export const PLAN_TEXT_LIMITS = { planName: 100, planDescription: 200, planCode: 20, networkCode: 20 } as const;
const required = (label: string, max: number) =>
  text(max, `${label} is at most ${max} characters.`).trim().min(1, `${label} is required.`);

/** A plan of a year that has not begun, renamed for the new year (a new carrier, a new code). */
export const planDetailsBody = z.object({
  employerPK: id,
  planPK: id,
  planName: required('Plan name', PLAN_TEXT_LIMITS.planName),
  planDescription: required('Description', PLAN_TEXT_LIMITS.planDescription),
  planCode: required('Plan code', PLAN_TEXT_LIMITS.planCode),
  networkCode: required('Network code', PLAN_TEXT_LIMITS.networkCode),
  /** Blank when not known (the plan comparison then shows no worst case); left out, unchanged. */
  oopMaxSingle: rateAmount.or(z.literal('')).optional(),
  oopMaxFamily: rateAmount.or(z.literal('')).optional(),
});
export type PlanDetailsBody = z.infer<typeof planDetailsBody>;

export const payFrequencyBody = z.object({
  employerPK: id,
  payFrequencyPK: id.refine((v) => v in PERIODS_PER_YEAR, 'Choose a pay frequency.'),
});

export const membersSeeClaimsBody = z.object({ employerPK: id, membersSeeClaims: z.boolean() });

/** A plan's Summary of Benefits and Coverage: one PDF per plan, at most 10 MB. */
export const SBC_MAX_BYTES = 10 * 1024 * 1024;
export const SBC_MESSAGES = {
  empty: 'The file is empty. Choose the PDF of the Summary of Benefits and Coverage.',
  notPdf: 'The Summary of Benefits and Coverage must be a PDF file (its content is not a PDF).',
  tooLarge: 'The Summary of Benefits and Coverage must be at most 10 MB.',
  ended: 'The plan year has ended: its Summary of Benefits and Coverage is kept as members saw it.',
  missing: 'This plan has no Summary of Benefits and Coverage.',
} as const;

/** The upload's other inputs ride in the query: its body is the PDF's bytes. */
export const planSbcUploadQuery = z.object({
  employerPK: pk,
  planPK: pk,
  fileName: text(255).trim().min(1, 'Name the file.'),
});
export const planSbcQuery = z.object({ employerPK: pk, planPK: pk });
export const removePlanSbcBody = z.object({ employerPK: id, planPK: id });
export const planSbcAnswer = z.object({
  planPK: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type PlanSbcAnswer = z.infer<typeof planSbcAnswer>;
