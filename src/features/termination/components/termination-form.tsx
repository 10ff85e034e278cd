import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useFormState } from 'react-hook-form';
import { ErrorSummary } from '../../../components/form/error-summary';
import { fieldId } from '../../../components/form/field-messages';
import { flattenFieldErrors, sortByFieldOrder } from '../../../components/form/flatten-field-errors';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { applyServerFieldErrors } from '../../../components/form/server-field-errors';
import type { LookupItem } from '../../../contracts/common';
import { OTHER_TERMINATION_REASON } from '../../../contracts/lookups';
import { terminationForm, type TerminationFormInput, type TerminationFormValues } from '../../../lib/termination-form';
import { ConfirmTerminationDialog } from './confirm-termination-dialog';

const ID_PREFIX = 'termination';
const EMPTY: TerminationFormInput = { eventDate: '', terminationDate: '', reasonPK: undefined, comment: '' };

const LABELS: Record<string, string> = {
  eventDate: 'Event Date',
  terminationDate: 'Benefit End Date',
  reasonPK: 'Reason',
  comment: 'Comment',
};

type TerminationFormProps = {
  reasons: readonly LookupItem[];
  /** Who is terminated, as the confirmation names them. */
  member: string;
  /** Checks done before the confirmation (the retro window); false when one refused the dates. */
  onCheck: (values: TerminationFormValues) => boolean;
  /** Sends the request; a rejection with field errors is shown on the form (the rest by the call layer). */
  onNext: (values: TerminationFormValues) => Promise<void>;
  onBack: () => void;
};

/**
 * Event Date, Benefit End Date, a reason (the list plus 'other reason') and a comment; Next asks for
 * confirmation before anything is sent. A failed Next lists the errors at the top and focuses them.
 */
export function TerminationForm({ reasons, member, onCheck, onNext, onBack }: TerminationFormProps) {
  const form = useForm({
    resolver: zodResolver(terminationForm),
    defaultValues: EMPTY,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const { control } = form;
  const { errors } = useFormState({ control });
  const [attempt, setAttempt] = useState(0);
  const [toConfirm, setToConfirm] = useState<TerminationFormValues | null>(null);
  const [sending, setSending] = useState(false);
  const reasonOptions = [...reasons, OTHER_TERMINATION_REASON].map((r) => ({ value: r.pk, label: r.name }));
  const reasonName = (pk: number | undefined) => reasonOptions.find((r) => r.value === pk)?.label ?? 'Not given';

  const failed = () => setAttempt((a) => a + 1);
  const submit = form.handleSubmit((values) => {
    if (onCheck(values)) setToConfirm(values);
  }, failed);

  const confirm = async () => {
    if (!toConfirm) return;
    setSending(true);
    try {
      await onNext(toConfirm);
      setToConfirm(null);
    } catch (error) {
      setToConfirm(null);
      // Every message shows above the form, whichever field the server names.
      if (applyServerFieldErrors(form, error, { unplacedOnRoot: true })) failed();
    } finally {
      setSending(false);
    }
  };

  const summaryItems = [
    ...sortByFieldOrder(
      flattenFieldErrors(errors).filter((e) => e.name !== 'root.server'),
      Object.keys(LABELS),
    ).map((e) => ({ name: e.name, label: LABELS[e.name], message: e.message, fieldId: fieldId(e.name, ID_PREFIX) })),
    ...(errors.root?.server?.message ? [{ message: errors.root.server.message }] : []),
  ];

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      spacing={3}
      aria-label="Termination information"
    >
      <ErrorSummary
        items={summaryItems}
        focusKey={attempt}
        onSelect={(item) => item.name && form.setFocus(item.name as keyof TerminationFormInput)}
      />
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
        <Button type="submit" variant="contained" disabled={sending}>
          Next
        </Button>
      </Stack>
      <ConfirmTerminationDialog
        summary={
          toConfirm && {
            member,
            eventDate: toConfirm.eventDate,
            terminationDate: toConfirm.terminationDate,
            reason: reasonName(toConfirm.reasonPK),
            comment: toConfirm.comment,
          }
        }
        sending={sending}
        onConfirm={() => void confirm()}
        onCancel={() => setToConfirm(null)}
      />
    </Stack>
  );
}
