import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { applyServerFieldErrors } from '../../../components/form/server-field-errors';
import type { LookupItem } from '../../../contracts/common';
import { OTHER_TERMINATION_REASON } from '../../../contracts/lookups';
import { terminationForm, type TerminationFormInput, type TerminationFormValues } from '../lib/termination-form';

const ID_PREFIX = 'termination';
const EMPTY: TerminationFormInput = { eventDate: '', terminationDate: '', reasonPK: undefined, comment: '' };

type TerminationFormProps = {
  reasons: readonly LookupItem[];
  /** Sends the request; a rejection with field errors is shown on the form (the rest by the call layer). */
  onNext: (values: TerminationFormValues) => Promise<void>;
  onBack: () => void;
};

/** Event Date, Benefit End Date, a reason (the list plus 'other reason') and a comment. */
export function TerminationForm({ reasons, onNext, onBack }: TerminationFormProps) {
  const form = useForm({ resolver: zodResolver(terminationForm), defaultValues: EMPTY, mode: 'onTouched' });
  const { control, formState } = form;
  const reasonOptions = [...reasons, OTHER_TERMINATION_REASON].map((r) => ({ value: r.pk, label: r.name }));

  const submit = form.handleSubmit(async (values) => {
    try {
      await onNext(values);
    } catch (error) {
      // Every message shows above the form, whichever field the server names.
      applyServerFieldErrors(form, error, { unplacedOnRoot: true });
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={3} aria-label="Termination information">
      {formState.errors.root?.server && <Alert severity="error">{formState.errors.root.server.message}</Alert>}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormDateField control={control} name="eventDate" label="Event Date" required idPrefix={ID_PREFIX} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormDateField
            control={control}
            name="terminationDate"
            label="Benefit End Date"
            required
            idPrefix={ID_PREFIX}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField
            control={control}
            name="reasonPK"
            label="Reason"
            options={reasonOptions}
            placeholder="Select a reason"
            idPrefix={ID_PREFIX}
          />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <Controller
            control={control}
            name="comment"
            render={({ field, fieldState }) => (
              <TextField
                id={`${ID_PREFIX}-comment`}
                label="Comment"
                multiline
                minRows={3}
                fullWidth
                name={field.name}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            )}
          />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          Next
        </Button>
      </Stack>
    </Stack>
  );
}
