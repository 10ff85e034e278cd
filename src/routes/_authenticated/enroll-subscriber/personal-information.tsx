import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { lookupQueries } from '../../../api/lookup-queries';
import { PersonalInformationPage } from '../../../features/enrollment/components/personal-information-page';
import { loadEnrollmentStep } from '../../../features/enrollment/wizard-route';

export const Route = createFileRoute('/_authenticated/enroll-subscriber/personal-information')({
  staticData: { title: 'Enroll Subscriber: Personal Information' },
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(lookupQueries.dropdowns()), loadEnrollmentStep(context, 1)]),
  component: PersonalInformation,
});

function PersonalInformation() {
  const { data: lists } = useSuspenseQuery(lookupQueries.dropdowns());
  return <PersonalInformationPage lists={lists} />;
}
