import { format, isValid, parse } from 'date-fns';

// Calendar dates travel as `yyyy-MM-dd` text (API and form values); only date pickers see Date
// objects, always at local midnight, so no time zone ever shifts the day.

/** Stored while the typed date is incomplete or impossible, so validation can say so. */
export const INVALID_DATE_VALUE = 'invalid-date';

const ISO_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** `yyyy-MM-dd` to a local Date at midnight; null for anything else. */
export function isoToDate(value: string | null | undefined): Date | null {
  if (!value || !ISO_PATTERN.test(value)) return null;
  const date = parse(value, 'yyyy-MM-dd', new Date());
  return isValid(date) ? date : null;
}

/** A picked Date to `yyyy-MM-dd` in the user's own calendar (never through UTC). */
export function dateToIso(date: Date | null): string {
  if (date === null) return '';
  return isValid(date) ? format(date, 'yyyy-MM-dd') : INVALID_DATE_VALUE;
}

/** `yyyy-MM-dd` shown as MM/dd/yyyy; empty for no value, any other text as it is. */
export function formatIsoDate(value: string | null | undefined): string {
  const date = isoToDate(value);
  return date ? format(date, 'MM/dd/yyyy') : (value ?? '');
}
