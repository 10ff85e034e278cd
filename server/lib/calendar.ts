// Calendar arithmetic on 'yyyy-MM-dd' strings through date-fns. Dates are parsed to local midnight
// and formatted back in the same zone, so a calendar day never shifts.
import {
  addDays as addDaysToDate,
  addMonths as addMonthsToDate,
  differenceInCalendarDays,
  format,
  isValid,
  parseISO,
} from 'date-fns';
import { todayIsoDate } from '../../src/contracts/person-rules';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const toIso = (value: Date) => format(value, 'yyyy-MM-dd');

export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value) && isValid(parseISO(value)) && toIso(parseISO(value)) === value;
}

export function parseIsoDate(value: string): Date {
  return parseISO(value);
}

/** Today's calendar date where the process runs (not UTC: "today" is the user's day). */
export const localToday = todayIsoDate;

export function addDays(value: string, days: number): string {
  return toIso(addDaysToDate(parseISO(value), days));
}

/**
 * The start of the day after `value`, as the exclusive end of a range of whole days; null for the
 * last calendar day (9999-12-31), which has no day after it: a range up to it has no end.
 */
export function startOfDayAfter(value: string): Date | null {
  return value >= '9999-12-31' ? null : parseIsoDate(addDays(value, 1));
}

/** Adds calendar months; the day is clamped to the target month's length (Jan 31 + 1 → Feb 28/29). */
export function addMonths(value: string, months: number): string {
  return toIso(addMonthsToDate(parseISO(value), months));
}

export function addYears(value: string, years: number): string {
  return addMonths(value, years * 12);
}

export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(parseISO(to), parseISO(from));
}

export function yearOf(value: string): number {
  return Number(value.slice(0, 4));
}

/** First day of the month after the given date (typical benefits effective date after a hire). */
export { firstOfNextMonth } from '../../src/contracts/common';

export function maxDate(...values: string[]): string {
  return values.reduce((a, b) => (b > a ? b : a));
}

export function minDate(...values: string[]): string {
  return values.reduce((a, b) => (b < a ? b : a));
}

/** A timestamp on the given calendar day, at a fixed UTC time of day. */
export function atTime(day: string, hours: number, minutes = 0): Date {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d, hours, minutes));
}

/** 'yyyy-MM-dd' → 'MM/dd/yyyy' as the UI shows dates (spec 2 §9); sliced, so no time zone can shift the day. */
export function usDate(iso: string | null | undefined): string {
  if (!iso) return '';
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}
