import { z } from 'zod';
import { dateOrderMessage, inDateOrder, optionalDateFilter } from '../../../components/form/date-filter';
import { LIMITS } from '../../../contracts/person-rules';
import type { RequestFilters } from './request-search';
import { STATUS_FILTERS } from './request-status';

export const DATE_ORDER_MESSAGE = dateOrderMessage('Date From', 'Date To');

/** The filter fields as typed: every one optional, names trimmed, the range in order. */
export const requestFilterForm = z
  .object({
    dateFrom: optionalDateFilter('Date From'),
    dateTo: optionalDateFilter('Date To'),
    lastName: z.string().trim().max(LIMITS.name),
    firstName: z.string().trim().max(LIMITS.name),
    status: z.union([z.literal(''), z.enum(STATUS_FILTERS)]),
  })
  .refine((f) => inDateOrder(f.dateFrom, f.dateTo), { path: ['dateTo'], message: DATE_ORDER_MESSAGE });
export type RequestFilterFormInput = z.input<typeof requestFilterForm>;
export type RequestFilterFormValues = z.output<typeof requestFilterForm>;

export function filterFormValues(filters: RequestFilters): RequestFilterFormInput {
  return {
    dateFrom: filters.dateFrom ?? '',
    dateTo: filters.dateTo ?? '',
    lastName: filters.lastName ?? '',
    firstName: filters.firstName ?? '',
    status: filters.status ?? '',
  };
}

/** Every filter named, undefined where none applies, so applying them replaces all of the URL's. */
export type AppliedFilters = {
  dateFrom: string | undefined;
  dateTo: string | undefined;
  lastName: string | undefined;
  firstName: string | undefined;
  status: RequestFilters['status'];
};

/** Blank fields mean no filter, so they leave the URL. */
export function filtersOf(values: RequestFilterFormValues): AppliedFilters {
  return {
    dateFrom: values.dateFrom || undefined,
    dateTo: values.dateTo || undefined,
    lastName: values.lastName || undefined,
    firstName: values.firstName || undefined,
    status: values.status || undefined,
  };
}

/** Every filter removed. */
export const NO_FILTERS = filtersOf({ dateFrom: '', dateTo: '', lastName: '', firstName: '', status: '' });
