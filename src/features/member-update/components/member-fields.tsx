import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormSelectField, type SelectOption } from '../../../components/form/form-select-field';
import { FormSsnField } from '../../../components/form/form-ssn-field';
import { FormTextField, type FormTextFieldProps } from '../../../components/form/form-text-field';
import type { LookupItem } from '../../../contracts/common';
import type { DropdownLists } from '../../../contracts/lookups';
import { LIMITS, todayIsoDate } from '../../../contracts/person-rules';
import type { PersonFieldNames } from '../lib/member-fields';

// Field groups shared by the subscriber and the dependent update forms, as items of their grid.

export const lookupOptions = (items: readonly LookupItem[]): SelectOption[] =>
  items.map((item) => ({ value: item.pk, label: item.name }));

type GroupProps<T extends FieldValues, TOut> = {
  control: Control<T, unknown, TOut>;
  idPrefix: string;
  lookups: DropdownLists;
};

type TextExtra = { required?: boolean; maxLength?: number } & Pick<
  FormTextFieldProps<FieldValues, string>,
  'type' | 'inputMode'
>;

/** Inputs bound to one form; names are the form's field paths. */
function inputsOf<T extends FieldValues, TOut>({ control, idPrefix }: GroupProps<T, TOut>) {
  const path = (name: string) => name as FieldPath<T>;
  return {
    path,
    text: (name: string, label: string, extra: TextExtra = {}) => (
      <FormTextField control={control} name={path(name)} label={label} idPrefix={idPrefix} {...extra} />
    ),
    select: (name: string, label: string, options: readonly SelectOption[], required?: boolean) => (
      <FormSelectField
        control={control}
        name={path(name)}
        label={label}
        required={required}
        options={options}
        idPrefix={idPrefix}
      />
    ),
  };
}

type PersonFieldsProps<T extends FieldValues, TOut> = GroupProps<T, TOut> & {
  names: PersonFieldNames;
  /** Last 4 digits of the SSN on file, shown above the new SSN when there are some. */
  ssnLast4: string | null | undefined;
  /** Width of the selects after the birth date. */
  selectSize: 4 | 6;
  /** A required select between Gender and Marital Status (the dependent's Relationship). */
  extraSelect?: { name: string; label: string; options: readonly SelectOption[] };
};

/** Names, a new SSN (optional: the one on file is kept), birth date, gender and marital status. */
export function PersonFields<T extends FieldValues, TOut>(props: PersonFieldsProps<T, TOut>) {
  const { control, idPrefix, lookups, names, ssnLast4, selectSize, extraSelect } = props;
  const { path, text, select } = inputsOf(props);
  return (
    <>
      <Grid size={{ xs: 12, sm: 5 }}>
        {text('firstName', 'First Name', { required: true, maxLength: LIMITS.name })}
      </Grid>
      <Grid size={{ xs: 12, sm: 2 }}>{text(names.middle, 'Middle Initial', { maxLength: LIMITS.middleInitial })}</Grid>
      <Grid size={{ xs: 12, sm: 5 }}>{text('lastName', 'Last Name', { required: true, maxLength: LIMITS.name })}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {ssnLast4 && (
          <Typography data-testid="ssn-on-file" sx={{ mb: 1 }}>
            SSN ending in {ssnLast4}
          </Typography>
        )}
        <FormSsnField
          control={control}
          name={path('ssn')}
          label="New SSN"
          idPrefix={idPrefix}
          helperText="Leave empty to keep the SSN on file."
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }} sx={{ alignSelf: 'flex-end' }}>
        <FormDateField
          control={control}
          name={path('dateOfBirth')}
          label="Date of Birth"
          required
          disableFuture
          maxDate={todayIsoDate()}
          idPrefix={idPrefix}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: selectSize }}>
        {select(names.gender, 'Gender', lookupOptions(lookups.genders), true)}
      </Grid>
      {extraSelect && (
        <Grid size={{ xs: 12, sm: selectSize }}>
          {select(extraSelect.name, extraSelect.label, extraSelect.options, true)}
        </Grid>
      )}
      <Grid size={{ xs: 12, sm: selectSize }}>
        {select('maritalStatusPK', 'Marital Status', lookupOptions(lookups.maritalStatuses))}
      </Grid>
    </>
  );
}

type AddressFieldsProps<T extends FieldValues, TOut> = GroupProps<T, TOut> & {
  /** Path of the address in the form values (`address.`), empty when its fields are top-level. */
  prefix?: string;
  required?: boolean;
};

/** Address, Address Line 2, City, State and Zip Code. */
export function AddressFields<T extends FieldValues, TOut>(props: AddressFieldsProps<T, TOut>) {
  const { lookups, prefix = '', required } = props;
  const { text, select } = inputsOf(props);
  return (
    <>
      <Grid size={{ xs: 12, sm: 8 }}>
        {text(`${prefix}address1`, 'Address', { required, maxLength: LIMITS.address1 })}
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        {text(`${prefix}address2`, 'Address Line 2', { maxLength: LIMITS.address1 })}
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        {text(`${prefix}city`, 'City', { required, maxLength: LIMITS.cityExisting })}
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        {select(`${prefix}stateID`, 'State', lookupOptions(lookups.states), required)}
      </Grid>
      <Grid size={{ xs: 12, sm: 3 }}>
        {text(`${prefix}zipCode`, 'Zip Code', { required, maxLength: 10, inputMode: 'numeric' })}
      </Grid>
    </>
  );
}

type ContactFieldsProps<T extends FieldValues, TOut> = GroupProps<T, TOut> & {
  /** Phone and Email are required of a subscriber, not of a dependent. */
  required?: boolean;
  emailMaxLength: number;
  emailSize: 4 | 6;
};

/** Phone, Alternate Phone and Email Address. */
export function ContactFields<T extends FieldValues, TOut>(props: ContactFieldsProps<T, TOut>) {
  const { required, emailMaxLength, emailSize } = props;
  const { text } = inputsOf(props);
  const phone = { type: 'tel', maxLength: LIMITS.phoneInput, inputMode: 'tel' } as const;
  return (
    <>
      <Grid size={{ xs: 12, sm: 4 }}>{text('phone1', 'Phone', { required, ...phone })}</Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{text('phone2', 'Alternate Phone', phone)}</Grid>
      <Grid size={{ xs: 12, sm: emailSize }}>
        {text('emailAddress', 'Email Address', { required, type: 'email', maxLength: emailMaxLength })}
      </Grid>
    </>
  );
}
