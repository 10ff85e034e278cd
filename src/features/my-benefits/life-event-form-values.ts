import { z } from 'zod';
import { isoDate } from '../../contracts/common';
import { LIFE_EVENT_MESSAGES, reportLifeEventBody, type ReportLifeEventBody } from '../../contracts/life-events';
import {
  ELECTION_TYPES,
  OPEN_ENROLLMENT_MESSAGES,
  WAIVE_REASONS,
  electionDependent,
} from '../../contracts/open-enrollment';

/** A coverage type on the form: unchanged, changed to a plan and tier, or waived. */
const coverageChange = z
  .object({
    planType: z.enum(ELECTION_TYPES),
    action: z.enum(['none', 'change', 'waive']),
    planPK: z.number().int().nullable(),
    coverageOptionPK: z.number().int().nullable(),
    waiveReason: z.enum(WAIVE_REASONS).nullable(),
  })
  .refine((c) => c.action !== 'change' || c.planPK !== null, {
    path: ['planPK'],
    message: OPEN_ENROLLMENT_MESSAGES.planRequired,
  })
  .refine((c) => c.action !== 'change' || c.coverageOptionPK !== null, {
    path: ['coverageOptionPK'],
    message: OPEN_ENROLLMENT_MESSAGES.tierRequired,
  })
  .refine((c) => c.action !== 'waive' || c.waiveReason !== null, {
    path: ['waiveReason'],
    message: OPEN_ENROLLMENT_MESSAGES.waiveReason,
  });

export const lifeEventFormSchema = z
  .object({
    kindCode: z.string().min(1, LIFE_EVENT_MESSAGES.unknownKind),
    eventDate: isoDate,
    coverages: z.array(coverageChange),
    newDependents: z.array(electionDependent),
    removeDependentPKs: z.array(z.number().int()),
    proofToFollow: z.boolean(),
    proofDueDate: z.string(),
  })
  .refine((v) => !v.proofToFollow || isoDate.safeParse(v.proofDueDate).success, {
    path: ['proofDueDate'],
    message: LIFE_EVENT_MESSAGES.proofDue,
  });
export type LifeEventFormValues = z.infer<typeof lifeEventFormSchema>;

/** The report the form's values make: only the coverage types that change are sent. */
export function reportOf(employerPK: number, v: LifeEventFormValues): ReportLifeEventBody {
  return reportLifeEventBody.parse({
    employerPK,
    kindCode: v.kindCode,
    eventDate: v.eventDate,
    elections: v.coverages
      .filter((c) => c.action !== 'none')
      .map((c) => ({
        planType: c.planType,
        action: c.action,
        planPK: c.action === 'change' ? c.planPK : null,
        coverageOptionPK: c.action === 'change' ? c.coverageOptionPK : null,
        waiveReason: c.action === 'waive' ? c.waiveReason : null,
      })),
    newDependents: v.newDependents,
    removeDependentPKs: v.removeDependentPKs,
    proofToFollow: v.proofToFollow,
    proofDueDate: v.proofToFollow ? v.proofDueDate : null,
  });
}
