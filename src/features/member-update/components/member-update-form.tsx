import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { ReviewedField } from '../lib/changed-fields';
import type { useReviewChanges } from '../hooks/use-review-changes';
import { FormErrors } from './form-errors';
import { ReviewActions } from './review-actions';

type MemberUpdateFormProps<TIn extends FieldValues, TOut> = {
  /** What `useMemberUpdateForm` returns. */
  state: {
    form: UseFormReturn<TIn, unknown, TOut>;
    review: ReturnType<typeof useReviewChanges>;
    fields: readonly ReviewedField[];
    idPrefix: string;
  };
  /** Accessible name of the form. */
  label: string;
  saving: boolean;
  onCancel: () => void;
  /** The form's fields, as items of one grid. */
  children: ReactNode;
};

/** An update form: its errors listed at the top, its fields, then Back and Review Changes. */
export function MemberUpdateForm<TIn extends FieldValues, TOut>({
  state,
  label,
  saving,
  onCancel,
  children,
}: MemberUpdateFormProps<TIn, TOut>) {
  const { form, review, fields, idPrefix } = state;
  return (
    <Stack component="form" noValidate onSubmit={review.review} spacing={3} aria-label={label}>
      <FormErrors
        errors={form.formState.errors}
        fields={fields}
        idPrefix={idPrefix}
        focusKey={review.focusKey}
        onSelect={(name) => form.setFocus(name as FieldPath<TIn>)}
      />
      <Grid container spacing={2}>
        {children}
      </Grid>
      <ReviewActions review={review} saving={saving} onCancel={onCancel} />
    </Stack>
  );
}
