// The server's checks of an enrollment request: the wizard's own step schemas for every section the
// save has reached, plus what only the server can know (the plans, tiers and divisions on file).
// Field errors are keyed by the zod issue path joined with '.', e.g. `subscriber.firstName`,
// `dependents.0.ssn`, `FSAElections.1.amount`, and carry the schema's own messages.
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { id } from '../../../src/contracts/common';
import {
  FSA_MESSAGES,
  dependentSchemaFor,
  employmentStep,
  fsaElectionInput,
  planStep,
  subscriberSchemaFor,
  type enrollmentRequest,
} from '../../../src/contracts/enrollment';
import { PLAN_MESSAGES } from '../../../src/contracts/plans';
import { START_BEFORE_GROUP_MESSAGE } from '../../../src/contracts/requests';
import type { Db } from '../../db/client';
import { coverageOptions, dependents, divisions, plans } from '../../db/schema';
import { addError, type FieldErrors } from '../../lib/field-errors';
import type { MergedPerson } from './enrollment-ssn';

export type EnrollmentPayload = z.output<typeof enrollmentRequest>;

/** Messages of the checks against records on file (the schemas have no wording for them). */
export const CHOICE_MESSAGES = {
  division: 'Choose a division of this employer group.',
  medicalPlan: 'Choose a medical plan offered to this division.',
  dentalPlan: 'Choose a dental plan offered to this division.',
  fsaPlan: 'Choose an FSA plan offered to this division.',
  medicalTier: 'Choose a medical tier offered to this division.',
  dentalTier: 'Choose a dental tier offered to this division.',
  contractEnded: "The plan's contract ends before the effective date.",
  dependent: 'This dependent is not on file for this subscriber.',
  submitStep: 'A request is submitted from the plan page (step 4).',
} as const;

function addIssues(errors: FieldErrors, prefix: (string | number)[], issues: readonly z.core.$ZodIssue[]) {
  for (const issue of issues) {
    const path = [...prefix, ...issue.path].map(String).join('.') || '_';
    addError(errors, path, issue.message);
  }
}

const positive = (value: number | null | undefined): value is number => typeof value === 'number' && value > 0;

/** Step 1: always checked; the SSN is required unless one is on file (spec 1 §5). */
export function checkSubscriber(errors: FieldErrors, subscriber: MergedPerson, existingMember: boolean) {
  const schema = subscriberSchemaFor({ existingMember, ssnStored: subscriber.ssnStored });
  const result = schema.safeParse(subscriber.forValidation);
  if (!result.success) addIssues(errors, ['subscriber'], result.error.issues);
}

/** Step 2. The route already applied the same rules to the body; kept so the service stands alone. */
export function checkEmployment(errors: FieldErrors, payload: EnrollmentPayload) {
  const {
    dateOfHire,
    effectiveDate,
    occupation,
    jobTitle,
    payRate,
    payRateFrequencyID,
    isCoveredByMedicare,
    addReasonPK,
  } = payload;
  const result = employmentStep.safeParse({
    dateOfHire,
    effectiveDate,
    occupation,
    jobTitle,
    payRate,
    payRateFrequencyID,
    isCoveredByMedicare,
    addReasonPK,
  });
  if (!result.success) addIssues(errors, [], result.error.issues);
}

/** Step 3: each dependent with the wizard's dependent schema (offered relationships only). */
export function checkDependents(errors: FieldErrors, merged: readonly MergedPerson[], existingMember: boolean) {
  merged.forEach((dependent, index) => {
    const schema = dependentSchemaFor({ existingMember, ssnStored: dependent.ssnStored });
    const result = schema.safeParse(dependent.forValidation);
    if (!result.success) addIssues(errors, ['dependents', index], result.error.issues);
  });
}

/** A dependentPK may only name a dependent of the member being changed; a new enrollment has none. */
export async function checkDependentRecords(
  db: Db,
  errors: FieldErrors,
  merged: readonly MergedPerson[],
  subscriberPK: number | null,
) {
  const named = merged
    .map((d, index) => ({ index, pk: d.forValidation.dependentPK }))
    // A draft's person blocks are open records: only real ids are looked up (the schema reports the rest).
    .filter((d): d is { index: number; pk: number } => id.safeParse(d.pk).success);
  if (named.length === 0) return;
  const onFile =
    subscriberPK === null
      ? []
      : await db
          .select({ pk: dependents.dependentPK })
          .from(dependents)
          .where(
            and(
              eq(dependents.subscriberPK, subscriberPK),
              inArray(
                dependents.dependentPK,
                named.map((d) => d.pk),
              ),
            ),
          );
  const known = new Set(onFile.map((d) => d.pk));
  for (const d of named)
    if (!known.has(d.pk)) addError(errors, `dependents.${d.index}.dependentPK`, CHOICE_MESSAGES.dependent);
}

function planFields(payload: EnrollmentPayload) {
  return {
    divisions: payload.divisions,
    isMedicalCoverage: payload.isMedicalCoverage,
    employerPlanPK: payload.employerPlanPK,
    medicalTierPK: payload.medicalTierPK,
    isDentalCoverage: payload.isDentalCoverage,
    employerDentalPlanPK: payload.employerDentalPlanPK,
    dentalTierPK: payload.dentalTierPK,
    isFSA: payload.isFSA,
    FSAElections: payload.FSAElections ?? [],
  };
}

/**
 * Step 4 answers. On submit the whole plan step must hold (every missing answer listed at once); a
 * plain step-4 save checks only what was filled in: the FSA amounts and duplicate FSA plans.
 */
export function checkPlanAnswers(errors: FieldErrors, payload: EnrollmentPayload, submit: boolean) {
  const fields = planFields(payload);
  if (submit) {
    const result = planStep.safeParse(fields);
    if (!result.success) addIssues(errors, [], result.error.issues);
    return;
  }
  const elections = fields.isFSA === false ? [] : fields.FSAElections;
  elections.forEach((election, index) => {
    const result = fsaElectionInput.safeParse(election);
    if (!result.success) addIssues(errors, ['FSAElections', index], result.error.issues);
  });
  const pks = elections.map((e) => e.pk);
  if (new Set(pks).size !== pks.length) addError(errors, 'FSAElections', FSA_MESSAGES.duplicate);
}

type PlanRow = typeof plans.$inferSelect;
type TierRow = { pk: number; isMedical: boolean };

/** What the plan checks read of a group: its division (if it is the group's), plans and tiers there. */
export type PlanChoiceRecords = {
  divisionFound: boolean;
  plans: readonly PlanRow[];
  tiers: readonly TierRow[];
};

/** The plan, tier and FSA choices of a payload, as the checks read them ("No" answers drop choices). */
function chosenPlans(payload: EnrollmentPayload) {
  const medicalPK = payload.isMedicalCoverage === false ? null : payload.employerPlanPK;
  const dentalPK = payload.isDentalCoverage === false ? null : payload.employerDentalPlanPK;
  const medicalTierPK = payload.isMedicalCoverage === false ? null : payload.medicalTierPK;
  const dentalTierPK = payload.isDentalCoverage === false ? null : payload.dentalTierPK;
  const elections = payload.isFSA === false ? [] : (payload.FSAElections ?? []);
  const planPKs = [medicalPK, dentalPK, ...elections.map((e) => e.pk)].filter(positive);
  const tierPKs = [medicalTierPK, dentalTierPK].filter(positive);
  return { medicalPK, dentalPK, medicalTierPK, dentalTierPK, elections, planPKs, tierPKs };
}

/**
 * Plans, tiers and FSA plans must be the employer's and the chosen division's, of the right kind, and
 * in force on the effective date. The group effective date is the medical plan's contract begin date
 * (the dental plan's when no medical plan is chosen); the subscriber's effective date may not be
 * earlier. An empty effective date is taken as the group effective date. Returns that date, or null
 * when no plan is chosen.
 */
export async function checkPlanChoices(
  db: Db,
  errors: FieldErrors,
  payload: EnrollmentPayload,
  employerPK: number,
): Promise<string | null> {
  const { planPKs, tierPKs } = chosenPlans(payload);
  if (planPKs.length === 0 && tierPKs.length === 0) return null;

  const divisionPK = payload.divisions;
  const division = positive(divisionPK)
    ? (
        await db
          .select({ pk: divisions.divisionPK })
          .from(divisions)
          .where(and(eq(divisions.divisionPK, divisionPK), eq(divisions.employerPK, employerPK)))
      )[0]
    : undefined;

  const [planRows, tierRows] = await Promise.all([
    planPKs.length && division
      ? db
          .select()
          .from(plans)
          .where(
            and(inArray(plans.planPK, planPKs), eq(plans.employerPK, employerPK), eq(plans.divisionPK, division.pk)),
          )
      : Promise.resolve([]),
    tierPKs.length && division
      ? db
          .select({ pk: coverageOptions.coverageOptionPK, isMedical: coverageOptions.isMedical })
          .from(coverageOptions)
          .where(
            and(
              inArray(coverageOptions.coverageOptionPK, tierPKs),
              eq(coverageOptions.employerPK, employerPK),
              eq(coverageOptions.divisionPK, division.pk),
            ),
          )
      : Promise.resolve([]),
  ]);
  return checkPlanChoicesAgainst(errors, payload, {
    divisionFound: Boolean(division),
    plans: planRows,
    tiers: tierRows,
  });
}

/**
 * The same checks against records already read: `records` holds the division's plans and tiers (any
 * others are ignored), so a caller checking many payloads of one group reads the group once.
 */
export function checkPlanChoicesAgainst(
  errors: FieldErrors,
  payload: EnrollmentPayload,
  records: PlanChoiceRecords,
): string | null {
  const { medicalPK, dentalPK, medicalTierPK, dentalTierPK, elections, planPKs, tierPKs } = chosenPlans(payload);
  if (planPKs.length === 0 && tierPKs.length === 0) return null;

  // Plans and tiers are offered per division, so a choice without a valid division cannot stand.
  if (!positive(payload.divisions)) addError(errors, 'divisions', PLAN_MESSAGES.division);
  else if (!records.divisionFound) addError(errors, 'divisions', CHOICE_MESSAGES.division);
  const planRows = records.divisionFound ? records.plans : [];
  const tierRows = records.divisionFound ? records.tiers : [];

  const planOf = (pk: number, type: PlanRow['planType']) =>
    planRows.find((p) => p.planPK === pk && p.planType === type);
  const tierOf = (pk: number, isMedical: boolean) => tierRows.find((t) => t.pk === pk && t.isMedical === isMedical);

  const medical = positive(medicalPK) ? planOf(medicalPK, 'Medical') : undefined;
  const dental = positive(dentalPK) ? planOf(dentalPK, 'Dental') : undefined;
  if (positive(medicalPK) && !medical) addError(errors, 'employerPlanPK', CHOICE_MESSAGES.medicalPlan);
  if (positive(dentalPK) && !dental) addError(errors, 'employerDentalPlanPK', CHOICE_MESSAGES.dentalPlan);
  if (positive(medicalTierPK) && !tierOf(medicalTierPK, true))
    addError(errors, 'medicalTierPK', CHOICE_MESSAGES.medicalTier);
  if (positive(dentalTierPK) && !tierOf(dentalTierPK, false))
    addError(errors, 'dentalTierPK', CHOICE_MESSAGES.dentalTier);
  const fsaPlans = elections.map((election, index) => ({ index, plan: planOf(election.pk, 'FSA') }));
  for (const { index, plan } of fsaPlans)
    if (!plan) addError(errors, `FSAElections.${index}.pk`, CHOICE_MESSAGES.fsaPlan);

  const anchor = medical ?? dental;
  if (!anchor) return null;
  const groupEffectiveDate = anchor.contractBeginDate;
  const effectiveDate = payload.effectiveDate || groupEffectiveDate;
  if (effectiveDate < groupEffectiveDate) addError(errors, 'effectiveDate', START_BEFORE_GROUP_MESSAGE);
  const ended = (plan: PlanRow | undefined) => plan !== undefined && plan.contractEndDate < effectiveDate;
  if (ended(medical)) addError(errors, 'employerPlanPK', CHOICE_MESSAGES.contractEnded);
  if (ended(dental)) addError(errors, 'employerDentalPlanPK', CHOICE_MESSAGES.contractEnded);
  for (const { index, plan } of fsaPlans)
    if (ended(plan)) addError(errors, `FSAElections.${index}.pk`, CHOICE_MESSAGES.contractEnded);
  return groupEffectiveDate;
}
