import { z } from 'zod';
import { firstOfNextMonth, id, isoDate, pk } from './common';
import {
  ELECTION_TYPES,
  NEW_DEPENDENTS_MAX,
  OPEN_ENROLLMENT_MESSAGES,
  WAIVE_REASONS,
  electionDependent,
} from './open-enrollment';

// Life events: a member reports a qualifying event during the year (a birth, a marriage, a lost
// coverage) and elects the changes it allows. What each kind allows is data (`life_event_kinds`).

/** When the changes of an event take effect. */
export const EFFECTIVE_RULES = ['eventDate', 'firstOfNextMonth'] as const;
export type EffectiveRule = (typeof EFFECTIVE_RULES)[number];
export const EFFECTIVE_RULE_LABELS: Record<EffectiveRule, string> = {
  eventDate: 'on the date of the event',
  firstOfNextMonth: 'on the first of the month after you report it',
};

/** Proof of an event: a PDF or a photo of the document, at most this size. */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
export const PROOF_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type ProofType = (typeof PROOF_TYPES)[number];
/** How long a member may take to send a proof marked "to follow". */
export const PROOF_DUE_MAX_DAYS = 90;

export const LIFE_EVENT_MESSAGES = {
  future: 'The event date cannot be in the future.',
  unknownKind: 'Choose what happened.',
  noChange: 'Choose at least one change this event allows.',
  addNotAllowed: 'This event does not allow adding dependents.',
  relationshipNotAllowed: 'This event does not allow adding a dependent of this relationship.',
  removeNotAllowed: 'This event does not allow removing this dependent.',
  planNotAllowed: 'This event allows changing who is covered, not the plan.',
  newChildRequired: 'Add the child this event is about.',
  proofDue: `Choose when the proof will follow (within ${PROOF_DUE_MAX_DAYS} days).`,
  pending: 'A life event you reported is already waiting for HR. Contact HR to change it.',
  proofType: 'The proof must be a PDF, JPEG or PNG file.',
  proofSize: 'The proof must be 10 MB or less.',
  proofEmpty: 'The file is empty.',
} as const;

/** Why a report is refused when the event is older than its window, and whom to ask. */
export function lateMessage(kindName: string, windowDays: number, daysAgo: number, employerName: string): string {
  return (
    `${kindName} must be reported within ${windowDays} days of the event; this one was ${daysAgo} days ago, so it ` +
    `can no longer be reported here. Contact your HR team at ${employerName} to ask what you can still change.`
  );
}

const lifeEventKind = z.object({
  code: z.string(),
  name: z.string(),
  windowDays: z.number().int(),
  effectiveRule: z.enum(EFFECTIVE_RULES),
  /** Relationships of dependents the event allows adding (none: it allows no additions). */
  addRelationshipPKs: z.array(z.number().int()),
  /** Relationships of dependents the event allows removing. */
  removeRelationshipPKs: z.array(z.number().int()),
  /** The event allows changing plan (not only who is covered) or waiving. */
  allowsPlanChange: z.boolean(),
  /** The event is about a new child, who must be added with it (birth, adoption). */
  requiresNewChild: z.boolean(),
});
export type LifeEventKind = z.infer<typeof lifeEventKind>;

const lifeEventCoverage = z.object({
  planType: z.enum(ELECTION_TYPES),
  /** Today's plan and tier; null when not covered. */
  current: z.object({ planPK: z.number().int(), coverageOptionPK: z.number().int().nullable() }).nullable(),
  plans: z.array(z.object({ planPK: z.number().int(), planName: z.string() })),
  tiers: z.array(z.object({ coverageOptionPK: z.number().int(), tierName: z.string(), coversDependents: z.boolean() })),
});

/** Statuses of a report's request after which its proof is no longer wanted. */
export const LIFE_EVENT_CLOSED_STATUSES: readonly string[] = ['Cancelled', 'HRRejected', 'HEZRejected'];

const myLifeEvent = z.object({
  lifeEventPK: z.number().int(),
  kindName: z.string(),
  eventDate: isoDate,
  effectiveDate: isoDate,
  reportedOn: isoDate,
  /** `attached`, `toFollow` (with its due date), or `missing` (the upload did not arrive). */
  proof: z.enum(['attached', 'toFollow', 'missing']),
  proofDueDate: isoDate.nullable(),
  requestStatus: z.string(),
});
export type MyLifeEvent = z.infer<typeof myLifeEvent>;

export const lifeEventOptionsQuery = z.object({ employerPK: pk });
export const lifeEventOptions = z.object({
  subscriberPK: z.number().int(),
  /** The group's name, for whom to contact when an event is past its window. */
  employerName: z.string(),
  today: isoDate,
  kinds: z.array(lifeEventKind),
  coverages: z.array(lifeEventCoverage),
  dependents: z.array(z.object({ dependentPK: z.number().int(), name: z.string(), relationshipPK: z.number().int() })),
  events: z.array(myLifeEvent),
});
export type LifeEventOptions = z.infer<typeof lifeEventOptions>;

const lifeEventElection = z
  .object({
    planType: z.enum(ELECTION_TYPES),
    action: z.enum(['change', 'waive']),
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
  .refine((e) => e.action !== 'change' || e.coverageOptionPK !== null, {
    path: ['coverageOptionPK'],
    message: OPEN_ENROLLMENT_MESSAGES.tierRequired,
  });

export const reportLifeEventBody = z
  .object({
    employerPK: id,
    kindCode: z.string().min(1).max(40),
    eventDate: isoDate,
    /** Coverage types that change; a type not named stays as it is. */
    elections: z
      .array(lifeEventElection)
      .max(ELECTION_TYPES.length)
      .refine((list) => new Set(list.map((e) => e.planType)).size === list.length, 'One election per coverage.'),
    newDependents: z.array(electionDependent).max(NEW_DEPENDENTS_MAX),
    removeDependentPKs: z.array(id).max(20),
    /** The proof is uploaded right after the report, or follows by `proofDueDate`. */
    proofToFollow: z.boolean(),
    proofDueDate: isoDate.nullable(),
  })
  .refine((b) => !b.proofToFollow || b.proofDueDate !== null, {
    path: ['proofDueDate'],
    message: LIFE_EVENT_MESSAGES.proofDue,
  });
export type ReportLifeEventBody = z.input<typeof reportLifeEventBody>;

export const reportLifeEventAnswer = z.object({
  subscriberPK: z.number().int(),
  lifeEventPK: z.number().int(),
  requestPK: z.number().int(),
  effectiveDate: isoDate,
});
export type ReportLifeEventAnswer = z.infer<typeof reportLifeEventAnswer>;

export const lifeEventProofQuery = z.object({ employerPK: pk, lifeEventPK: pk });
export const lifeEventProofAnswer = z.object({ subscriberPK: z.number().int(), lifeEventPK: z.number().int() });

/** HR reads the proof of the life event a request came from. */
export const requestProofQuery = z.object({ requestPK: pk });

/** The payload of a `LifeEvent` request: what changes, from the effective date. */
export const lifeEventPayload = z.object({
  kindCode: z.string(),
  kindName: z.string(),
  eventDate: isoDate,
  effectiveDate: isoDate,
  elections: z.array(
    z.object({
      planType: z.enum(ELECTION_TYPES),
      action: z.enum(['change', 'waive']),
      planPK: z.number().int().nullable(),
      coverageOptionPK: z.number().int().nullable(),
      waiveReason: z.string().nullable(),
    }),
  ),
  newDependents: z.array(electionDependent),
  removeDependentPKs: z.array(z.number().int()),
});
export type LifeEventPayload = z.infer<typeof lifeEventPayload>;

/** When an event reported on `reportedOn` takes effect under its kind's rule. */
export function lifeEventEffectiveDate(rule: EffectiveRule, eventDate: string, reportedOn: string): string {
  return rule === 'eventDate' ? eventDate : firstOfNextMonth(reportedOn);
}
