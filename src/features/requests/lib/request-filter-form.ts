import { z } from 'zod';
import { dateOrderMessage, inDateOrder, optionalDateFilter } from '../../../components/form/date-filter';
import { LIMITS } from '../../../contracts/person-rules';
import { filterValues, formValuesOf } from '../../../lib/list-search';
import type { RequestFilters } from './request-search';
import { STATUS_FILTERS } from './request-status';

/** Labels of the fields that can be wrong, in screen order. */
export const REQUEST_FILTER_LABELS = {
  dateFrom: 'Date From',
  dateTo: 'Date To',
  lastName: 'Last Name',
  firstName: 'First Name',
} as const;

export const DATE_ORDER_MESSAGE = dateOrderMessage(REQUEST_FILTER_LABELS.dateFrom, REQUEST_FILTER_LABELS.dateTo);

/** The filter fields as typed: every one optional, names trimmed, the range in order. */
export const requestFilterForm = z
  .object({
    dateFrom: optionalDateFilter(REQUEST_FILTER_LABELS.dateFrom),
    dateTo: optionalDateFilter(REQUEST_FILTER_LABELS.dateTo),
    lastName: z.string().trim().max(LIMITS.name),
    firstName: z.string().trim().max(LIMITS.name),
    status: z.union([z.literal(''), z.enum(STATUS_FILTERS)]),
  })
  .refine((f) => inDateOrder(f.dateFrom, f.dateTo), { path: ['dateTo'], message: DATE_ORDER_MESSAGE });
export type RequestFilterFormInput = z.input<typeof requestFilterForm>;
export type RequestFilterFormValues = z.output<typeof requestFilterForm>;

export function filterFormValues(filters: RequestFilters): RequestFilterFormInput {
  return formValuesOf(filters, { dateFrom: '', dateTo: '', lastName: '', firstName: '', status: '' });
}

/** Every filter named, undefined where none applies, so applying them replaces all of the URL's. */
export type AppliedFilters = ReturnType<typeof filtersOf>;

/** Blank fields mean no filter, so they leave the URL. */
export function filtersOf(values: RequestFilterFormValues) {
  return filterValues(values);
}

/** Every filter removed. */
export const NO_FILTERS = filtersOf({ dateFrom: '', dateTo: '', lastName: '', firstName: '', status: '' });
