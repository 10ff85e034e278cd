import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm, type Control } from 'react-hook-form';
import { FilterFormButtons } from '../../../components/form/filter-form-buttons';
import {
  ACCESS_ENDPOINT_NAMES,
  accessReportFilterForm,
  filterFormValuesOf,
  filtersOf,
  type AccessReportFilterFormValues,
} from '../access-report-filter-form';
import type { AccessReportFilterValues, AccessReportSearch } from '../access-report-search';

type AccessReportFiltersProps = {
  search: AccessReportSearch;
  onSearch: (filters: AccessReportFilterValues) => void;
};

const EMPTY = filterFormValuesOf({});

/** Date range, user, member, action and outcome; Search applies them, Clear Filters drops them. */
export function AccessReportFilters({ search, onSearch }: AccessReportFiltersProps) {
  const form = useForm({ resolver: zodResolver(accessReportFilterForm), defaultValues: filterFormValuesOf(search) });
  const submit = form.handleSubmit((values) => onSearch(filtersOf(values)));

  return (
    <form noValidate aria-label="Access Report filters" onSubmit={submit}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <FilterField control={form.control} name="from" label="From" type="date" />
        <FilterField control={form.control} name="to" label="To" type="date" />
        <FilterField control={form.control} name="user" label="User (email contains)" />
        <FilterField control={form.control} name="member" label="Member (last name or SSN last 4)" />
        <FilterField control={form.control} name="endpoint" label="Action" select>
          <MenuItem value="">All actions</MenuItem>
          {ACCESS_ENDPOINT_NAMES.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </FilterField>
        <FilterField control={form.control} name="outcome" label="Outcome" select>
          <MenuItem value="">All outcomes</MenuItem>
          <MenuItem value="allowed">Allowed</MenuItem>
          <MenuItem value="refused">Refused</MenuItem>
        </FilterField>
        <FilterFormButtons
          clearLabel="Clear Filters"
          onClear={() => {
            form.reset(EMPTY);
            onSearch(filtersOf(accessReportFilterForm.parse(EMPTY)));
          }}
        />
      </Stack>
    </form>
  );
}

type FilterFieldProps = {
  control: Control<AccessReportFilterFormValues>;
  name: keyof AccessReportFilterFormValues;
  label: string;
  type?: 'date';
  select?: boolean;
  children?: React.ReactNode;
};

function FilterField({ control, name, label, type, select, children }: FilterFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          id={`access-${name}`}
          label={label}
          type={type}
          select={select}
          size="small"
          sx={{ minWidth: select ? 220 : 180 }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{ inputLabel: { shrink: type === 'date' ? true : undefined } }}
        >
          {children}
        </TextField>
      )}
    />
  );
}
