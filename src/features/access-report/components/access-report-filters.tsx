import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, type Control } from 'react-hook-form';
import { FilterFormButtons } from '../../../components/form/filter-form-buttons';
import { fieldId } from '../../../components/form/field-messages';
import { ListSearchForm, useFilterForm } from '../../../components/list-page/list-search-form';
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
const ID_PREFIX = 'access';

/** Labels in screen order, for the fields and the error summary. */
const LABELS = {
  from: 'From',
  to: 'To',
  user: 'User (email contains)',
  member: 'Member (last name or SSN last 4)',
  endpoint: 'Action',
  outcome: 'Outcome',
} as const satisfies Record<keyof AccessReportFilterFormValues, string>;

/** Date range, user, member, action and outcome; Search applies them, Clear Filters drops them. */
export function AccessReportFilters({ search, onSearch }: AccessReportFiltersProps) {
  const filter = useFilterForm(accessReportFilterForm, filterFormValuesOf(search), (values) =>
    onSearch(filtersOf(values)),
  );
  const { form } = filter;

  return (
    <ListSearchForm label="Access Report filters" filter={filter} labels={LABELS} idPrefix={ID_PREFIX}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <FilterField control={form.control} name="from" type="date" />
        <FilterField control={form.control} name="to" type="date" />
        <FilterField control={form.control} name="user" />
        <FilterField control={form.control} name="member" />
        <FilterField control={form.control} name="endpoint" select>
          <MenuItem value="">All actions</MenuItem>
          {ACCESS_ENDPOINT_NAMES.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </FilterField>
        <FilterField control={form.control} name="outcome" select>
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
    </ListSearchForm>
  );
}

type FilterFieldProps = {
  control: Control<AccessReportFilterFormValues>;
  name: keyof AccessReportFilterFormValues;
  type?: 'date';
  select?: boolean;
  children?: React.ReactNode;
};

function FilterField({ control, name, type, select, children }: FilterFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          {...field}
          inputRef={ref}
          id={fieldId(name, ID_PREFIX)}
          label={LABELS[name]}
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
