import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormSsnField } from '../../../components/form/form-ssn-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { dependentFormValues } from '../../../components/member-chooser/member-form-values';
import { existingDependentForm, type Dependent, type ExistingDependentForm } from '../../../contracts/dependents';
import { OFFERED_RELATIONSHIP_PKS, type DropdownLists } from '../../../contracts/lookups';
import { LIMITS, todayIsoDate } from '../../../contracts/person-rules';
import { useUpdateDependent } from '../api/update-member';
import { useReviewChanges } from '../hooks/use-review-changes';
import { dependentFields } from '../lib/dependent-fields';
import { applyServerFieldErrors, fieldsNamed } from '../../../components/form/server-field-errors';
import { ReviewActions } from './review-actions';
import { FormErrors } from './form-errors';

const ID_PREFIX = 'dependent';

type DependentUpdateFormProps = {
  dependent: Dependent;
  employerPK: number;
  lookups: DropdownLists;
  onSaved: () => void;
  onCancel: () => void;
};

const options = (items: readonly { pk: number; name: string }[]) =>
  items.map((item) => ({ value: item.pk, label: item.name }));

/** A dependent of an existing subscriber (spec 1 §5): SSN optional, the last 4 on file kept. */
export function DependentUpdateForm({ dependent, employerPK, lookups, onSaved, onCancel }: DependentUpdateFormProps) {
  const onFile = useMemo(() => dependentFormValues(dependent) as ExistingDependentForm, [dependent]);
  const fields = useMemo(() => dependentFields(lookups), [lookups]);
  // Only Spouse, Child and Domestic Partner are offered; a dependent keeps its own if it is another.
  const relationships = useMemo(() => {
    const offered: readonly number[] = OFFERED_RELATIONSHIP_PKS;
    return options(lookups.relationships.filter((r) => offered.includes(r.pk) || r.pk === dependent.relationshipPK));
  }, [lookups.relationships, dependent.relationshipPK]);

  const form = useForm({
    resolver: zodResolver(existingDependentForm),
    defaultValues: onFile,
    criteriaMode: 'all',
    mode: 'onTouched',
  });
  const { control, setFocus, formState } = form;
  const sameAddress = useWatch({ control, name: 'sameAddress' });
  const update = useUpdateDependent();

  const review = useReviewChanges({
    form,
    onFile,
    fields,
    save: (values) => {
      const { ssn, ...rest } = values;
      update.mutate(
        {
          query: { dependentPK: dependent.dependentPK },
          body: { dependent: ssn ? values : rest, changeReasonDetails: {}, employerPK },
        },
        {
          onSuccess: onSaved,
          onError: (error) => {
            applyServerFieldErrors(form, error, {
              fieldOf: fieldsNamed(
                fields.map((f) => f.name),
                'dependent',
              ),
              unplacedOnRoot: true,
            });
            review.failed();
          },
        },
      );
    },
  });

  const text = (name: Parameters<typeof setFocus>[0], label: string, extra: object = {}) => (
    <FormTextField control={control} name={name} label={label} idPrefix={ID_PREFIX} {...extra} />
  );

  return (
    <Stack component="form" noValidate onSubmit={review.review} spacing={3} aria-label="Dependent information">
      <FormErrors
        errors={formState.errors}
        fields={fields}
        idPrefix={ID_PREFIX}
        focusKey={review.focusKey}
        onSelect={(name) => setFocus(name as Parameters<typeof setFocus>[0])}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 5 }}>
          {text('firstName', 'First Name', { required: true, maxLength: LIMITS.name })}
        </Grid>
        <Grid size={{ xs: 12, sm: 2 }}>
          {text('middleInitial', 'Middle Initial', { maxLength: LIMITS.middleInitial })}
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          {text('lastName', 'Last Name', { required: true, maxLength: LIMITS.name })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {dependent.ssnLast4 && (
            <Typography data-testid="ssn-on-file" sx={{ mb: 1 }}>
              SSN ending in {dependent.ssnLast4}
            </Typography>
          )}
          <FormSsnField
            control={control}
            name="ssn"
            label="New SSN"
            idPrefix={ID_PREFIX}
            helperText="Leave empty to keep the SSN on file."
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }} sx={{ alignSelf: 'flex-end' }}>
          <FormDateField
            control={control}
            name="dateOfBirth"
            label="Date of Birth"
            required
            disableFuture
            maxDate={todayIsoDate()}
            idPrefix={ID_PREFIX}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelectField
            control={control}
            name="genderPK"
            label="Gender"
            required
            options={options(lookups.genders)}
            idPrefix={ID_PREFIX}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelectField
            control={control}
            name="relationshipPK"
            label="Relationship"
            required
            options={relationships}
            idPrefix={ID_PREFIX}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelectField
            control={control}
            name="maritalStatusPK"
            label="Marital Status"
            options={options(lookups.maritalStatuses)}
            idPrefix={ID_PREFIX}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormDateField
            control={control}
            name="marriageDate"
            label="Marriage Date"
            disableFuture
            idPrefix={ID_PREFIX}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          {text('phone1', 'Phone', { type: 'tel', maxLength: LIMITS.phoneInput, inputMode: 'tel' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          {text('phone2', 'Alternate Phone', { type: 'tel', maxLength: LIMITS.phoneInput, inputMode: 'tel' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('emailAddress', 'Email Address', { type: 'email', maxLength: LIMITS.dependentEmailInput })}
        </Grid>
        <Grid size={{ xs: 12 }}>
          <Controller
            control={control}
            name="sameAddress"
            render={({ field }) => (
              <FormControlLabel
                label="Same address as the subscriber"
                control={
                  <Checkbox
                    checked={Boolean(field.value)}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    slotProps={{ input: { ref: field.ref } }}
                  />
                }
              />
            )}
          />
        </Grid>
        {!sameAddress && (
          <>
            <Grid size={{ xs: 12, sm: 8 }}>{text('address.address1', 'Address', { maxLength: LIMITS.address1 })}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              {text('address.address2', 'Address Line 2', { maxLength: LIMITS.address1 })}
            </Grid>
            <Grid size={{ xs: 12, sm: 5 }}>{text('address.city', 'City', { maxLength: LIMITS.cityExisting })}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormSelectField
                control={control}
                name="address.stateID"
                label="State"
                options={options(lookups.states)}
                idPrefix={ID_PREFIX}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 3 }}>
              {text('address.zipCode', 'Zip Code', { maxLength: 10, inputMode: 'numeric' })}
            </Grid>
          </>
        )}
      </Grid>
      <ReviewActions review={review} saving={update.isPending} onCancel={onCancel} />
    </Stack>
  );
}
