import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormSsnField } from '../../../components/form/form-ssn-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { subscriberFormValues } from '../../../components/member-chooser/member-form-values';
import type { DropdownLists } from '../../../contracts/lookups';
import { LIMITS, todayIsoDate } from '../../../contracts/person-rules';
import {
  existingSubscriberForm,
  type ExistingSubscriberForm,
  type SubscriberDetail,
} from '../../../contracts/subscribers';
import { useReviewChanges } from '../hooks/use-review-changes';
import { applyServerFieldErrors, fieldsNamed } from '../../../components/form/server-field-errors';
import { subscriberFields } from '../lib/subscriber-fields';
import { useUpdateSubscriber } from '../api/update-member';
import { ReviewActions } from './review-actions';
import { FormErrors } from './form-errors';

const ID_PREFIX = 'subscriber';

type SubscriberUpdateFormProps = {
  detail: SubscriberDetail;
  employerPK: number;
  lookups: DropdownLists;
  onSaved: () => void;
  onCancel: () => void;
};

const options = (items: readonly { pk: number; name: string }[]) =>
  items.map((item) => ({ value: item.pk, label: item.name }));

/** The existing-subscriber form (spec 1 §5): SSN optional, its last 4 kept, city up to 30. */
export function SubscriberUpdateForm({ detail, employerPK, lookups, onSaved, onCancel }: SubscriberUpdateFormProps) {
  const onFile = useMemo(() => subscriberFormValues(detail) as ExistingSubscriberForm, [detail]);
  const fields = useMemo(() => subscriberFields(lookups), [lookups]);
  const form = useForm({
    resolver: zodResolver(existingSubscriberForm),
    defaultValues: onFile,
    criteriaMode: 'all',
    mode: 'onTouched',
  });
  const { control, setFocus, formState } = form;
  const update = useUpdateSubscriber();

  const review = useReviewChanges({
    form,
    onFile,
    fields,
    save: (values) => {
      // An empty SSN means "keep the one on file": the variant without it applies.
      const { ssn, ...rest } = values;
      update.mutate(
        {
          query: { subscriberPK: detail.subscriberPK },
          body: { subscriber: ssn ? values : rest, changeReasonDetails: {}, employerPK },
        },
        {
          onSuccess: onSaved,
          onError: (error) => {
            applyServerFieldErrors(form, error, {
              fieldOf: fieldsNamed(
                fields.map((f) => f.name),
                'subscriber',
              ),
              unplacedOnRoot: true,
            });
            review.failed();
          },
        },
      );
    },
  });

  const text = (name: keyof ExistingSubscriberForm & string, label: string, extra: object = {}) => (
    <FormTextField control={control} name={name} label={label} idPrefix={ID_PREFIX} {...extra} />
  );

  return (
    <Stack component="form" noValidate onSubmit={review.review} spacing={3} aria-label="Personal information">
      <FormErrors
        errors={formState.errors}
        fields={fields}
        idPrefix={ID_PREFIX}
        focusKey={review.focusKey}
        onSelect={(name) => setFocus(name as keyof ExistingSubscriberForm)}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 5 }}>
          {text('firstName', 'First Name', { required: true, maxLength: LIMITS.name })}
        </Grid>
        <Grid size={{ xs: 12, sm: 2 }}>
          {text('middleName', 'Middle Initial', { maxLength: LIMITS.middleInitial })}
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          {text('lastName', 'Last Name', { required: true, maxLength: LIMITS.name })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Typography data-testid="ssn-on-file" sx={{ mb: 1 }}>
            SSN ending in {detail.ssnLast4}
          </Typography>
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
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField
            control={control}
            name="genderID"
            label="Gender"
            required
            options={options(lookups.genders)}
            idPrefix={ID_PREFIX}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField
            control={control}
            name="maritalStatusPK"
            label="Marital Status"
            options={options(lookups.maritalStatuses)}
            idPrefix={ID_PREFIX}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          {text('address1', 'Address', { required: true, maxLength: LIMITS.address1 })}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{text('address2', 'Address Line 2', { maxLength: LIMITS.address1 })}</Grid>
        <Grid size={{ xs: 12, sm: 5 }}>{text('city', 'City', { required: true, maxLength: LIMITS.cityExisting })}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelectField
            control={control}
            name="stateID"
            label="State"
            required
            options={options(lookups.states)}
            idPrefix={ID_PREFIX}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }}>
          {text('zipCode', 'Zip Code', { required: true, maxLength: 10, inputMode: 'numeric' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          {text('phone1', 'Phone', { required: true, type: 'tel', maxLength: LIMITS.phoneInput, inputMode: 'tel' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          {text('phone2', 'Alternate Phone', { type: 'tel', maxLength: LIMITS.phoneInput, inputMode: 'tel' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          {text('emailAddress', 'Email Address', {
            required: true,
            type: 'email',
            maxLength: LIMITS.subscriberEmailInput,
          })}
        </Grid>
      </Grid>
      <ReviewActions review={review} saving={update.isPending} onCancel={onCancel} />
    </Stack>
  );
}
