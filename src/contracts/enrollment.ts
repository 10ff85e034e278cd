import { z } from 'zod';
import { id, isoDate, pk, ssnLast4, text } from './common';
import { existingDependentForm, newDependentForm } from './dependents';
import { OFFERED_RELATIONSHIP_PKS } from './lookups';
import { LIMITS } from './person-rules';
import { FSA_AMOUNT_PATTERN, PLAN_MESSAGES } from './plans';
import { existingSubscriberForm, newSubscriberForm, storedSsnSubscriberForm } from './subscribers';

// The four steps of the enrollment wizard (spec 1 §2, §4, §5). The forms validate one step each;
// the server validates every step the saved request has reached with the same schemas.

export const WIZARD_STEPS = [
  { step: 1, path: '/enroll-subscriber/personal-information', title: 'Personal Information' },
  { step: 2, path: '/enroll-subscriber/employment-information', title: 'Employment Information' },
  { step: 3, path: '/enroll-subscriber/dependent-information', title: 'Dependent Information' },
  { step: 4, path: '/enroll-subscriber/choose-a-plan', title: 'Choose a Plan' },
] as const;

export const FSA_MESSAGES = {
  amount: 'Enter an amount such as 1,250.00.',
  duplicate: 'This FSA plan has already been added.',
  incomplete: 'Choose an FSA plan and enter an amount before adding it.',
  none: 'Add at least one FSA election, or answer No.',
  limit: 'Enter an amount of at most 9,999,999,999.99.',
} as const;

export const RELATIONSHIP_MESSAGE = 'Relationship must be Spouse, Child or Domestic Partner.';

const optionalDate = (message: string) => z.iso.date({ message }).or(z.literal('')).optional();

/** Step 2. Dates must be valid dates if given (spec 1 §5). */
export const employmentStep = z.object({
  dateOfHire: optionalDate('Date of hire must be a valid date.'),
  effectiveDate: optionalDate('Effective date must be a valid date.'),
  occupation: text(50, 'Max 50 characters allowable.').optional(),
  jobTitle: text(50, 'Max 50 characters allowable.').optional(),
  payRate: z.number().nonnegative('Pay rate cannot be negative.').max(10_000_000).optional(),
  payRateFrequencyID: id.optional(),
  isCoveredByMedicare: z.boolean().optional(),
  addReasonPK: id.optional(),
});

const offeredRelationship = (d: { relationshipPK?: number }) =>
  (OFFERED_RELATIONSHIP_PKS as readonly number[]).includes(d.relationshipPK ?? 0);

/** A dependent of a new enrollment: SSN required, relationship one of the offered three. */
export const wizardDependent = newDependentForm.refine(offeredRelationship, {
  message: RELATIONSHIP_MESSAGE,
  path: ['relationshipPK'],
});
/** A dependent of an existing member (change coverage): SSN optional. */
export const wizardExistingDependent = existingDependentForm.refine(offeredRelationship, {
  message: RELATIONSHIP_MESSAGE,
  path: ['relationshipPK'],
});

/** Longest FSA amount text: '9,999,999,999.99' and then some. */
const FSA_AMOUNT_MAX = 20;

/** The largest annual FSA amount an election may hold (what `fsa_elections.election_amount` stores). */
export const FSA_AMOUNT_LIMIT = 9_999_999_999.99;

/** An FSA amount as typed ('1,250.00'): the wizard's and open enrollment's one rule. */
export const fsaAmount = z
  .string()
  .max(FSA_AMOUNT_MAX, FSA_MESSAGES.amount)
  .regex(FSA_AMOUNT_PATTERN, FSA_MESSAGES.amount)
  .refine((amount) => Number(amount.replace(/,/g, '')) <= FSA_AMOUNT_LIMIT, FSA_MESSAGES.limit);

export const fsaElectionInput = z.object({ pk: id, amount: fsaAmount });

const positive = (v: unknown): v is number => typeof v === 'number' && v > 0;

/**
 * Step 4. Fields are loose so that every message appears at once (spec 1 §5 "all errors listed
 * together"); the rules live in the refinement.
 */
export const planStep = z
  .object({
    divisions: z.number().int().nullish(),
    isMedicalCoverage: z.boolean().nullish(),
    employerPlanPK: z.number().int().nullish(),
    medicalTierPK: z.number().int().nullish(),
    isDentalCoverage: z.boolean().nullish(),
    employerDentalPlanPK: z.number().int().nullish(),
    dentalTierPK: z.number().int().nullish(),
    isFSA: z.boolean().nullish(),
    FSAElections: z.array(fsaElectionInput).default([]),
    groupEffectiveDate: isoDate.or(z.literal('')).nullish(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!positive(v.divisions)) issue('divisions', PLAN_MESSAGES.division);
    if (typeof v.isMedicalCoverage !== 'boolean') issue('isMedicalCoverage', PLAN_MESSAGES.medicalAnswer);
    if (v.isMedicalCoverage) {
      if (!positive(v.employerPlanPK)) issue('employerPlanPK', PLAN_MESSAGES.medicalPlan);
      if (!positive(v.medicalTierPK)) issue('medicalTierPK', PLAN_MESSAGES.medicalTier);
    }
    if (typeof v.isDentalCoverage !== 'boolean') issue('isDentalCoverage', PLAN_MESSAGES.dentalAnswer);
    if (v.isDentalCoverage) {
      if (!positive(v.employerDentalPlanPK)) issue('employerDentalPlanPK', PLAN_MESSAGES.dentalPlan);
      if (!positive(v.dentalTierPK)) issue('dentalTierPK', PLAN_MESSAGES.dentalTier);
    }
    if (v.isFSA && v.FSAElections.length === 0) issue('FSAElections', FSA_MESSAGES.none);
    const seen = new Set<number>();
    for (const election of v.FSAElections) {
      if (seen.has(election.pk)) issue('FSAElections', FSA_MESSAGES.duplicate);
      seen.add(election.pk);
    }
  });
export type PlanStep = z.input<typeof planStep>;

/** True when an FSA election may be added to the list: both parts filled, plan not yet chosen. */
export function canAddFsaElection(current: readonly { pk: number }[], next: { pk?: number | null; amount?: string }) {
  if (!positive(next.pk) || !next.amount) return { ok: false as const, message: FSA_MESSAGES.incomplete };
  if (!FSA_AMOUNT_PATTERN.test(next.amount)) return { ok: false as const, message: FSA_MESSAGES.amount };
  if (current.some((e) => e.pk === next.pk)) return { ok: false as const, message: FSA_MESSAGES.duplicate };
  return { ok: true as const };
}

// A person block of a draft is stored as sent once its step's schema passed, and kept unchecked before:
// text, numbers, yes/no and empty values, or one level of them (an address), all storable.
const draftValue = z.union([text(LIMITS.dependentEmailInput), z.number(), z.boolean(), z.null(), z.undefined()]);
const draftFields = z
  .record(text(64), z.union([draftValue, z.record(text(64), draftValue)]))
  .refine((person) => Object.keys(person).length <= 50, 'Too many fields.');
/** Typed as an open record, as the forms and the service handle it. */
const draftPerson = z.record(z.string(), z.unknown()).superRefine((person, ctx) => {
  const result = draftFields.safeParse(person);
  for (const issue of result.error?.issues ?? [])
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
});

/**
 * The enrollment request as sent by the wizard (spec 1 §3). A draft: each save carries what has been
 * typed so far; the server checks every section up to `saveStep` with the step schemas above and the
 * whole plan step on submit.
 */
export const enrollmentRequest = z.object({
  saveStep: z.number().int().min(1).max(4),
  requestPK: id.optional(),
  /** Set for an existing member (change coverage); absent for a new enrollment. */
  subscriberPK: id.optional(),
  employerPK: id,
  changeReasonPK: id.optional(),
  isTermed: z.boolean().optional(),
  /** Checked with newSubscriberForm / existingSubscriberForm on the server. */
  subscriber: draftPerson,
  ...employmentStep.partial().shape,
  groupEffectiveDate: isoDate.or(z.literal('')).nullish(),
  hasDependents: z.boolean().optional(),
  dependents: z.array(draftPerson).max(20).optional(),
  divisions: id.nullish(),
  isMedicalCoverage: z.boolean().nullish(),
  employerPlanPK: id.nullish(),
  medicalTierPK: id.nullish(),
  isDentalCoverage: z.boolean().nullish(),
  employerDentalPlanPK: id.nullish(),
  dentalTierPK: id.nullish(),
  isFSA: z.boolean().nullish(),
  FSAElections: z
    .array(z.object({ pk: id, amount: text(FSA_AMOUNT_MAX) }))
    .max(10)
    .optional(),
  /** Final submit from the plan page: the request becomes Submitted. */
  submit: z.boolean().optional(),
  /** The draft's version this save starts from (or the `If-Match` header); required by an update. */
  version: id.optional(),
});
export type EnrollmentRequest = z.input<typeof enrollmentRequest>;

/** A save based on an older version than the stored one (409; the body carries `currentVersion`). */
export const DRAFT_CONFLICT_MESSAGE = 'This enrollment was changed elsewhere.';
export const VERSION_REQUIRED_MESSAGE =
  'Send the version of the draft this save starts from, in the If-Match header or the version field.';

export const enrollmentRequestQuery = z.object({ requestPK: pk.optional() });
export const enrollmentDraftQuery = z.object({ requestPK: pk });
export const enrollmentAnswer = z.object({ requestPK: z.number().int(), hasError: z.boolean() });

/** A saved draft as read back to restore the wizard: never the full SSNs, only their last 4. */
export const enrollmentDraft = enrollmentRequest.omit({ subscriber: true, dependents: true, submit: true }).extend({
  requestPK: z.number().int(),
  status: z.string(),
  version: z.number().int().positive(),
  subscriber: z.record(z.string(), z.unknown()).and(z.object({ ssnLast4: ssnLast4.nullish() })),
  dependents: z.array(z.record(z.string(), z.unknown()).and(z.object({ ssnLast4: ssnLast4.nullish() }))),
});
export type EnrollmentDraft = z.infer<typeof enrollmentDraft>;

/** Which subscriber schema applies: a new enrollment types the full SSN (unless already stored). */
export function subscriberSchemaFor(opts: { existingMember: boolean; ssnStored: boolean }) {
  if (opts.existingMember) return existingSubscriberForm;
  return opts.ssnStored ? storedSsnSubscriberForm : newSubscriberForm;
}
export function dependentSchemaFor(opts: { existingMember: boolean; ssnStored: boolean }) {
  return opts.existingMember || opts.ssnStored ? wizardExistingDependent : wizardDependent;
}
