import Grid from '@mui/material/Grid';
import { useWatch, type Control } from 'react-hook-form';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormSsnField } from '../../../components/form/form-ssn-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { LIMITS, todayIsoDate } from '../../../contracts/person-rules';
import { DEPENDENT_LABELS as L } from '../lib/field-labels';
import type { PersonOptions } from '../lib/lookup-options';
import type { DependentsValues } from '../lib/wizard-values';

const SPOUSE = 1;

type DependentFieldsProps = {
  control: Control<DependentsValues>;
  index: number;
  options: Pick<PersonOptions, 'genders' | 'relationships'>;
};

/** The form of one dependent. */
export function DependentFields({ control, index, options }: DependentFieldsProps) {
  const at = `dependents.${index}` as const;
  const [storedLast4, relationshipPK] = useWatch({ control, name: [`${at}.ssnLast4`, `${at}.relationshipPK`] });
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 5 }}>
        <FormTextField
          control={control}
          name={`${at}.firstName`}
          label={L.firstName}
          required
          maxLength={LIMITS.name}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 2 }}>
        <FormTextField
          control={control}
          name={`${at}.middleInitial`}
          label={L.middleInitial}
          maxLength={LIMITS.middleInitial}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <FormTextField control={control} name={`${at}.lastName`} label={L.lastName} required maxLength={LIMITS.name} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormSsnField
          control={control}
          name={`${at}.ssn`}
          label={L.ssn}
          required={!storedLast4}
          storedLast4={storedLast4}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormDateField
          control={control}
          name={`${at}.dateOfBirth`}
          label={L.dateOfBirth}
          required
          disableFuture
          maxDate={todayIsoDate()}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormSelectField
          control={control}
          name={`${at}.relationshipPK`}
          label={L.relationshipPK}
          required
          options={options.relationships}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormSelectField
          control={control}
          name={`${at}.genderPK`}
          label={L.genderPK}
          required
          options={options.genders}
        />
      </Grid>
      {relationshipPK === SPOUSE && (
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormDateField
            control={control}
            name={`${at}.marriageDate`}
            label={L.marriageDate}
            maxDate={todayIsoDate()}
          />
        </Grid>
      )}
      <Grid size={12} sx={{ p: 0 }} />
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField
          control={control}
          name={`${at}.phone1`}
          label={L.phone1}
          type="tel"
          maxLength={LIMITS.phoneInput}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField
          control={control}
          name={`${at}.phone2`}
          label={L.phone2}
          type="tel"
          maxLength={LIMITS.phoneInput}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField
          control={control}
          name={`${at}.emailAddress`}
          label={L.emailAddress}
          type="email"
          maxLength={LIMITS.dependentEmailInput}
        />
      </Grid>
    </Grid>
  );
}
