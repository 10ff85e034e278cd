import type { EnrollmentDraft, EnrollmentRequest } from '../../../contracts/enrollment';
import type { SubscriberDetail } from '../../../contracts/subscribers';
import { subscriberFormValues } from '../../../components/member-chooser/member-form-values';
import {
  DEFAULT_MARITAL_STATUS,
  emptyDependent,
  emptyEmployment,
  emptyPlan,
  emptySubscriber,
  isBlankDependent,
  type DependentValues,
  type DependentsValues,
  type FsaElection,
  type PlanValues,
  type SubscriberValues,
  type WizardSections,
} from './wizard-values';

// The saved draft echoes the payload the wizard sent (minus full SSNs), so reading it back is a
// matter of picking the known fields with their types; anything unexpected is dropped.

type Loose = Record<string, unknown>;

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const last4 = (v: unknown): string | undefined => (typeof v === 'string' && /^\d{4}$/.test(v) ? v : undefined);

function subscriberFrom(s: Loose): SubscriberValues {
  return {
    ...emptySubscriber(),
    firstName: text(s.firstName),
    middleName: text(s.middleName),
    lastName: text(s.lastName),
    ssnLast4: last4(s.ssnLast4),
    dateOfBirth: text(s.dateOfBirth),
    genderID: num(s.genderID),
    maritalStatusPK: num(s.maritalStatusPK) ?? num(s.maritalStatusID) ?? DEFAULT_MARITAL_STATUS,
    address1: text(s.address1),
    address2: text(s.address2),
    city: text(s.city),
    stateID: num(s.stateID),
    zipCode: text(s.zipCode),
    phone1: text(s.phone1),
    phone2: text(s.phone2),
    emailAddress: text(s.emailAddress),
  };
}

function dependentFrom(d: Loose): DependentValues {
  return {
    ...emptyDependent(),
    dependentPK: num(d.dependentPK),
    firstName: text(d.firstName),
    middleInitial: text(d.middleInitial),
    lastName: text(d.lastName),
    ssnLast4: last4(d.ssnLast4),
    dateOfBirth: text(d.dateOfBirth),
    relationshipPK: num(d.relationshipPK),
    genderPK: num(d.genderPK),
    maritalStatusPK: num(d.maritalStatusPK) ?? DEFAULT_MARITAL_STATUS,
    marriageDate: text(d.marriageDate),
    phone1: text(d.phone1),
    phone2: text(d.phone2),
    emailAddress: text(d.emailAddress),
  };
}

function electionsFrom(v: unknown): FsaElection[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((e: unknown) => {
    const item = (e ?? {}) as Loose;
    const pk = num(item.pk);
    return pk === undefined ? [] : [{ pk, amount: text(item.amount) }];
  });
}

/** The sections a saved draft holds, by the step that reached them. */
export function sectionsFromDraft(draft: EnrollmentDraft | null): WizardSections {
  if (!draft) return {};
  const step = draft.saveStep;
  const sections: WizardSections = { subscriber: subscriberFrom(draft.subscriber) };
  if (step >= 2) {
    sections.employment = {
      ...emptyEmployment(),
      dateOfHire: text(draft.dateOfHire),
      effectiveDate: text(draft.effectiveDate),
      occupation: text(draft.occupation),
      jobTitle: text(draft.jobTitle),
      payRate: num(draft.payRate),
      payRateFrequencyID: num(draft.payRateFrequencyID),
      isCoveredByMedicare: bool(draft.isCoveredByMedicare),
    };
  }
  // A step saved again after the dependents (Change from the review page) keeps them, SSN markers included.
  if (step >= 3 || draft.dependents.length > 0) {
    sections.dependents = { hasDependents: bool(draft.hasDependents), dependents: draft.dependents.map(dependentFrom) };
  }
  if (step >= 4 || draft.divisions != null) {
    sections.plan = {
      ...emptyPlan(),
      divisions: num(draft.divisions),
      isMedicalCoverage: bool(draft.isMedicalCoverage),
      employerPlanPK: num(draft.employerPlanPK),
      medicalTierPK: num(draft.medicalTierPK),
      groupEffectiveDate: text(draft.groupEffectiveDate),
      isDentalCoverage: bool(draft.isDentalCoverage),
      employerDentalPlanPK: num(draft.employerDentalPlanPK),
      dentalTierPK: num(draft.dentalTierPK),
      isFSA: bool(draft.isFSA),
      FSAElections: electionsFrom(draft.FSAElections),
    };
  }
  return sections;
}

/** Personal information of an existing member (change coverage), as the step 1 form holds it. */
export function subscriberFromDetail(detail: SubscriberDetail): SubscriberValues {
  const values = subscriberFormValues(detail);
  return { ...emptySubscriber(), ...values, middleName: values.middleName ?? '', address2: values.address2 ?? '' };
}

const samePerson = (a: DependentValues, b: DependentValues) =>
  a.firstName.trim().toLowerCase() === b.firstName.trim().toLowerCase() &&
  a.lastName.trim().toLowerCase() === b.lastName.trim().toLowerCase() &&
  a.dateOfBirth === b.dateOfBirth;

/** A typed dependent without an SSN takes the stored SSN marker of the same person in the draft. */
function withStoredSsn(d: DependentValues, saved: readonly DependentValues[]): DependentValues {
  if (d.ssn || d.ssnLast4) return d;
  const match = saved.find((s) => s.ssnLast4 && samePerson(s, d));
  return match ? { ...d, ssnLast4: match.ssnLast4, dependentPK: d.dependentPK ?? match.dependentPK } : d;
}

/**
 * What the wizard holds: the saved draft, overlaid by what was typed since (kept per step in
 * sessionStorage without SSNs). SSN markers (last 4) always come from the saved draft.
 */
export function mergeSections(saved: WizardSections, typed: WizardSections): WizardSections {
  return {
    subscriber: typed.subscriber
      ? { ...typed.subscriber, ssnLast4: saved.subscriber?.ssnLast4 ?? typed.subscriber.ssnLast4 }
      : saved.subscriber,
    employment: typed.employment ?? saved.employment,
    dependents: typed.dependents
      ? {
          ...typed.dependents,
          dependents: typed.dependents.dependents.map((d) => withStoredSsn(d, saved.dependents?.dependents ?? [])),
        }
      : saved.dependents,
    plan: typed.plan ?? saved.plan,
  };
}

/** A stored SSN stays on the server: the payload names it by its last 4 unless a new one was typed. */
function ssnFields(values: { ssn: string; ssnLast4?: string }) {
  return values.ssn ? { ssn: values.ssn } : values.ssnLast4 ? { ssnLast4: values.ssnLast4 } : { ssn: '' };
}

function subscriberPayload(s: SubscriberValues): Record<string, unknown> {
  const { ssn: _ssn, ssnLast4: _last4, ...rest } = s;
  return { ...rest, maritalStatusPK: s.maritalStatusPK ?? DEFAULT_MARITAL_STATUS, ...ssnFields(s) };
}

function dependentPayload(d: DependentValues): Record<string, unknown> {
  const { ssn: _ssn, ssnLast4: _last4, ...rest } = d;
  return { ...rest, maritalStatusPK: d.maritalStatusPK ?? DEFAULT_MARITAL_STATUS, ...ssnFields(d) };
}

function planPayload(p: PlanValues) {
  return {
    divisions: p.divisions ?? null,
    isMedicalCoverage: p.isMedicalCoverage ?? null,
    employerPlanPK: p.employerPlanPK ?? null,
    medicalTierPK: p.medicalTierPK ?? null,
    groupEffectiveDate: p.groupEffectiveDate || null,
    isDentalCoverage: p.isDentalCoverage ?? null,
    employerDentalPlanPK: p.employerDentalPlanPK ?? null,
    dentalTierPK: p.dentalTierPK ?? null,
    isFSA: p.isFSA ?? null,
    FSAElections: p.FSAElections,
  };
}

function dependentsPayload(d: DependentsValues) {
  // The editor always shows one form; left blank it is no dependent.
  const entered = d.dependents.filter((x) => !isBlankDependent(x));
  const hasDependents = d.hasDependents ?? entered.length > 0;
  return { hasDependents, dependents: hasDependents ? entered.map(dependentPayload) : [] };
}

export type RequestPointers = {
  employerPK: number;
  requestPK: number | null;
  subscriberPK: number | null;
  changeReasonPK: number | null;
};

/** The whole request as far as it has been filled in: every save sends all of it (spec 1 §3, §4). */
export function buildEnrollmentRequest(args: {
  saveStep: 1 | 2 | 3 | 4;
  pointers: RequestPointers;
  sections: WizardSections;
  submit?: boolean;
}): EnrollmentRequest {
  const { saveStep, pointers, sections, submit } = args;
  const e = sections.employment;
  return {
    saveStep,
    employerPK: pointers.employerPK,
    ...(pointers.requestPK !== null && { requestPK: pointers.requestPK }),
    ...(pointers.subscriberPK !== null && { subscriberPK: pointers.subscriberPK }),
    ...(pointers.changeReasonPK !== null && { changeReasonPK: pointers.changeReasonPK }),
    subscriber: subscriberPayload(sections.subscriber ?? emptySubscriber()),
    ...(e && {
      dateOfHire: e.dateOfHire,
      effectiveDate: e.effectiveDate,
      occupation: e.occupation,
      jobTitle: e.jobTitle,
      payRate: e.payRate,
      payRateFrequencyID: e.payRateFrequencyID,
      isCoveredByMedicare: e.isCoveredByMedicare,
    }),
    ...(sections.dependents && dependentsPayload(sections.dependents)),
    ...(sections.plan && planPayload(sections.plan)),
    ...(submit && { submit: true }),
  };
}

/** The subscriber's effective date (step 2) lies before the group's (the chosen medical plan's start). */
export function startsBeforeGroup(sections: WizardSections): boolean {
  const effective = sections.employment?.effectiveDate;
  const group = sections.plan?.groupEffectiveDate;
  return !!effective && !!group && /^\d{4}-\d{2}-\d{2}$/.test(effective) && effective < group;
}

/** The elections of an existing member (change coverage), as the plan step's form holds them. */
export function planFromDetail(detail: SubscriberDetail): PlanValues {
  return {
    ...emptyPlan(),
    divisions: detail.employerDivisions ?? undefined,
    isMedicalCoverage: detail.isMedicalCoverage,
    employerPlanPK: detail.employerPlanPK ?? undefined,
    medicalTierPK: detail.medicalTierPK ?? undefined,
    // The plan's contract start, filled in once the division's plans are read.
    groupEffectiveDate: '',
    isDentalCoverage: detail.isDentalCoverage,
    employerDentalPlanPK: detail.employerDentalPlanPK ?? undefined,
    dentalTierPK: detail.dentalTierPK ?? undefined,
    isFSA: detail.fsaData.length > 0,
    FSAElections: detail.fsaData.map((f) => ({ pk: f.pk, amount: f.amount })),
  };
}
