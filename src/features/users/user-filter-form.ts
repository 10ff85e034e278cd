import { z } from 'zod';
import { USER_STATUSES } from '../../contracts/users';
import { filterValues, formValuesOf } from '../../lib/list-search';
import type { UserFilters, UserSearch } from './user-search';

/** Labels of the fields that can be wrong, in screen order. */
export const USER_FILTER_LABELS = { search: 'Name or e-mail' } as const;

/** The filter fields as typed: blank means no filter. */
export const userFilterForm = z.object({
  search: z.string().trim().max(100, 'At most 100 characters.'),
  status: z.enum(USER_STATUSES).or(z.literal('')),
});
export type UserFilterFormInput = z.input<typeof userFilterForm>;

export function filterFormValues(search: UserSearch): UserFilterFormInput {
  return formValuesOf(search, { search: '', status: '' });
}

/** Blank fields mean no filter, so they leave the URL. */
export function filtersOf(values: z.output<typeof userFilterForm>): UserFilters {
  return filterValues(values);
}

/** Every filter removed. */
export const NO_FILTERS: UserFilters = { search: undefined, status: undefined };
