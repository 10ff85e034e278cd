import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { enrollmentQueries } from '../../../api/enrollment-queries';
import { formatIsoDate } from '../../../lib/calendar-date';
import { FormSelectField, type SelectOption } from '../../../components/form/form-select-field';
import { FormYesNoField } from '../../../components/form/form-yes-no-field';
import type { Plan, PlanType } from '../../../contracts/employers';
import { planStep } from '../../../contracts/enrollment';
import { START_BEFORE_GROUP_MESSAGE, SUBSCRIBER_EXISTS_MESSAGE } from '../../../contracts/requests';
import { useEnrollmentResets } from '../../../stores/enrollment-draft-slice';
import { useFormDraftAutosave } from '../hooks/use-form-draft-autosave';
import { useInitialSections } from '../hooks/use-initial-sections';
import { useSaveOnLeave } from '../hooks/use-save-on-leave';
import { useStepSave } from '../hooks/use-step-save';
import { useWizardPointers } from '../hooks/use-wizard-pointers';
import { PLAN_LABELS as L } from '../lib/field-labels';
import { stepResolver } from '../lib/step-resolver';
import { planFromDetail } from '../lib/wizard-sections';
import { emptyPlan, isBlankDependent, type PlanValues } from '../lib/wizard-values';
import { CancelEnrollment } from './cancel-enrollment';
import { CoverageFields } from './coverage-fields';
import { FsaElections } from './fsa-elections';
import { NoticeDialog } from './notice-dialog';
import { StepErrorSummary } from './step-error-summary';
import { WizardStepLayout } from './wizard-step-layout';

/** Step 4; a clear of the subscriber (cancel) starts it again from the saved draft. */
export function PlanPage() {
  const resets = useEnrollmentResets();
  return <PlanStep key={resets} />;
}

const planOptions = (plans: readonly Plan[] | undefined): SelectOption[] =>
  (plans ?? []).map((p) => ({ value: p.pk, label: p.planName }));

function usePlans(employerPK: number, division: number | undefined, planType: PlanType) {
  return useQuery({
    ...enrollmentQueries.plans({ employerPK, division: division ?? 0, year: new Date().getFullYear(), planType }),
    enabled: division !== undefined,
  });
}

function useTiers(employerPK: number, division: number | undefined, isMedical: boolean, hasDependents: boolean) {
  return useQuery({
    ...enrollmentQueries.tiers({ employerPK, isMedical, hasDependents, divisionId: division ?? 0 }),
    enabled: division !== undefined,
  });
}

function PlanStep() {
  const pointers = useWizardPointers();
  const navigate = useNavigate();
  const { data: draft } = useSuspenseQuery(enrollmentQueries.draft(pointers.requestPK));
  const { data: divisions } = useSuspenseQuery(enrollmentQueries.divisions(pointers.employerPK));
  const { data: member } = useSuspenseQuery(enrollmentQueries.member(pointers.subscriberPK));
  const sections = useInitialSections(draft);
  const hasDependents =
    sections.dependents?.hasDependents ?? sections.dependents?.dependents.some((d) => !isBlankDependent(d)) ?? false;

  const resolver = useMemo(() => stepResolver<PlanValues>(() => planStep), []);
  // A change of coverage starts from the member's current elections.
  const [defaultValues] = useState<PlanValues>(() => sections.plan ?? (member ? planFromDetail(member) : emptyPlan()));
  const form = useForm<PlanValues>({ defaultValues, resolver, criteriaMode: 'all', shouldFocusError: false });
  useFormDraftAutosave('plan', form);
  const step = useStepSave(form, 'plan');
  // Set by the page's own ways out, so that leaving does not save a second time.
  const handled = useRef(false);
  useSaveOnLeave(pointers, () => form.getValues(), handled);

  const { control, setValue } = form;
  const [division, isMedical, isDental, isFsa] = useWatch({
    control,
    name: ['divisions', 'isMedicalCoverage', 'isDentalCoverage', 'isFSA'],
  });
  const groupEffectiveDate = useWatch({ control, name: 'groupEffectiveDate' });
  const medicalPlans = usePlans(pointers.employerPK, division, 'Medical');
  const dentalPlans = usePlans(pointers.employerPK, division, 'Dental');
  const fsaPlans = usePlans(pointers.employerPK, division, 'FSA');
  const medicalTiers = useTiers(pointers.employerPK, division, true, hasDependents);
  const dentalTiers = useTiers(pointers.employerPK, division, false, hasDependents);

  const divisionOptions = divisions.map((d) => ({ value: d.pk, label: `${d.locationCode} – ${d.description}` }));
  const tierOptions = (tiers: typeof medicalTiers.data) => (tiers ?? []).map((t) => ({ value: t.pk, label: t.name }));

  // Plans, tiers and elections belong to one division.
  const onDivisionChange = () => {
    for (const name of [
      'employerPlanPK',
      'medicalTierPK',
      'employerDentalPlanPK',
      'dentalTierPK',
      'fsaPlanPK',
    ] as const) {
      setValue(name, undefined);
    }
    setValue('groupEffectiveDate', '');
    setValue('FSAElections', []);
  };
  // The group starts with the medical plan's contract, else the dental plan's (as the server derives it).
  const refreshGroupDate = () => {
    const [medicalPK, dentalPK, medical, dental] = form.getValues([
      'employerPlanPK',
      'employerDentalPlanPK',
      'isMedicalCoverage',
      'isDentalCoverage',
    ]);
    const anchor =
      (medical ? medicalPlans.data?.find((p) => p.pk === medicalPK) : undefined) ??
      (dental ? dentalPlans.data?.find((p) => p.pk === dentalPK) : undefined);
    setValue('groupEffectiveDate', anchor?.contractBeginDate ?? '');
  };
  // Elections taken over from the member name their plans before the plans are read.
  useEffect(() => {
    if (!form.getValues('groupEffectiveDate')) refreshGroupDate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only once the plans have come
  }, [medicalPlans.data, dentalPlans.data]);
  const onMedicalAnswer = (covered: boolean) => {
    if (!covered) {
      setValue('employerPlanPK', undefined);
      setValue('medicalTierPK', undefined);
    }
    refreshGroupDate();
  };
  // Answering No to dental resets the dental plan and tier (spec 1 §4).
  const onDentalAnswer = (covered: boolean) => {
    if (!covered) {
      setValue('employerDentalPlanPK', undefined);
      setValue('dentalTierPK', undefined);
    }
    refreshGroupDate();
  };
  const onFsaAnswer = (enroll: boolean) => {
    if (enroll) return;
    setValue('FSAElections', []);
    setValue('fsaPlanPK', undefined);
    setValue('fsaAmount', '');
  };

  // Saved, then checked on the review page, where Submit is.
  const next = form.handleSubmit(
    () =>
      step.run({ saveStep: 4, values: form.getValues(), checkGroupStart: true }, async () => {
        handled.current = true;
        await navigate({ to: '/enroll-subscriber/review' });
      }),
    step.failedValidation,
  );

  const back = () =>
    void step.run({ saveStep: 3, values: form.getValues(), checkGroupStart: true }, async () => {
      handled.current = true;
      await navigate({ to: '/enroll-subscriber/dependent-information' });
    });

  const returnToEmployment = () => {
    handled.current = true;
    step.closeNotice();
    void navigate({ to: '/enroll-subscriber/employment-information' });
  };

  return (
    <WizardStepLayout
      step={4}
      onSubmit={(event) => void next(event)}
      failure={step.failure}
      conflict={step.conflict}
      summary={<StepErrorSummary form={form} section="plan" attempt={step.attempt} extra={step.serverMessages} />}
      actions={
        <>
          <Button variant="outlined" disabled={step.busy} onClick={back}>
            Back
          </Button>
          <CancelEnrollment disabled={step.busy} onBeforeLeave={() => (handled.current = true)} />
          <Button type="submit" variant="contained" disabled={step.busy}>
            Next
          </Button>
        </>
      }
    >
      <Stack spacing={3} divider={<Divider flexItem />}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormSelectField
              control={control}
              name="divisions"
              label={L.divisions}
              required
              options={divisionOptions}
              onValueChange={onDivisionChange}
            />
          </Grid>
          {groupEffectiveDate && (
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                id="field-groupEffectiveDate"
                label={L.groupEffectiveDate}
                value={formatIsoDate(groupEffectiveDate)}
                fullWidth
                slotProps={{ htmlInput: { readOnly: true } }}
                helperText="Contract start of the chosen plan"
              />
            </Grid>
          )}
        </Grid>
        <CoverageFields
          control={control}
          kind="Medical"
          answerName="isMedicalCoverage"
          planName="employerPlanPK"
          tierName="medicalTierPK"
          covered={isMedical}
          plans={planOptions(medicalPlans.data)}
          tiers={tierOptions(medicalTiers.data)}
          loading={medicalPlans.isLoading || medicalTiers.isLoading}
          onAnswer={onMedicalAnswer}
          onPlanChange={refreshGroupDate}
        />
        <CoverageFields
          control={control}
          kind="Dental"
          answerName="isDentalCoverage"
          planName="employerDentalPlanPK"
          tierName="dentalTierPK"
          covered={isDental}
          plans={planOptions(dentalPlans.data)}
          tiers={tierOptions(dentalTiers.data)}
          loading={dentalPlans.isLoading || dentalTiers.isLoading}
          onAnswer={onDentalAnswer}
          onPlanChange={refreshGroupDate}
        />
        <section aria-label="Flexible spending account">
          <FormYesNoField control={control} name="isFSA" label={L.isFSA} onValueChange={onFsaAnswer} />
          {isFsa && (
            <>
              <Typography variant="body2" sx={{ mt: 1, mb: 2, color: 'text.secondary' }}>
                Choose an FSA plan and the yearly contribution, then add the election.
              </Typography>
              <FsaElections form={form} plans={planOptions(fsaPlans.data)} loading={fsaPlans.isLoading} />
            </>
          )}
        </section>
      </Stack>
      <NoticeDialog
        open={step.notice === 'startBeforeGroup'}
        title="Notice"
        message={START_BEFORE_GROUP_MESSAGE}
        buttonLabel="Return to previous step"
        onClose={returnToEmployment}
      />
      {/* Submit checks the SSN against the group's subscribers once more. */}
      <NoticeDialog
        open={step.notice === 'exists'}
        title="Subscriber Record Exists"
        message={SUBSCRIBER_EXISTS_MESSAGE}
        onClose={step.closeNotice}
      />
    </WizardStepLayout>
  );
}
