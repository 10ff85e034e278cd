import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormErrorSummary } from '../../../components/form/form-error-summary';
import { FilterFormButtons } from '../../../components/form/filter-form-buttons';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { LIMITS } from '../../../contracts/person-rules';
import { REQUEST_STATUSES } from '../../../contracts/requests';
import {
  type AppliedFilters,
  filterFormValues,
  filtersOf,
  NO_FILTERS,
  requestFilterForm,
  type RequestFilterFormInput,
  type RequestFilterFormValues,
} from '../lib/request-filter-form';
import type { RequestFilters } from '../lib/request-search';
import { STATUS_GROUPS, statusFilterLabel } from '../lib/request-status';

const ID_PREFIX = 'request-filter';

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
  const form = useForm<RequestFilterFormInput, unknown, RequestFilterFormValues>({
    resolver: zodResolver(requestFilterForm),
    defaultValues: filterFormValues(filters),
    shouldFocusError: false,
  });
  const [attempt, setAttempt] = useState(0);
  const { control } = form;

  const submit = form.handleSubmit(
    (values) => onApply(filtersOf(values)),
    () => setAttempt((a) => a + 1),
  );
  const clear = () => {
    form.reset(filterFormValues({}));
    onApply(NO_FILTERS);
  };

  return (
    <Stack
      component="form"
      role="search"
      aria-label="Filter enrollment submissions"
      noValidate
      onSubmit={submit}
      spacing={2}
    >
      <FormErrorSummary
        form={form}
        fields={[
          { name: 'dateFrom', label: 'Date From' },
          { name: 'dateTo', label: 'Date To' },
          { name: 'lastName', label: 'Last Name' },
          { name: 'firstName', label: 'First Name' },
        ]}
        idPrefix={ID_PREFIX}
        attempt={attempt}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FormDateField control={control} name="dateFrom" label="Date From" idPrefix={ID_PREFIX} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FormDateField control={control} name="dateTo" label="Date To" idPrefix={ID_PREFIX} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FormTextField
            control={control}
            name="lastName"
            label="Last Name"
            maxLength={LIMITS.name}
            idPrefix={ID_PREFIX}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FormTextField
            control={control}
            name="firstName"
            label="First Name"
            maxLength={LIMITS.name}
            idPrefix={ID_PREFIX}
          />
        </Grid>
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
                <optgroup label="Progress">
                  {STATUS_GROUPS.map((group) => (
                    <option key={group} value={group}>
                      {statusFilterLabel(group)}
                    </option>
                  ))}
                </optgroup>
                <optgroup label="Status">
                  {REQUEST_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {statusFilterLabel(status)}
                    </option>
                  ))}
                </optgroup>
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <FilterFormButtons clearLabel="Clear Filters" onClear={clear} />
        </Grid>
      </Grid>
    </Stack>
  );
}
