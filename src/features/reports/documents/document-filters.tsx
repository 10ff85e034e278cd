import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormErrorSummary } from '../../../components/form/form-error-summary';
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
    shouldFocusError: false,
  });
  const [attempt, setAttempt] = useState(0);

  return (
    <>
      <FormErrorSummary
        form={form}
        fields={[
          { name: 'startDate', label: 'Start Date' },
          { name: 'endDate', label: 'End Date' },
        ]}
        idPrefix="documents"
        attempt={attempt}
      />
      <Stack
        component="form"
        role="search"
        aria-label={label}
        noValidate
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'flex-start' } }}
        onSubmit={form.handleSubmit(onSearch, () => setAttempt((a) => a + 1))}
      >
        <FormDateField control={form.control} name="startDate" label="Start Date" idPrefix="documents" />
        <FormDateField control={form.control} name="endDate" label="End Date" idPrefix="documents" />
        <Button type="submit" variant="contained" sx={{ alignSelf: { md: 'center' }, flexShrink: 0 }}>
          Search
        </Button>
      </Stack>
    </>
  );
}
