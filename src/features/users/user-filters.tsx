import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { FilterFormButtons } from '../../components/form/filter-form-buttons';
import { FormTextField } from '../../components/form/form-text-field';
import { ListSearchForm, useFilterForm } from '../../components/list-page/list-search-form';
import { USER_SEARCH_MAX, USER_STATUSES } from '../../contracts/users';
import {
  filterFormValues,
  filtersOf,
  NO_FILTERS,
  USER_FILTER_LABELS as LABELS,
  userFilterForm,
} from './user-filter-form';
import { USER_STATUS_LABELS } from './user-labels';
import type { UserFilters, UserSearch } from './user-search';

const ID_PREFIX = 'user-filter';

type UserFiltersFormProps = {
  search: UserSearch;
  /** Applies the filters (and goes back to the first page). */
  onApply: (filters: UserFilters) => void;
};

/**
 * Name or e-mail, and status; applied on Search. The parent remounts this form when the URL's
 * filters change (Back, a link), so the fields show them.
 */
export function UserFiltersForm({ search, onApply }: UserFiltersFormProps) {
  const filter = useFilterForm(userFilterForm, filterFormValues(search), (values) => onApply(filtersOf(values)));
  const { control } = filter.form;
  const clear = () => {
    filter.form.reset(filterFormValues({}));
    onApply(NO_FILTERS);
  };

  return (
    <ListSearchForm label="Search users" filter={filter} labels={LABELS} idPrefix={ID_PREFIX}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <FormTextField
          control={control}
          name="search"
          label={LABELS.search}
          maxLength={USER_SEARCH_MAX}
          idPrefix={ID_PREFIX}
          sx={{ maxWidth: { md: 360 } }}
        />
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <TextField
              select
              id={`${ID_PREFIX}-status`}
              label="Status"
              name={field.name}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              sx={{ minWidth: 200 }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">All statuses</option>
              {USER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {USER_STATUS_LABELS[status]}
                </option>
              ))}
            </TextField>
          )}
        />
        <FilterFormButtons clearLabel="Clear Filters" onClear={clear} />
      </Stack>
    </ListSearchForm>
  );
}
