import { z } from 'zod';
import type { DateRange } from '../../components/form/date-range';
import { dateParam, filterValues } from '../../lib/list-search';

/** The census range in the URL, so a reload or a shared link shows the same census. */
export const censusSearchSchema = z.object({
  startDate: dateParam(),
  endDate: dateParam(),
});
export type CensusSearch = z.output<typeof censusSearchSchema>;

/** The form's range as URL state: blank dates are left out, not written as ''. */
export function censusSearchOf(range: DateRange): CensusSearch {
  return filterValues(range);
}

/** The census call's body; both the summary and the file take it. */
export function censusBody(search: CensusSearch, employerPK: number) {
  return {
    employerPK,
    ...(search.startDate ? { startDate: search.startDate } : {}),
    ...(search.endDate ? { endDate: search.endDate } : {}),
  };
}
