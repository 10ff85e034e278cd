import { z } from 'zod';
import { ACCESS_OUTCOMES } from '../../contracts/access-report';
import { isoDate } from '../../contracts/common';
import { endpoints, type EndpointName } from '../../contracts/endpoints';
import type { AccessReportFilterValues, AccessReportSearch } from './access-report-search';

/** Calls that can appear in the report: every call that names a group (audited, or refused). */
export const ACCESS_ENDPOINT_NAMES = (Object.keys(endpoints) as EndpointName[])
  .filter((name) => endpoints[name].scope.kind !== 'user')
  .sort();

const optionalDate = isoDate.or(z.literal(''));

/** The filter form: blank or real dates with the end on or after the start, and free text. */
export const accessReportFilterForm = z
  .object({
    from: optionalDate,
    to: optionalDate,
    user: z.string().trim().max(100, 'At most 100 characters.'),
    member: z.string().trim().max(50, 'At most 50 characters.'),
    endpoint: z.enum(ACCESS_ENDPOINT_NAMES as [EndpointName, ...EndpointName[]]).or(z.literal('')),
    outcome: z.enum(ACCESS_OUTCOMES).or(z.literal('')),
  })
  .refine((v) => !v.from || !v.to || v.to >= v.from, {
    path: ['to'],
    message: 'The end date must be on or after the start date.',
  });
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
  return {
    from: values.from || undefined,
    to: values.to || undefined,
    user: values.user || undefined,
    member: values.member || undefined,
    endpoint: values.endpoint || undefined,
    outcome: values.outcome || undefined,
  };
}
