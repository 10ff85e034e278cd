import { createFileRoute } from '@tanstack/react-router';
import { lifeEventQueries } from '../../api/life-event-queries';
import { LifeEventScreen } from '../../features/my-benefits/life-event-screen';

export const Route = createFileRoute('/_authenticated/my-life-event')({
  staticData: { title: 'Report a Life Event' },
  loader: ({ context }) => context.queryClient.prefetchQuery(lifeEventQueries.options(context.employerPK)),
  component: LifeEventScreen,
});
