import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { lookupQueries } from '../../../api/lookup-queries';
import { DependentInformationPage } from '../../../features/enrollment/components/dependent-information-page';
import { loadEnrollmentStep, requireEnrollmentRequest } from '../../../features/enrollment/wizard-route';

export const Route = createFileRoute('/_authenticated/enroll-subscriber/dependent-information')({
  staticData: { title: 'Enroll Subscriber: Dependent Information' },
  beforeLoad: requireEnrollmentRequest,
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(lookupQueries.dropdowns()), loadEnrollmentStep(context, 3)]),
  component: DependentInformation,
});

function DependentInformation() {
  const { data: lists } = useSuspenseQuery(lookupQueries.dropdowns());
  return <DependentInformationPage lists={lists} />;
}
