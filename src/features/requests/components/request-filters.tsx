import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { FilterFormButtons } from '../../../components/form/filter-form-buttons';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { ListSearchForm, useFilterForm } from '../../../components/list-page/list-search-form';
import { LIMITS } from '../../../contracts/person-rules';
import { REQUEST_STATUSES } from '../../../contracts/requests';
import {
  type AppliedFilters,
  filterFormValues,
  filtersOf,
  NO_FILTERS,
  REQUEST_FILTER_LABELS as LABELS,
  requestFilterForm,
} from '../lib/request-filter-form';
import type { RequestFilters } from '../lib/request-search';
import { STATUS_GROUPS, statusFilterLabel } from '../lib/request-status';

const ID_PREFIX = 'request-filter';
const QUARTER = { xs: 12, sm: 6, md: 3 };
const STATUS_OPTION_GROUPS = [
  ['Progress', STATUS_GROUPS],
  ['Status', REQUEST_STATUSES],
] as const;

type RequestFiltersFormProps = {
  filters: RequestFilters;
  /** Applies the filters (and goes back to the first page). */
  onApply: (filters: AppliedFilters) => void;
};

/**
 * Date range, last name, first name and request status. Typed values apply on Search; the parent
 * remounts this form when the URL's filters change (Back, a link), so the fields show them.
 */
export function RequestFiltersForm({ filters, onApply }: RequestFiltersFormProps) {
  const filter = useFilterForm(requestFilterForm, filterFormValues(filters), (values) => onApply(filtersOf(values)));
  const { control } = filter.form;
  const clear = () => {
    filter.form.reset(filterFormValues({}));
    onApply(NO_FILTERS);
  };

  return (
    <ListSearchForm label="Filter enrollment submissions" filter={filter} labels={LABELS} idPrefix={ID_PREFIX}>
      <Grid container spacing={2}>
        {(['dateFrom', 'dateTo'] as const).map((name) => (
          <Grid key={name} size={QUARTER}>
            <FormDateField control={control} name={name} label={LABELS[name]} idPrefix={ID_PREFIX} />
          </Grid>
        ))}
        {(['lastName', 'firstName'] as const).map((name) => (
          <Grid key={name} size={QUARTER}>
            <FormTextField
              control={control}
              name={name}
              label={LABELS[name]}
              maxLength={LIMITS.name}
              idPrefix={ID_PREFIX}
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              // Native, with the simple groups and the eight statuses as two option groups.
              <TextField
                select
                id={`${ID_PREFIX}-status`}
                label="Request Status"
                fullWidth
                name={field.name}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">All statuses</option>
                {STATUS_OPTION_GROUPS.map(([group, filters]) => (
                  <optgroup key={group} label={group}>
                    {filters.map((filter) => (
                      <option key={filter} value={filter}>
                        {statusFilterLabel(filter)}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <FilterFormButtons clearLabel="Clear Filters" onClear={clear} />
        </Grid>
      </Grid>
    </ListSearchForm>
  );
}
