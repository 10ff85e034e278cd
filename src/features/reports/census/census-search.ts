import { z } from 'zod';
import { isoDate } from '../../../contracts/common';
import type { DateRange } from '../lib/date-range';

/** The census range in the URL, so a reload or a shared link shows the same census. */
export const censusSearchSchema = z.object({
  startDate: isoDate.optional().catch(undefined),
  endDate: isoDate.optional().catch(undefined),
});
export type CensusSearch = z.output<typeof censusSearchSchema>;

/** The form's range as URL state: blank dates are left out, not written as ''. */
export function censusSearchOf(range: DateRange): CensusSearch {
  return { startDate: range.startDate || undefined, endDate: range.endDate || undefined };
}

/** The census call's body; both the summary and the file take it. */
export function censusBody(search: CensusSearch, employerPK: number) {
  return {
    employerPK,
    ...(search.startDate ? { startDate: search.startDate } : {}),
    ...(search.endDate ? { endDate: search.endDate } : {}),
  };
}
