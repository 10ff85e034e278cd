import { createFileRoute } from '@tanstack/react-router';
import { openEnrollmentQueries } from '../../api/open-enrollment-queries';
import { MyEnrollmentScreen } from '../../features/my-benefits/my-enrollment-screen';

export const Route = createFileRoute('/_authenticated/my-enrollment')({
  staticData: { title: 'Enroll for Next Year' },
  // The screen shows a failure in place (with a Retry), so the route does not wait for the answer.
  loader: ({ context }) => context.queryClient.prefetchQuery(openEnrollmentQueries.mine(context.employerPK)),
  component: MyEnrollmentScreen,
});
