import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DATE_RANGE_LABELS, dateRangeForm, type DateRange } from '../../components/form/date-range';
import { FormDateField } from '../../components/form/form-date-field';
import { ListSearchForm, useFilterForm } from '../../components/list-page/list-search-form';
import { formValuesOf } from '../../lib/list-search';
import type { DocumentSearch } from './document-search';

type DocumentFiltersProps = {
  /** Names the search landmark, e.g. 'Search Admin Invoice'. */
  label: string;
  search: DocumentSearch;
  onSearch: (range: DateRange) => void;
};

/**
 * Start Date and End Date, applied on Search. The parent remounts this form when the URL's dates
 * change (Back, a link), so the fields always show the dates the list was fetched with.
 */
export function DocumentFilters({ label, search, onSearch }: DocumentFiltersProps) {
  const filter = useFilterForm(dateRangeForm, formValuesOf(search, { startDate: '', endDate: '' }), onSearch);

  return (
    <ListSearchForm label={label} filter={filter} labels={DATE_RANGE_LABELS} idPrefix="documents">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        {(['startDate', 'endDate'] as const).map((name) => (
          <FormDateField
            key={name}
            control={filter.form.control}
            name={name}
            label={DATE_RANGE_LABELS[name]}
            idPrefix="documents"
          />
        ))}
        <Button type="submit" variant="contained" sx={{ alignSelf: { md: 'center' }, flexShrink: 0 }}>
          Search
        </Button>
      </Stack>
    </ListSearchForm>
  );
}
