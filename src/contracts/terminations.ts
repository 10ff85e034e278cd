import { z } from 'zod';
import { id, isoDate, text } from './common';
import { LIMITS } from './person-rules';

/** Retro termination window (spec 1 §9). */
const RETRO_TERMINATION_DAYS = 90;

/**
 * The earliest event or termination date accepted on `today` (yyyy-MM-dd): 90 calendar days back
 * (spec 1 §4). Counted on the UTC calendar, which has no daylight-saving gaps, so no zone shifts it.
 */
export function earliestRetroDate(today: string): string {
  const [year, month, day] = today.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! - RETRO_TERMINATION_DAYS)).toISOString().slice(0, 10);
}

/** True for a date more than 90 days before `today`; both yyyy-MM-dd, so text order is date order. */
export function isBeyondRetroWindow(date: string, today: string): boolean {
  return date < earliestRetroDate(today);
}
export const RETRO_TERMINATION_MESSAGE = "A retro termination date cannot exceed more than 90 days from today's date.";
export const DEPENDENT_ALREADY_TERMED_MESSAGE = 'something wrong! This user has already been deleted.';
export const SUBSCRIBER_ALREADY_TERMED_MESSAGE = 'This subscriber is already terminated.';

export const terminationPayload = z.object({
  subscriberPK: id,
  employerPK: id,
  dependentPK: id.nullable().optional(),
  firstName: text(LIMITS.name),
  lastName: text(LIMITS.name),
  eventDate: isoDate.or(z.literal('')).refine(Boolean, 'Event Date is required!'),
  terminationDate: isoDate.or(z.literal('')).refine(Boolean, 'Termination Date is required!'),
  reasonPK: id.optional(),
  comment: text(500).optional(),
});
export type TerminationPayload = z.infer<typeof terminationPayload>;

/** The dates, reason and comment of a termination, for many members at once (a roster's leavers). */
export const terminationChoice = terminationPayload.pick({
  eventDate: true,
  terminationDate: true,
  reasonPK: true,
  comment: true,
});
export type TerminationChoice = z.infer<typeof terminationChoice>;
