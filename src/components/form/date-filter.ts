import { z } from 'zod';
import { isoDate } from '../../contracts/common';

/**
 * A date filter field as typed: '' is no filter, anything else must be a real calendar date (the
 * date field holds a marker while a typed date is incomplete or impossible).
 */
export function optionalDateFilter(label: string) {
  return z.string().refine((value) => value === '' || isoDate.safeParse(value).success, {
    message: `${label} must be a valid date in MM/DD/YYYY format.`,
  });
}

/** The message of a range typed backwards; the same words as the server's census check. */
export function dateOrderMessage(startLabel: string, endLabel: string): string {
  return `${endLabel} must not be before ${startLabel}.`;
}

/** True unless both are real dates and the end comes first (an unreadable date has its own message). */
export function inDateOrder(start: string | undefined, end: string | undefined): boolean {
  if (!isoDate.safeParse(start).success || !isoDate.safeParse(end).success) return true;
  return start! <= end!;
}
