import { z } from 'zod';
import { id, isoDate, pk } from './common';

// Open enrollment: a window in which members elect next year's medical and dental coverage.

export const ELECTION_TYPES = ['Medical', 'Dental'] as const;
export type ElectionType = (typeof ELECTION_TYPES)[number];

/** Reasons a member may give for waiving a coverage; carriers check participation from them. */
export const WAIVE_REASONS = [
  "Covered by a spouse's plan",
  "Covered by another employer's plan",
  'Individual plan',
  'Medicare',
  'Medicaid or CHIP',
  'Tricare',
  'Other',
] as const;

/** What happens at close to members who never started: their plans roll over, or they are waived. */
export const UNSTARTED_CHOICES = ['rollover', 'waive'] as const;

export const OPEN_ENROLLMENT_MESSAGES = {
  endBeforeStart: 'The window must end on or after its start.',
  planYearBeforeEnd: 'The plan year must start after the window ends.',
  waiveReason: 'Choose why you waive this coverage.',
  planRequired: 'Choose a plan.',
  tierRequired: 'Choose who is covered.',
} as const;

export const openWindowBody = z
  .object({
    employerPK: id,
    startsOn: isoDate,
    endsOn: isoDate,
    planYearBegin: isoDate,
    unstartedChoice: z.enum(UNSTARTED_CHOICES),
  })
  .refine((b) => b.endsOn >= b.startsOn, { path: ['endsOn'], message: OPEN_ENROLLMENT_MESSAGES.endBeforeStart })
  .refine((b) => b.planYearBegin > b.endsOn, {
    path: ['planYearBegin'],
    message: OPEN_ENROLLMENT_MESSAGES.planYearBeforeEnd,
  });
export type OpenWindowBody = z.infer<typeof openWindowBody>;

export const windowQuery = z.object({ employerPK: pk });

const enrollmentWindow = z.object({
  windowPK: z.number().int(),
  startsOn: isoDate,
  endsOn: isoDate,
  planYearBegin: isoDate,
  unstartedChoice: z.enum(UNSTARTED_CHOICES),
  /** Today is within the window. */
  open: z.boolean(),
});
export type EnrollmentWindow = z.infer<typeof enrollmentWindow>;

/** HR's view: the group's current window and where its members stand. */
export const windowProgress = z.object({
  window: enrollmentWindow.nullable(),
  counts: z.object({
    /** Active subscribers of the group. */
    members: z.number().int(),
    submitted: z.number().int(),
    /** Submitted, waiving every coverage. */
    waived: z.number().int(),
    notStarted: z.number().int(),
  }),
  /** Plans of the current year whose members must choose: no successor next year. */
  mustChoosePlans: z.array(z.string()),
});
export type WindowProgress = z.infer<typeof windowProgress>;

const planOption = z.object({
  planPK: z.number().int(),
  planName: z.string(),
  /** Per pay period for the tier shown; null when the plan has no rate for it. */
  employeeShare: z.string().nullable(),
  /** Per year, and the difference per year from what the member pays today (negative: cheaper). */
  perYear: z.string().nullable(),
  differencePerYear: z.string().nullable(),
});
export type PlanOption = z.infer<typeof planOption>;

const coverageChoice = z.object({
  planType: z.enum(ELECTION_TYPES),
  /** Today's plan and tier, and what the member pays per pay period; null when not covered. */
  current: z.object({ planName: z.string(), tierName: z.string(), employeeShare: z.string().nullable() }).nullable(),
  /** The plan "keep" means: today's plan's successor; null when there is none (they must choose). */
  keepPlanPK: z.number().int().nullable(),
  /** The tier the member's family implies, whose costs the options show. */
  tier: z.object({ coverageOptionPK: z.number().int(), tierName: z.string() }),
  tiers: z.array(z.object({ coverageOptionPK: z.number().int(), tierName: z.string() })),
  options: z.array(planOption),
  /** The member's submitted election, if any. */
  election: z
    .object({
      action: z.enum(['keep', 'change', 'waive']),
      planPK: z.number().int().nullable(),
      coverageOptionPK: z.number().int().nullable(),
      waiveReason: z.string().nullable(),
    })
    .nullable(),
});
export type CoverageChoice = z.infer<typeof coverageChoice>;

export const myEnrollment = z.object({
  subscriberPK: z.number().int(),
  window: enrollmentWindow.nullable(),
  periodsPerYear: z.number().int(),
  choices: z.array(coverageChoice),
  submittedAt: z.string().nullable(),
});
export type MyEnrollment = z.infer<typeof myEnrollment>;

const election = z
  .object({
    planType: z.enum(ELECTION_TYPES),
    action: z.enum(['keep', 'change', 'waive']),
    planPK: id.nullable(),
    coverageOptionPK: id.nullable(),
    waiveReason: z.enum(WAIVE_REASONS).nullable(),
  })
  .refine((e) => e.action !== 'waive' || e.waiveReason !== null, {
    path: ['waiveReason'],
    message: OPEN_ENROLLMENT_MESSAGES.waiveReason,
  })
  .refine((e) => e.action !== 'change' || e.planPK !== null, {
    path: ['planPK'],
    message: OPEN_ENROLLMENT_MESSAGES.planRequired,
  })
  .refine((e) => e.action === 'waive' || e.coverageOptionPK !== null, {
    path: ['coverageOptionPK'],
    message: OPEN_ENROLLMENT_MESSAGES.tierRequired,
  });
export type Election = z.infer<typeof election>;

export const submitElectionsBody = z.object({
  employerPK: id,
  elections: z
    .array(election)
    .min(1)
    .max(ELECTION_TYPES.length)
    .refine((list) => new Set(list.map((e) => e.planType)).size === list.length, 'One election per coverage.'),
});
export type SubmitElectionsBody = z.infer<typeof submitElectionsBody>;

export const submitElectionsAnswer = z.object({ subscriberPK: z.number().int(), submittedAt: z.string() });

/** HR invites the group's employees who have an e-mail and no account: the next batch, or one of them. */
export const inviteEmployeesBody = z.object({ employerPK: id, subscriberPK: id.optional() });
export const inviteEmployeesAnswer = z.object({
  invited: z.number().int(),
  /** The employees invited by this call (named so the call is audited against them). */
  subscriberPKs: z.array(z.number().int()),
  /** Employees still without an account, counted up to a cap (`remainingCapped`: more than that). */
  remaining: z.number().int(),
  remainingCapped: z.boolean(),
});
export type InviteEmployeesAnswer = z.infer<typeof inviteEmployeesAnswer>;

export const remindMembersBody = z.object({ employerPK: id });
export const remindMembersAnswer = z.object({
  reminded: z.number().int(),
  subscriberPKs: z.array(z.number().int()),
  /** Members with an account still to remind today, counted up to a cap. */
  remaining: z.number().int(),
  remainingCapped: z.boolean(),
});
export type RemindMembersAnswer = z.infer<typeof remindMembersAnswer>;
