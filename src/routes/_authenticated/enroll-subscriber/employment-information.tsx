import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { lookupQueries } from '../../../api/lookup-queries';
import { EmploymentInformationPage } from '../../../features/enrollment/components/employment-information-page';
import { loadEnrollmentStep, requireEnrollmentRequest } from '../../../features/enrollment/wizard-route';

export const Route = createFileRoute('/_authenticated/enroll-subscriber/employment-information')({
  staticData: { title: 'Enroll Subscriber: Employment Information' },
  beforeLoad: requireEnrollmentRequest,
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(lookupQueries.dropdowns()), loadEnrollmentStep(context, 2)]),
  component: EmploymentInformation,
});

function EmploymentInformation() {
  const { data: lists } = useSuspenseQuery(lookupQueries.dropdowns());
  return <EmploymentInformationPage lists={lists} />;
}
