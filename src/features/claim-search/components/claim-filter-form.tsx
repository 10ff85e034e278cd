import Stack from '@mui/material/Stack';
import { FilterFormButtons } from '../../../components/form/filter-form-buttons';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { ListSearchForm, useFilterForm } from '../../../components/list-page/list-search-form';
import { filterValues, formValuesOf } from '../../../lib/list-search';
import { CLAIM_FILTER_LABELS as LABELS, claimFilterForm } from '../claim-filter-form';
import { CLAIM_NAME_LIMIT, type ClaimSearch } from '../claim-search';

type ClaimFilterFormProps = {
  search: ClaimSearch;
  onSearch: (patch: Partial<ClaimSearch>) => void;
};

const BLANK = { firstName: '', lastName: '', startDate: '', endDate: '' };
const ID_PREFIX = 'claim-search';

/**
 * First name, last name, start and end date of service; applied on Search. The parent remounts it
 * when the URL's filters change (Back, a link), so the fields show them.
 */
export function ClaimFilterForm({ search, onSearch }: ClaimFilterFormProps) {
  const filter = useFilterForm(claimFilterForm, formValuesOf(search, BLANK), (values) =>
    onSearch({ ...filterValues(values), page: 1 }),
  );
  const { control, reset } = filter.form;

  const clear = () => {
    reset(BLANK);
    onSearch({ ...filterValues(BLANK), page: 1 });
  };

  return (
    <ListSearchForm label="Search claims" filter={filter} labels={LABELS} idPrefix={ID_PREFIX}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {(['firstName', 'lastName'] as const).map((name) => (
          <FormTextField
            key={name}
            control={control}
            name={name}
            label={LABELS[name]}
            maxLength={CLAIM_NAME_LIMIT}
            idPrefix={ID_PREFIX}
          />
        ))}
        {(['startDate', 'endDate'] as const).map((name) => (
          <FormDateField key={name} control={control} name={name} label={LABELS[name]} idPrefix={ID_PREFIX} />
        ))}
      </Stack>
      <FilterFormButtons clearLabel="Clear Search" onClear={clear} />
    </ListSearchForm>
  );
}
