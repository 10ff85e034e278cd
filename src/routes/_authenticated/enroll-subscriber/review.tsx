import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { lookupQueries } from '../../../api/lookup-queries';
import { ReviewPage } from '../../../features/enrollment/components/review-page';
import { loadEnrollmentStep, requireEnrollmentRequest } from '../../../features/enrollment/wizard-route';

export const Route = createFileRoute('/_authenticated/enroll-subscriber/review')({
  staticData: { title: 'Enroll Subscriber: Review and Submit' },
  beforeLoad: requireEnrollmentRequest,
  loader: ({ context }) => loadEnrollmentStep(context, 'review'),
  component: Review,
});

function Review() {
  const { data: lists } = useSuspenseQuery(lookupQueries.dropdowns());
  return <ReviewPage lists={lists} />;
}
