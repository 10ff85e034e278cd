import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { FormDateField } from '../../../components/form/form-date-field';
import { dateRangeForm, type DateRange } from '../lib/date-range';
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
  const form = useForm<DateRange>({
    resolver: zodResolver(dateRangeForm),
    defaultValues: { startDate: search.startDate ?? '', endDate: search.endDate ?? '' },
  });

  return (
    <Stack
      component="form"
      role="search"
      aria-label={label}
      noValidate
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'flex-start' } }}
      onSubmit={form.handleSubmit(onSearch)}
    >
      <FormDateField control={form.control} name="startDate" label="Start Date" idPrefix="documents" />
      <FormDateField control={form.control} name="endDate" label="End Date" idPrefix="documents" />
      <Button type="submit" variant="contained" sx={{ alignSelf: { md: 'center' }, flexShrink: 0 }}>
        Search
      </Button>
    </Stack>
  );
}
