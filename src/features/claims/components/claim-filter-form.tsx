import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormErrorSummary } from '../../../components/form/form-error-summary';
import { FilterFormButtons } from '../../../components/form/filter-form-buttons';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { claimFilterForm, type ClaimFilterInput, type ClaimFilterValues } from '../claim-filter-form';
import { CLAIM_NAME_LIMIT, type ClaimSearch } from '../claim-search';

type ClaimFilterFormProps = {
  search: ClaimSearch;
  onSearch: (patch: Partial<ClaimSearch>) => void;
};

/**
 * First name, last name, start and end date of service; applied on Search. The parent remounts it
 * when the URL's filters change (Back, a link), so the fields show them.
 */
export function ClaimFilterForm({ search, onSearch }: ClaimFilterFormProps) {
  const [attempt, setAttempt] = useState(0);
  const form = useForm<ClaimFilterInput, unknown, ClaimFilterValues>({
    resolver: zodResolver(claimFilterForm),
    shouldFocusError: false,
    defaultValues: {
      firstName: search.firstName ?? '',
      lastName: search.lastName ?? '',
      startDate: search.startDate ?? '',
      endDate: search.endDate ?? '',
    },
  });
  const { control, handleSubmit, reset } = form;

  const submit = handleSubmit(
    (values) =>
      onSearch({
        firstName: values.firstName || undefined,
        lastName: values.lastName || undefined,
        startDate: values.startDate || undefined,
        endDate: values.endDate || undefined,
        page: 1,
      }),
    () => setAttempt((a) => a + 1),
  );

  const clear = () => {
    reset({ firstName: '', lastName: '', startDate: '', endDate: '' });
    onSearch({ firstName: undefined, lastName: undefined, startDate: undefined, endDate: undefined, page: 1 });
  };

  return (
    <Stack
      component="form"
      role="search"
      aria-label="Search claims"
      noValidate
      onSubmit={(event) => void submit(event)}
      spacing={2}
    >
      <FormErrorSummary
        form={form}
        fields={[
          { name: 'firstName', label: 'First Name' },
          { name: 'lastName', label: 'Last Name' },
          { name: 'startDate', label: 'Start Date' },
          { name: 'endDate', label: 'End Date' },
        ]}
        idPrefix="claim-search"
        attempt={attempt}
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="firstName"
          label="First Name"
          maxLength={CLAIM_NAME_LIMIT}
          idPrefix="claim-search"
        />
        <FormTextField
          control={control}
          name="lastName"
          label="Last Name"
          maxLength={CLAIM_NAME_LIMIT}
          idPrefix="claim-search"
        />
        <FormDateField control={control} name="startDate" label="Start Date" idPrefix="claim-search" />
        <FormDateField control={control} name="endDate" label="End Date" idPrefix="claim-search" />
      </Stack>
      <FilterFormButtons clearLabel="Clear Search" onClear={clear} />
    </Stack>
  );
}
