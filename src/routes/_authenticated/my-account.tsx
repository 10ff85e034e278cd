import { createFileRoute } from '@tanstack/react-router';
import { myAccountQueries } from '../../api/my-account-queries';
import { MyAccountScreen } from '../../features/my-account/components/my-account-screen';

export const Route = createFileRoute('/_authenticated/my-account')({
  staticData: { title: 'My Account' },
  // The screen shows a failure in place (with a Retry), so the route does not wait for the answer.
  loader: ({ context }) => context.queryClient.prefetchQuery(myAccountQueries.me()),
  component: MyAccountScreen,
});
