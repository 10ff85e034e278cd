import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { dependentQueries } from '../../../api/dependent-queries';
import { lookupQueries } from '../../../api/lookup-queries';
import { subscriberQueries } from '../../../api/subscriber-queries';
import { DependentUpdatePage } from '../../../features/member-update/components/dependent-update-page';
import { dependentPageSearch } from '../../../features/member-update/lib/member-page-search';

export const Route = createFileRoute('/_authenticated/update-subscriber/update-dependent-information')({
  staticData: { title: 'Update Demographics: Dependent Information' },
  validateSearch: dependentPageSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps: { subscriberPK, dependentPK } }) => {
    if (!subscriberPK || !dependentPK) throw redirect({ to: '/update-subscriber/choose-a-subscriber-or-dependent' });
    await Promise.all([
      queryClient.ensureQueryData(subscriberQueries.details(subscriberPK)),
      queryClient.ensureQueryData(dependentQueries.list({ subscriberPK, includetermed: true })),
      queryClient.ensureQueryData(lookupQueries.dropdowns()),
    ]);
    return { subscriberPK, dependentPK };
  },
  component: UpdateDependentInformation,
});

function UpdateDependentInformation() {
  const { subscriberPK, dependentPK } = Route.useLoaderData();
  const { data: lookups } = useSuspenseQuery(lookupQueries.dropdowns());
  return (
    <DependentUpdatePage key={dependentPK} subscriberPK={subscriberPK} dependentPK={dependentPK} lookups={lookups} />
  );
}
