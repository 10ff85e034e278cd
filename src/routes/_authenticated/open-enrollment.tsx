import { createFileRoute } from '@tanstack/react-router';
import { openEnrollmentQueries } from '../../api/open-enrollment-queries';
import { OpenEnrollmentScreen } from '../../features/open-enrollment/open-enrollment-screen';

export const Route = createFileRoute('/_authenticated/open-enrollment')({
  staticData: { title: 'Open Enrollment' },
  // The screen shows a failure in place (with a Retry), so the route does not wait for the answer.
  loader: ({ context }) => context.queryClient.prefetchQuery(openEnrollmentQueries.window(context.employerPK)),
  component: OpenEnrollmentScreen,
});
