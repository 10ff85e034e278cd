import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { dependentQueries } from '../../../api/dependent-queries';
import { lookupQueries } from '../../../api/lookup-queries';
import { subscriberQueries } from '../../../api/subscriber-queries';
import { TerminationPage } from '../../../features/termination/components/termination-page';
import { terminateSearch } from '../../../features/termination/lib/terminate-search';

export const Route = createFileRoute('/_authenticated/terminate-subscriber/information')({
  staticData: { title: 'Terminate Subscriber/Dependent: Termination Information' },
  validateSearch: terminateSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps: { subscriberPK, dependentPK } }) => {
    if (!subscriberPK) throw redirect({ to: '/terminate-subscriber/choose-a-subscriber-or-dependent' });
    await Promise.all([
      queryClient.ensureQueryData(subscriberQueries.details(subscriberPK)),
      queryClient.ensureQueryData(lookupQueries.list('terminatePlanReason')),
      dependentPK && queryClient.ensureQueryData(dependentQueries.list({ subscriberPK, includetermed: true })),
    ]);
    return { subscriberPK, dependentPK };
  },
  component: TerminationInformation,
});

function TerminationInformation() {
  const { subscriberPK, dependentPK } = Route.useLoaderData();
  const { data: reasons } = useSuspenseQuery(lookupQueries.list('terminatePlanReason'));
  return (
    <TerminationPage
      key={`${subscriberPK}-${dependentPK}`}
      subscriberPK={subscriberPK}
      dependentPK={dependentPK}
      reasons={reasons}
    />
  );
}
