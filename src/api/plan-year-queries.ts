import { endpoints } from '../contracts/endpoints';
import { endpointQueryOptions } from '../lib/endpoint-query';

const ROOT = 'plan-years';

/** Keys are ['plan-years', verb, input]; every change of plans or rates invalidates all(). */
export const planYearQueries = {
  all: () => [ROOT] as const,
  list: (employerPK: number) =>
    endpointQueryOptions(ROOT, 'list', endpoints.planYearList, { query: { employerPK } }, { notify: false }),
  plans: (employerPK: number, beginDate: string) =>
    endpointQueryOptions(
      ROOT,
      'plans',
      endpoints.planYearPlans,
      { query: { employerPK, beginDate } },
      { notify: false },
    ),
};
