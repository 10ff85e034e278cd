import { z } from 'zod';
import { dateOrderMessage, inDateOrder, optionalDateFilter } from '../../../components/form/date-filter';

/** Start Date and End Date of the report screens; both optional, and in order when both are given. */
export const dateRangeForm = z
  .object({
    startDate: optionalDateFilter('Start Date'),
    endDate: optionalDateFilter('End Date'),
  })
  .refine((range) => inDateOrder(range.startDate, range.endDate), {
    path: ['endDate'],
    message: dateOrderMessage('Start Date', 'End Date'),
  });
export type DateRange = z.output<typeof dateRangeForm>;

/** Blank dates are left out of the call instead of being sent as ''. */
export function rangeForCall(range: Partial<DateRange>): { startDate?: string; endDate?: string } {
  return {
    ...(range.startDate ? { startDate: range.startDate } : {}),
    ...(range.endDate ? { endDate: range.endDate } : {}),
  };
}
