import { z } from 'zod';

// The date field holds '' when empty and a marker value while a typed date is incomplete; only a
// real calendar date or nothing may reach a call.
const optionalDate = (label: string) =>
  z.iso.date({ message: `${label} must be a valid date in MM/DD/YYYY format.` }).or(z.literal(''));

/** Start Date and End Date of the report screens; both optional (spec 2 §5 shows no range rule). */
export const dateRangeForm = z.object({
  startDate: optionalDate('Start Date'),
  endDate: optionalDate('End Date'),
});
export type DateRange = z.output<typeof dateRangeForm>;

export const EMPTY_DATE_RANGE: DateRange = { startDate: '', endDate: '' };

/** Blank dates are left out of the call instead of being sent as ''. */
export function rangeForCall(range: Partial<DateRange>): { startDate?: string; endDate?: string } {
  return {
    ...(range.startDate ? { startDate: range.startDate } : {}),
    ...(range.endDate ? { endDate: range.endDate } : {}),
  };
}
