import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { subscriberQueries } from '../../../components/member-chooser/api/subscriber-queries';
import { lookupQueries } from '../../../features/lookups/api/lookup-queries';
import { TerminationPage } from '../../../features/termination/components/termination-page';
import { terminateSearch } from '../../../features/termination/lib/terminate-search';
import { dependentListQueryOptions } from '../../../lib/dependent-list';

export const Route = createFileRoute('/_authenticated/terminate-subscriber/information')({
  validateSearch: terminateSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps: { subscriberPK, dependentPK } }) => {
    if (!subscriberPK) throw redirect({ to: '/terminate-subscriber/choose-a-subscriber-or-dependent' });
    await Promise.all([
      queryClient.ensureQueryData(subscriberQueries.details(subscriberPK)),
      queryClient.ensureQueryData(lookupQueries.list('terminatePlanReason')),
      dependentPK && queryClient.ensureQueryData(dependentListQueryOptions({ subscriberPK, includetermed: true })),
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
