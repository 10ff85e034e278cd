import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { openEnrollmentQueries } from '../../api/open-enrollment-queries';
import { myBenefitsQueries } from '../../api/my-benefits-queries';
import { endpoints } from '../../contracts/endpoints';
import type { CoverageChoice, MyEnrollment, SubmitElectionsBody } from '../../contracts/open-enrollment';
import { useEndpointMutation } from '../../lib/endpoint-query';
import { notify } from '../../stores/notification-store';
import { ElectionCard } from './election-card';
import { enrollmentFormSchema, fsaElected, fsaStart, type EnrollmentFormValues } from './enrollment-form-values';
import { FsaCard } from './fsa-card';
import { NewDependentsCard } from './new-dependents-card';
import { RemoveDependentsCard } from './remove-dependents-card';

/** The form's start: the member's submitted election, else keep (or choose when there is nothing to keep). */
function startOf(choice: CoverageChoice): SubmitElectionsBody['elections'][number] {
  const e = choice.election;
  if (e)
    return {
      planType: choice.planType,
      action: e.action,
      planPK: e.planPK,
      coverageOptionPK: e.coverageOptionPK,
      waiveReason: (e.waiveReason as SubmitElectionsBody['elections'][number]['waiveReason']) ?? null,
    };
  return {
    planType: choice.planType,
    action: choice.keepPlanPK === null ? 'change' : 'keep',
    planPK: null,
    coverageOptionPK: choice.tier.coverageOptionPK,
    waiveReason: null,
  };
}

/** Every coverage type's election, submitted together; a new submission replaces the last. */
export function EnrollmentForm({ employerPK, enrollment }: { employerPK: number; enrollment: MyEnrollment }) {
  const submit = useEndpointMutation(endpoints.submitElections, {
    invalidates: [openEnrollmentQueries.all(), myBenefitsQueries.all()],
  });
  const form = useForm<EnrollmentFormValues>({
    resolver: zodResolver(enrollmentFormSchema),
    defaultValues: {
      employerPK,
      elections: enrollment.choices.map(startOf),
      newDependents: enrollment.newDependents,
      FSAElections: fsaStart(enrollment),
      removeDependentPKs: enrollment.removeDependentPKs,
    },
  });
  const onSubmit = form.handleSubmit((values) =>
    submit.mutate(
      {
        body: {
          ...values,
          // A kept plan is the server's to name (today's plan's successor).
          elections: values.elections.map((e) => (e.action === 'change' ? e : { ...e, planPK: null })),
          FSAElections: fsaElected(values.FSAElections),
        },
      },
      { onSuccess: () => notify({ severity: 'success', title: 'Your elections were submitted' }) },
    ),
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack spacing={2}>
        {enrollment.choices.map((choice, index) => (
          <ElectionCard key={choice.planType} choice={choice} index={index} control={form.control} />
        ))}
        <RemoveDependentsCard control={form.control} dependents={enrollment.dependents} />
        <NewDependentsCard control={form.control} />
        <FsaCard control={form.control} plans={enrollment.fsaPlans} />
        <Button type="submit" variant="contained" size="large" loading={submit.isPending}>
          {enrollment.submittedAt ? 'Submit my new elections' : 'Submit my elections'}
        </Button>
      </Stack>
    </form>
  );
}
