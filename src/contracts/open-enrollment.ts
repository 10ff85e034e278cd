import { z } from 'zod';
import { id, isoDate, pk, text } from './common';
import { existingDependentForm } from './dependents';
import { RELATIONSHIP_MESSAGE, fsaElectionInput } from './enrollment';
import { OFFERED_RELATIONSHIP_PKS } from './lookups';

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

/** Dependents a member may add in one submission. */
export const NEW_DEPENDENTS_MAX = 4;
/** FSA plans a member may elect in one submission (a health care and a dependent care one, and some). */
export const FSA_ELECTIONS_MAX = 4;
/** Dependents a member may remove from next year's coverage in one submission. */
export const REMOVED_DEPENDENTS_MAX = 20;

const distinct = (list: readonly number[]) => new Set(list).size === list.length;
/**
 * FSA elections for next year: plan and annual amount, with the wizard's amount rule. FSA never rolls
 * over: a member who elects none has no FSA next year.
 */
const fsaElectionList = z
  .array(fsaElectionInput)
  .max(FSA_ELECTIONS_MAX)
  .refine((list) => distinct(list.map((e) => e.pk)), 'One election per FSA plan.');

/**
 * A dependent the member adds for next year: a newborn, a new spouse. No SSN (a newborn has none for
 * weeks); HR adds it to the record later.
 */
export const electionDependent = existingDependentForm
  .pick({ firstName: true, lastName: true, dateOfBirth: true, relationshipPK: true, genderPK: true })
  .refine((d) => (OFFERED_RELATIONSHIP_PKS as readonly number[]).includes(d.relationshipPK), {
    path: ['relationshipPK'],
    message: RELATIONSHIP_MESSAGE,
  });
export type ElectionDependent = z.infer<typeof electionDependent>;

/**
 * What an election row says: the member's own keep / change / waive, or what closing the window wrote
 * for a coverage the member never elected: `rollover` (today's plan's successor, same tier) or `lapse`
 * (the group waives non-starters, or today's plan has no successor).
 */
export const ELECTION_ACTIONS = ['keep', 'change', 'waive', 'rollover', 'lapse'] as const;
export type ElectionAction = (typeof ELECTION_ACTIONS)[number];

/** The payload of an `OpenEnrollment` request: the elections that take effect at the plan-year start. */
export const openEnrollmentPayload = z
  .object({
    planYearBegin: isoDate,
    /** Dependents the member added, created when the request is applied and covered as the tier allows. */
    newDependents: z.array(electionDependent).default([]),
    elections: z.array(
      z.object({
        planType: z.enum(ELECTION_TYPES),
        action: z.enum(ELECTION_ACTIONS),
        planPK: z.number().int().nullable(),
        coverageOptionPK: z.number().int().nullable(),
        waiveReason: z.string().nullable(),
      }),
    ),
    /** FSA plans and annual amounts elected for the plan year (written to `fsa_elections`). */
    FSAElections: z.array(fsaElectionInput).default([]),
    /** Dependents not covered from the plan year: their record ends the day before it. */
    removeDependentPKs: z.array(z.number().int()).default([]),
  })
  .refine((p) => p.elections.length > 0 || p.FSAElections.length > 0 || p.removeDependentPKs.length > 0, {
    path: ['elections'],
    message: 'The request elects nothing.',
  });
export type OpenEnrollmentPayload = z.infer<typeof openEnrollmentPayload>;

/** What closing a window did, added up batch by batch. */
export const closingSummary = z.object({
  /** Members the close has gone through. */
  members: z.number().int(),
  /** Members who submitted. */
  elected: z.number().int(),
  /** Members whose coverage rolled over without action. */
  rolledOver: z.number().int(),
  /** Members whose coverage ends because they never started and the group waives them. */
  lapsed: z.number().int(),
  /** Members who never started and whose plan has no successor: not rolled over, they must choose. */
  flagged: z.number().int(),
  /** Requests made, one per member with a change at the plan-year start. */
  requests: z.number().int(),
});
export type ClosingSummary = z.infer<typeof closingSummary>;

export const closeWindowBody = z.object({ employerPK: id });
export const closeWindowAnswer = z.object({
  /** True once every member is through; until then the caller calls again to go on. */
  closed: z.boolean(),
  summary: closingSummary,
  /** Active members of the group, for the progress bar. */
  members: z.number().int(),
});
export type CloseWindowAnswer = z.infer<typeof closeWindowAnswer>;

export const approveWindowRequestsBody = z.object({ employerPK: id, windowPK: id });
export const approveWindowRequestsAnswer = z.object({
  approved: z.number().int(),
  /** Requests of the window still waiting for HR, counted up to a cap. */
  remaining: z.number().int(),
});

/** What happens at close to members who never started: their plans roll over, or they are waived. */
export const UNSTARTED_CHOICES = ['rollover', 'waive'] as const;

export const OPEN_ENROLLMENT_MESSAGES = {
  endBeforeStart: 'The window must end on or after its start.',
  planYearBeforeEnd: 'The plan year must start after the window ends.',
  waiveReason: 'Choose why you waive this coverage.',
  planRequired: 'Choose a plan.',
  tierRequired: 'Choose who is covered.',
  newDependentTier: 'Choose a tier that covers your new dependents, or remove them.',
  fsaPlan: "Choose one of next year's FSA plans.",
  removeDependent: 'Choose among your current dependents.',
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
  /** Today is within the window and closing has not begun. */
  open: z.boolean(),
  /** HR has begun closing it (a close that stopped half way goes on with the next call). */
  closing: z.boolean(),
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
    /** Opened their enrollment screen in the window, not submitted yet. */
    inProgress: z.number().int(),
    notStarted: z.number().int(),
  }),
  /** Plans of the current year whose members must choose: no successor next year. */
  mustChoosePlans: z.array(z.string()),
  /** The group's last closed window: what closing did and how many of its requests await HR. */
  closed: z
    .object({
      windowPK: z.number().int(),
      planYearBegin: isoDate,
      closedAt: z.string(),
      summary: closingSummary,
      awaiting: z.number().int(),
      awaitingCapped: z.boolean(),
    })
    .nullable(),
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
  /** A year's premiums plus the plan's out-of-pocket maximum for the tier; null when either is unknown. */
  worstCasePerYear: z.string().nullable(),
  /**
   * The plan's Summary of Benefits and Coverage, when it has one (its PDF: `planSbcPdf`). Added to the
   * answer by the SBC lookup after the options are priced, hence optional in the shape.
   */
  hasSbc: z.boolean().optional(),
  sbcFileName: z.string().nullable().optional(),
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
  tiers: z.array(
    z.object({
      coverageOptionPK: z.number().int(),
      tierName: z.string(),
      /** The tier covers dependents (not the employee alone). */
      coversDependents: z.boolean(),
    }),
  ),
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
  /** Dependents added with the last submission. */
  newDependents: z.array(electionDependent),
  /** Next year's FSA plans of the member's division, and the member's FSA elections of the last submission. */
  fsaPlans: z.array(z.object({ planPK: z.number().int(), planName: z.string() })),
  fsaElections: z.array(z.object({ pk: z.number().int(), amount: z.string() })),
  /** The member's current dependents, who may be removed from next year's coverage. */
  dependents: z.array(z.object({ dependentPK: z.number().int(), name: z.string(), relationship: z.string() })),
  /** Dependents removed with the last submission. */
  removeDependentPKs: z.array(z.number().int()),
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
  newDependents: z.array(electionDependent).max(NEW_DEPENDENTS_MAX).default([]),
  FSAElections: fsaElectionList.default([]),
  removeDependentPKs: z
    .array(id)
    .max(REMOVED_DEPENDENTS_MAX)
    .refine(distinct, 'Remove each dependent once.')
    .default([]),
});
export type SubmitElectionsBody = z.input<typeof submitElectionsBody>;

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

// ---- HR's list of where each member stands in the group's window (open, or else the last closed) ----

/**
 * A member's status in the window, from their election rows: any keep or change is submitted; only
 * waives is waived; rows written at close roll plans over ('rollover') or leave the member without
 * coverage ('lapse', not elected); no rows yet is in progress once the member opened their enrollment
 * screen in the window, else not started.
 */
export const ENROLLMENT_STATUSES = [
  'submitted',
  'waived',
  'rolledOver',
  'inProgress',
  'notStarted',
  'notElected',
] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = {
  submitted: 'Submitted',
  waived: 'Waived',
  rolledOver: 'Rolled over',
  inProgress: 'In progress',
  notStarted: 'Not started',
  notElected: 'Not elected',
};

export const ENROLLMENT_STATUS_PAGE_SIZE = 25;
export const ENROLLMENT_STATUS_MAX_PAGE_SIZE = 100;
export const ENROLLMENT_STATUS_NAME_MAX = 50;
export const ENROLLMENT_STATUS_FILE_NAME = 'enrollment-status.csv';

/** The list's filters: one status (all when absent) and the start of the last name. */
export const enrollmentStatusFilters = z.object({
  employerPK: pk,
  status: z.enum(ENROLLMENT_STATUSES).optional(),
  lastName: text(ENROLLMENT_STATUS_NAME_MAX).optional(),
});
export type EnrollmentStatusFilters = z.input<typeof enrollmentStatusFilters>;

/** A page: the members after `after` (a subscriberPK, the last row of the page before), in key order. */
export const enrollmentStatusQuery = enrollmentStatusFilters.extend({
  after: pk.optional(),
  recordsPerPage: z.coerce
    .number()
    .int()
    .min(1)
    .max(ENROLLMENT_STATUS_MAX_PAGE_SIZE)
    .default(ENROLLMENT_STATUS_PAGE_SIZE),
});
export type EnrollmentStatusQuery = z.input<typeof enrollmentStatusQuery>;

const electionChoice = z.object({
  action: z.enum(ELECTION_ACTIONS),
  planName: z.string().nullable(),
  waiveReason: z.string().nullable(),
});
export type ElectionChoice = z.infer<typeof electionChoice>;

const enrollmentStatusRow = z.object({
  subscriberPK: z.number().int(),
  subscriberID: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  status: z.enum(ENROLLMENT_STATUSES),
  /** When the member last submitted; null when they have not (rows written at close included). */
  submittedAt: z.string().nullable(),
  medical: electionChoice.nullable(),
  dental: electionChoice.nullable(),
});
export type EnrollmentStatusRow = z.infer<typeof enrollmentStatusRow>;

export const enrollmentStatusList = z.object({
  /** The window the statuses are of: the one not closed yet, or else the last closed one; null for none. */
  windowPK: z.number().int().nullable(),
  list: z.array(enrollmentStatusRow),
  /** The `after` of the next page; null on the last page. */
  nextAfter: z.number().int().nullable(),
});
export type EnrollmentStatusList = z.infer<typeof enrollmentStatusList>;

/** A choice in words, as the list and its CSV show it: "Keep", "Change: <plan>", "Waive: <reason>"… */
export function electionChoiceText(choice: ElectionChoice | null): string {
  if (!choice) return '';
  const named = (word: string, detail: string | null) => (detail ? `${word}: ${detail}` : word);
  switch (choice.action) {
    case 'keep':
      return 'Keep';
    case 'change':
      return named('Change', choice.planName);
    case 'waive':
      return named('Waive', choice.waiveReason);
    case 'rollover':
      return named('Rolled over', choice.planName);
    case 'lapse':
      return 'Lapsed';
  }
}

/** HR's view of a member's confirmation statements: every submission, newest first. */
export const memberStatementsQuery = z.object({ subscriberPK: pk });
export const memberStatements = z.array(
  z.object({ statementPK: z.number().int(), planYearBegin: isoDate, submittedAt: z.string() }),
);
export type MemberStatements = z.infer<typeof memberStatements>;
export const memberStatementQuery = z.object({ subscriberPK: pk, statementPK: pk });
