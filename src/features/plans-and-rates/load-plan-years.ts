import { planYearQueries } from '../../api/plan-year-queries';
import type { GroupLoaderContext } from '../../lib/router-context';
import { chosenYear, type PlanYearSearch } from './plan-year-search';

/** For the route's loader: the group's years and the plans of the year shown; failures show in place. */
export async function loadPlanYears({ queryClient, employerPK }: GroupLoaderContext, search: PlanYearSearch) {
  try {
    const list = await queryClient.ensureQueryData(planYearQueries.list(employerPK));
    const year = chosenYear(list.years, search.year);
    if (year) await queryClient.ensureQueryData(planYearQueries.plans(employerPK, year.beginDate));
  } catch {
    // The screen shows the failure with a Retry.
  }
}
