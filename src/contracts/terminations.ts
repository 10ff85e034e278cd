import { z } from 'zod';
import { isoDate } from './common';

/** Retro termination window (spec 1 §9). */
export const RETRO_TERMINATION_DAYS = 90;
export const RETRO_TERMINATION_MESSAGE = "A retro termination date cannot exceed more than 90 days from today's date.";
export const DEPENDENT_ALREADY_TERMED_MESSAGE = 'something wrong! This user has already been deleted.';
export const SUBSCRIBER_ALREADY_TERMED_MESSAGE = 'This subscriber is already terminated.';

export const terminationPayload = z.object({
  subscriberPK: z.number().int().positive(),
  employerPK: z.number().int().positive(),
  dependentPK: z.number().int().positive().nullable().optional(),
  firstName: z.string(),
  lastName: z.string(),
  eventDate: isoDate.or(z.literal('')).refine(Boolean, 'Event Date is required!'),
  terminationDate: isoDate.or(z.literal('')).refine(Boolean, 'Termination Date is required!'),
  reasonPK: z.number().int().positive().optional(),
  comment: z.string().max(500).optional(),
});
export type TerminationPayload = z.infer<typeof terminationPayload>;
