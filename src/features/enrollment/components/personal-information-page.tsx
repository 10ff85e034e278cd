import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { enrollmentQueries } from '../../../api/enrollment-queries';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormSsnField } from '../../../components/form/form-ssn-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { subscriberSchemaFor } from '../../../contracts/enrollment';
import type { DropdownLists } from '../../../contracts/lookups';
import { LIMITS, todayIsoDate } from '../../../contracts/person-rules';
import { SUBSCRIBER_EXISTS_MESSAGE } from '../../../contracts/requests';
import { useEnrollmentResets } from '../../../stores/enrollment-draft-slice';
import { useFormDraftAutosave } from '../hooks/use-form-draft-autosave';
import { useInitialSections } from '../hooks/use-initial-sections';
import { useStepSave } from '../hooks/use-step-save';
import { useWizardPointers } from '../hooks/use-wizard-pointers';
import { SUBSCRIBER_LABELS as L } from '../lib/field-labels';
import { personOptions } from '../lib/lookup-options';
import { stepResolver } from '../lib/step-resolver';
import { subscriberFromDetail } from '../lib/wizard-sections';
import { emptySubscriber, type SubscriberValues } from '../lib/wizard-values';
import { CancelEnrollment } from './cancel-enrollment';
import { NoticeDialog } from './notice-dialog';
import { StepErrorSummary } from './step-error-summary';
import { WizardStepLayout } from './wizard-step-layout';

type PageProps = { lists: DropdownLists };

/** Step 1. A clear of the subscriber (menu, cancel) starts it again with an empty form. */
export function PersonalInformationPage({ lists }: PageProps) {
  const resets = useEnrollmentResets();
  return <PersonalInformationStep key={resets} lists={lists} />;
}

function PersonalInformationStep({ lists }: PageProps) {
  const pointers = useWizardPointers();
  const { data: draft } = useSuspenseQuery(enrollmentQueries.draft(pointers.requestPK));
  // Change coverage starts from the member on file (the later issue completes that flow).
  const { data: member } = useSuspenseQuery(enrollmentQueries.member(pointers.subscriberPK));
  const sections = useInitialSections(draft);
  const existingMember = pointers.subscriberPK !== null;
  const options = useMemo(() => personOptions(lists), [lists]);

  const resolver = useMemo(
    () => stepResolver<SubscriberValues>((v) => subscriberSchemaFor({ existingMember, ssnStored: !!v.ssnLast4 })),
    [existingMember],
  );
  const form = useForm<SubscriberValues>({
    defaultValues: sections.subscriber ?? (member ? subscriberFromDetail(member) : emptySubscriber()),
    resolver,
    criteriaMode: 'all',
    shouldFocusError: false,
  });
  useFormDraftAutosave('subscriber', form);
  const step = useStepSave(form, 'subscriber');
  const storedLast4 = useWatch({ control: form.control, name: 'ssnLast4' });
  const { control } = form;

  const onSubmit = form.handleSubmit(
    () => step.run({ saveStep: 1, values: form.getValues() }, { to: '/enroll-subscriber/employment-information' }),
    step.failedValidation,
  );

  return (
    <WizardStepLayout
      step={1}
      onSubmit={(event) => void onSubmit(event)}
      failure={step.failure}
      conflict={step.conflict}
      summary={<StepErrorSummary form={form} section="subscriber" attempt={step.attempt} extra={step.serverMessages} />}
      actions={
        <>
          <Button type="submit" variant="contained" disabled={step.busy}>
            Next
          </Button>
          <CancelEnrollment disabled={step.busy} />
        </>
      }
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 5 }}>
          <FormTextField
            control={control}
            name="firstName"
            label={L.firstName}
            required
            maxLength={LIMITS.name}
            autoComplete="given-name"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 2 }}>
          <FormTextField
            control={control}
            name="middleName"
            label={L.middleName}
            maxLength={LIMITS.middleInitial}
            autoComplete="additional-name"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <FormTextField
            control={control}
            name="lastName"
            label={L.lastName}
            required
            maxLength={LIMITS.name}
            autoComplete="family-name"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSsnField control={control} name="ssn" label={L.ssn} required={!storedLast4} storedLast4={storedLast4} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormDateField
            control={control}
            name="dateOfBirth"
            label={L.dateOfBirth}
            required
            disableFuture
            maxDate={todayIsoDate()}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelectField control={control} name="genderID" label={L.genderID} required options={options.genders} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelectField
            control={control}
            name="maritalStatusPK"
            label={L.maritalStatusPK}
            options={options.maritalStatuses}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }} />
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="address1"
            label={L.address1}
            required
            maxLength={LIMITS.address1}
            autoComplete="address-line1"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="address2"
            label={L.address2}
            maxLength={LIMITS.address1}
            autoComplete="address-line2"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={control}
            name="city"
            label={L.city}
            required
            maxLength={existingMember ? LIMITS.cityExisting : LIMITS.city}
            autoComplete="address-level2"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelectField control={control} name="stateID" label={L.stateID} required options={options.states} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={control}
            name="zipCode"
            label={L.zipCode}
            required
            maxLength={10}
            inputMode="numeric"
            autoComplete="postal-code"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={control}
            name="phone1"
            label={L.phone1}
            required
            type="tel"
            maxLength={LIMITS.phoneInput}
            autoComplete="tel"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="phone2" label={L.phone2} type="tel" maxLength={LIMITS.phoneInput} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={control}
            name="emailAddress"
            label={L.emailAddress}
            required
            type="email"
            maxLength={LIMITS.subscriberEmailInput}
            autoComplete="email"
          />
        </Grid>
      </Grid>
      <NoticeDialog
        open={step.notice === 'exists'}
        title="Subscriber Record Exists"
        message={SUBSCRIBER_EXISTS_MESSAGE}
        onClose={step.closeNotice}
      />
    </WizardStepLayout>
  );
}
