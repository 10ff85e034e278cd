import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { useSuspenseQuery } from '@tanstack/react-query';
import { addDays, format } from 'date-fns';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { enrollmentQueries } from '../../../api/enrollment-queries';
import { FormAmountField } from '../../../components/form/form-amount-field';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { FormYesNoField } from '../../../components/form/form-yes-no-field';
import { isoToDate } from '../../../lib/calendar-date';
import { employmentStep } from '../../../contracts/enrollment';
import type { DropdownLists } from '../../../contracts/lookups';
import { readEnrollmentDraft, useEnrollmentResets } from '../../../stores/enrollment-draft-slice';
import { useFormDraftAutosave } from '../hooks/use-form-draft-autosave';
import { useInitialSections } from '../hooks/use-initial-sections';
import { useStepSave, type WizardPath } from '../hooks/use-step-save';
import { useWizardPointers } from '../hooks/use-wizard-pointers';
import { EMPLOYMENT_LABELS as L } from '../lib/field-labels';
import { toOptions } from '../lib/lookup-options';
import { stepResolver } from '../lib/step-resolver';
import { emptyEmployment, type EmploymentValues } from '../lib/wizard-values';
import { CancelEnrollment } from './cancel-enrollment';
import { StepErrorSummary } from './step-error-summary';
import { WizardStepLayout } from './wizard-step-layout';

type PageProps = { lists: DropdownLists };

/** After a dependent's termination the next enrollment starts the day after it (spec 1 §4). */
function dayAfter(iso: string | null): string {
  const date = isoToDate(iso);
  return date ? format(addDays(date, 1), 'yyyy-MM-dd') : '';
}

export function EmploymentInformationPage({ lists }: PageProps) {
  const resets = useEnrollmentResets();
  return <EmploymentInformationStep key={resets} lists={lists} />;
}

function EmploymentInformationStep({ lists }: PageProps) {
  const pointers = useWizardPointers();
  const { data: draft } = useSuspenseQuery(enrollmentQueries.draft(pointers.requestPK));
  const sections = useInitialSections(draft);
  const payFrequencies = useMemo(() => toOptions(lists.payFrequencies), [lists]);
  const resolver = useMemo(() => stepResolver<EmploymentValues>(() => employmentStep), []);
  const [defaultValues] = useState(() => {
    const values = sections.employment ?? emptyEmployment();
    const termDate = readEnrollmentDraft().dependentTermDate;
    return values.effectiveDate ? values : { ...values, effectiveDate: dayAfter(termDate) };
  });
  const form = useForm<EmploymentValues>({
    defaultValues,
    resolver,
    criteriaMode: 'all',
    shouldFocusError: false,
  });
  useFormDraftAutosave('employment', form);
  const step = useStepSave(form, 'employment');
  const { control } = form;

  const saveAndGo = (to: WizardPath) =>
    form.handleSubmit(() => step.run({ saveStep: 2, values: form.getValues() }, { to }), step.failedValidation);

  return (
    <WizardStepLayout
      step={2}
      onSubmit={(event) => void saveAndGo('/enroll-subscriber/dependent-information')(event)}
      failure={step.failure}
      conflict={step.conflict}
      summary={<StepErrorSummary form={form} section="employment" attempt={step.attempt} extra={step.serverMessages} />}
      actions={
        <>
          <Button
            variant="outlined"
            disabled={step.busy}
            onClick={() => void saveAndGo('/enroll-subscriber/personal-information')()}
          >
            Back
          </Button>
          <CancelEnrollment disabled={step.busy} />
          <Button type="submit" variant="contained" disabled={step.busy}>
            Next
          </Button>
        </>
      }
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormDateField control={control} name="dateOfHire" label={L.dateOfHire} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormDateField control={control} name="effectiveDate" label={L.effectiveDate} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="occupation" label={L.occupation} maxLength={50} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="jobTitle"
            label={L.jobTitle}
            maxLength={50}
            autoComplete="organization-title"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormAmountField control={control} name="payRate" label={L.payRate} valueAs="number" prefix="$" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField
            control={control}
            name="payRateFrequencyID"
            label={L.payRateFrequencyID}
            options={payFrequencies}
          />
        </Grid>
        <Grid size={12}>
          <FormYesNoField control={control} name="isCoveredByMedicare" label={L.isCoveredByMedicare} />
        </Grid>
      </Grid>
    </WizardStepLayout>
  );
}
