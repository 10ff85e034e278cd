import Stack from '@mui/material/Stack';
import type { Control } from 'react-hook-form';
import { FormDateField } from '../../components/form/form-date-field';
import { FormTextField } from '../../components/form/form-text-field';
import { FormYesNoField } from '../../components/form/form-yes-no-field';
import { ID_PREFIX, type GroupSetupValues } from './group-setup-values';

/** The group itself: name, group ID, tax ID, effective date and whether its users need MFA. */
export function GroupFields({ control }: { control: Control<GroupSetupValues> }) {
  return (
    <Stack spacing={2}>
      <FormTextField
        control={control}
        name="employerName"
        label="Group name"
        maxLength={100}
        required
        idPrefix={ID_PREFIX}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="employerID"
          label="Group ID"
          helperText="G followed by 6 digits, e.g. G000123"
          maxLength={7}
          required
          idPrefix={ID_PREFIX}
        />
        <FormTextField
          control={control}
          name="taxID"
          label="Tax ID"
          helperText="9 digits, e.g. 12-3456789"
          maxLength={10}
          inputMode="numeric"
          required
          idPrefix={ID_PREFIX}
        />
        <FormDateField
          control={control}
          name="groupEffectiveDate"
          label="Group effective date"
          required
          idPrefix={ID_PREFIX}
        />
      </Stack>
      <FormYesNoField
        control={control}
        name="mfaRequired"
        label="Users must sign in with a second factor (MFA)"
        idPrefix={ID_PREFIX}
      />
    </Stack>
  );
}
