import { z } from 'zod';
import { ACCESS_OUTCOMES } from '../../contracts/access-report';
import { endpoints, type EndpointName } from '../../contracts/endpoints';
import { dateOrderMessage, inDateOrder, optionalDateFilter } from '../../components/form/date-filter';
import { filterValues } from '../../lib/list-search';
import type { AccessReportFilterValues, AccessReportSearch } from './access-report-search';

/** Calls that can appear in the report: every call that names a group (audited, or refused). */
export const ACCESS_ENDPOINT_NAMES = (Object.keys(endpoints) as EndpointName[])
  .filter((name) => endpoints[name].scope.kind !== 'user')
  .sort();

/** The filter form: the one date-filter rule of every list, and free text. */
export const accessReportFilterForm = z
  .object({
    from: optionalDateFilter('From'),
    to: optionalDateFilter('To'),
    user: z.string().trim().max(100, 'At most 100 characters.'),
    member: z.string().trim().max(50, 'At most 50 characters.'),
    endpoint: z.enum(ACCESS_ENDPOINT_NAMES as [EndpointName, ...EndpointName[]]).or(z.literal('')),
    outcome: z.enum(ACCESS_OUTCOMES).or(z.literal('')),
  })
  .refine((v) => inDateOrder(v.from, v.to), { path: ['to'], message: dateOrderMessage('From', 'To') });
export type AccessReportFilterFormValues = z.input<typeof accessReportFilterForm>;

export function filterFormValuesOf(search: AccessReportSearch): AccessReportFilterFormValues {
  return {
    from: search.from ?? '',
    to: search.to ?? '',
    user: search.user ?? '',
    member: search.member ?? '',
    endpoint: (ACCESS_ENDPOINT_NAMES as string[]).includes(search.endpoint ?? '')
      ? (search.endpoint as EndpointName)
      : '',
    outcome: search.outcome ?? '',
  };
}

export function filtersOf(values: z.output<typeof accessReportFilterForm>): AccessReportFilterValues {
  return filterValues(values);
}
