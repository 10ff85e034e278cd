import { z } from 'zod';
import { dateOrderMessage, inDateOrder, optionalDateFilter } from './date-filter';

/** The labels of a Start Date / End Date filter, by field. */
export const DATE_RANGE_LABELS = { startDate: 'Start Date', endDate: 'End Date' } as const;

type DateRangeValues = { startDate: string; endDate: string };

/** Start Date and End Date of a filter form; both optional. */
export const dateRangeFields = {
  startDate: optionalDateFilter(DATE_RANGE_LABELS.startDate),
  endDate: optionalDateFilter(DATE_RANGE_LABELS.endDate),
};

/** The rule that the range is in order when both dates are given, reported on the End Date. */
export const dateRangeInOrder: [(range: DateRangeValues) => boolean, { path: string[]; message: string }] = [
  (range) => inDateOrder(range.startDate, range.endDate),
  { path: ['endDate'], message: dateOrderMessage(DATE_RANGE_LABELS.startDate, DATE_RANGE_LABELS.endDate) },
];

/** Start Date and End Date of the report screens. */
export const dateRangeForm = z.object(dateRangeFields).refine(...dateRangeInOrder);
export type DateRange = z.output<typeof dateRangeForm>;

/** Blank dates are left out of the call instead of being sent as ''. */
export function rangeForCall(range: Partial<DateRange>): { startDate?: string; endDate?: string } {
  return {
    ...(range.startDate ? { startDate: range.startDate } : {}),
    ...(range.endDate ? { endDate: range.endDate } : {}),
  };
}
