import { z } from 'zod';
import type { PlanYears } from '../../contracts/plan-years';

/** The screen's search params: the plan year shown, by its first year (the current year when absent). */
export const planYearSearch = z.object({
  year: z.coerce.number().int().min(1900).max(2999).optional().catch(undefined),
});
export type PlanYearSearch = z.output<typeof planYearSearch>;

/** The plan year the URL names, else the current one, else the latest. */
export function chosenYear(years: PlanYears['years'], wanted: number | undefined) {
  return (
    years.find((y) => Number(y.beginDate.slice(0, 4)) === wanted) ??
    years.find((y) => y.current) ??
    years[years.length - 1]
  );
}
