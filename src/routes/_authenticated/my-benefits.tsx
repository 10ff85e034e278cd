import { createFileRoute } from '@tanstack/react-router';
import { myBenefitsQueries } from '../../api/my-benefits-queries';
import { MyBenefitsScreen } from '../../features/my-benefits/my-benefits-screen';

export const Route = createFileRoute('/_authenticated/my-benefits')({
  staticData: { title: 'My Benefits' },
  // The screen shows a failure in place (with a Retry), so the route does not wait for the answer.
  loader: ({ context }) => context.queryClient.prefetchQuery(myBenefitsQueries.coverage(context.employerPK)),
  component: MyBenefitsScreen,
});
