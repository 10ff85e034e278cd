import type { LookupItem } from '../../../contracts/common';
import type { Division, Plan } from '../../../contracts/employers';
import type { DropdownLists } from '../../../contracts/lookups';
import { formatIsoDate } from '../../../lib/calendar-date';
import { formatUsd } from '../../../lib/format-currency';
import { WIZARD_STEPS } from '../../../contracts/enrollment';
import { ssnLast4Of } from '../../../contracts/person-rules';
import {
  DEPENDENT_LABELS as D,
  EMPLOYMENT_LABELS as E,
  PLAN_LABELS as P,
  SUBSCRIBER_LABELS as S,
} from './field-labels';
import { dependentName, isBlankDependent, type WizardSections } from './wizard-values';

export type ReviewRow = { label: string; value: string };

/** One block of the review page: what a step holds, with the step to change it. */
export type ReviewSection = { title: string; step: 1 | 2 | 3 | 4; rows: ReviewRow[] };

/** The path of a wizard step. */
export const stepPath = (step: 1 | 2 | 3 | 4) => WIZARD_STEPS[step - 1]?.path ?? WIZARD_STEPS[0].path;

/** Names of what the request holds by pk: the form lists and the chosen division's plans and tiers. */
export type ReviewNames = {
  lists: DropdownLists;
  divisions: readonly Division[];
  plans: readonly Plan[];
  tiers: readonly LookupItem[];
};

const NOT_GIVEN = 'Not given';

const nameOf = (items: readonly { pk: number; name: string }[], pk: number | undefined) =>
  pk === undefined ? NOT_GIVEN : (items.find((i) => i.pk === pk)?.name ?? NOT_GIVEN);
const yesNo = (value: boolean | undefined) => (value === undefined ? NOT_GIVEN : value ? 'Yes' : 'No');
const orNotGiven = (value: string | undefined) => (value?.trim() ? value.trim() : NOT_GIVEN);
const date = (value: string | undefined) => (value ? formatIsoDate(value) : NOT_GIVEN);
const ssnText = (v: { ssn: string; ssnLast4?: string }) => {
  const last4 = v.ssn ? ssnLast4Of(v.ssn) : v.ssnLast4;
  return last4 ? `Ending in ${last4}` : NOT_GIVEN;
};
const amount = (text: string) => {
  const value = Number(text.replaceAll(',', ''));
  return Number.isFinite(value) ? formatUsd(value) : text;
};
const title = (step: 1 | 2 | 3 | 4) => WIZARD_STEPS[step - 1]?.title ?? '';

/**
 * What the review page shows, step by step: every answer of the request in words (names for pks,
 * MM/DD/YYYY dates, dollars, only the last four digits of an SSN).
 */
export function reviewSections(sections: WizardSections, names: ReviewNames): ReviewSection[] {
  const s = sections.subscriber;
  const e = sections.employment;
  const plan = sections.plan;
  const dependents = (sections.dependents?.dependents ?? []).filter((d) => !isBlankDependent(d));
  const planName = (pk: number | undefined) =>
    pk === undefined ? NOT_GIVEN : (names.plans.find((p) => p.pk === pk)?.planName ?? NOT_GIVEN);
  const coverage = (covered: boolean | undefined, planPK: number | undefined, tierPK: number | undefined) =>
    covered ? `${planName(planPK)} – ${nameOf(names.tiers, tierPK)}` : covered === false ? 'No coverage' : NOT_GIVEN;
  const division = names.divisions.find((d) => d.pk === plan?.divisions);
  const elections = plan?.isFSA ? (plan.FSAElections ?? []) : [];

  return [
    {
      title: title(1),
      step: 1,
      rows: [
        { label: 'Name', value: [s?.firstName, s?.middleName, s?.lastName].filter((x) => x?.trim()).join(' ') },
        { label: S.ssn, value: s ? ssnText(s) : NOT_GIVEN },
        { label: S.dateOfBirth, value: date(s?.dateOfBirth) },
        { label: S.genderID, value: nameOf(names.lists.genders, s?.genderID) },
        { label: S.maritalStatusPK, value: nameOf(names.lists.maritalStatuses, s?.maritalStatusPK) },
        {
          label: 'Address',
          value: [
            s?.address1,
            s?.address2,
            s?.city,
            names.lists.states.find((x) => x.pk === s?.stateID)?.code,
            s?.zipCode,
          ]
            .filter((x) => x?.trim())
            .join(', '),
        },
        { label: S.phone1, value: orNotGiven(s?.phone1) },
        { label: S.phone2, value: orNotGiven(s?.phone2) },
        { label: S.emailAddress, value: orNotGiven(s?.emailAddress) },
      ],
    },
    {
      title: title(2),
      step: 2,
      rows: [
        { label: E.dateOfHire, value: date(e?.dateOfHire) },
        { label: E.effectiveDate, value: date(e?.effectiveDate) },
        { label: E.occupation, value: orNotGiven(e?.occupation) },
        { label: E.jobTitle, value: orNotGiven(e?.jobTitle) },
        { label: E.payRate, value: e?.payRate === undefined ? NOT_GIVEN : formatUsd(e.payRate) },
        { label: E.payRateFrequencyID, value: nameOf(names.lists.payFrequencies, e?.payRateFrequencyID) },
        { label: E.isCoveredByMedicare, value: yesNo(e?.isCoveredByMedicare) },
      ],
    },
    {
      title: title(3),
      step: 3,
      rows:
        dependents.length === 0
          ? [{ label: 'Dependents', value: 'None' }]
          : dependents.map((d, i) => ({
              label: dependentName(d, i),
              value: [
                nameOf(names.lists.relationships, d.relationshipPK),
                `${D.dateOfBirth} ${date(d.dateOfBirth)}`,
                `${D.ssn} ${ssnText(d).toLowerCase()}`,
              ].join(', '),
            })),
    },
    {
      title: title(4),
      step: 4,
      rows: [
        { label: P.divisions, value: division ? `${division.locationCode} – ${division.description}` : NOT_GIVEN },
        { label: 'Medical', value: coverage(plan?.isMedicalCoverage, plan?.employerPlanPK, plan?.medicalTierPK) },
        { label: 'Dental', value: coverage(plan?.isDentalCoverage, plan?.employerDentalPlanPK, plan?.dentalTierPK) },
        {
          label: 'FSA',
          value:
            elections.length === 0
              ? plan?.isFSA === undefined
                ? NOT_GIVEN
                : 'No FSA'
              : elections.map((x) => `${planName(x.pk)}: ${amount(x.amount)}`).join('; '),
        },
        // An effective date left blank is the group's start (the plan's contract begin).
        { label: 'Coverage begins', value: date(e?.effectiveDate || plan?.groupEffectiveDate) },
      ],
    },
  ];
}
