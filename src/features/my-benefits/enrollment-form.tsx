import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { openEnrollmentQueries } from '../../api/open-enrollment-queries';
import { myBenefitsQueries } from '../../api/my-benefits-queries';
import { endpoints } from '../../contracts/endpoints';
import {
  submitElectionsBody,
  type CoverageChoice,
  type MyEnrollment,
  type SubmitElectionsBody,
} from '../../contracts/open-enrollment';
import { useEndpointMutation } from '../../lib/endpoint-query';
import { notify } from '../../stores/notification-store';
import { ElectionCard } from './election-card';
import { NewDependentsCard } from './new-dependents-card';

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
  const form = useForm<SubmitElectionsBody>({
    resolver: zodResolver(submitElectionsBody),
    defaultValues: {
      employerPK,
      elections: enrollment.choices.map(startOf),
      newDependents: enrollment.newDependents,
    },
  });
  const onSubmit = form.handleSubmit((body) =>
    submit.mutate(
      // A kept plan is the server's to name (today's plan's successor).
      { body: { ...body, elections: body.elections.map((e) => (e.action === 'change' ? e : { ...e, planPK: null })) } },
      { onSuccess: () => notify({ severity: 'success', title: 'Your elections were submitted' }) },
    ),
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack spacing={2}>
        {enrollment.choices.map((choice, index) => (
          <ElectionCard key={choice.planType} choice={choice} index={index} control={form.control} />
        ))}
        <NewDependentsCard control={form.control} />
        <Button type="submit" variant="contained" size="large" loading={submit.isPending}>
          {enrollment.submittedAt ? 'Submit my new elections' : 'Submit my elections'}
        </Button>
      </Stack>
    </form>
  );
}
