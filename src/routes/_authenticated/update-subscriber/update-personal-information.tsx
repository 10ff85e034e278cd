import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { subscriberQueries } from '../../../components/member-chooser/api/subscriber-queries';
import { lookupQueries } from '../../../features/lookups/api/lookup-queries';
import { SubscriberUpdatePage } from '../../../features/member-update/components/subscriber-update-page';
import { subscriberPageSearch } from '../../../features/member-update/lib/member-page-search';

export const Route = createFileRoute('/_authenticated/update-subscriber/update-personal-information')({
  validateSearch: subscriberPageSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps: { subscriberPK } }) => {
    if (!subscriberPK) throw redirect({ to: '/update-subscriber/choose-a-subscriber-or-dependent' });
    await Promise.all([
      queryClient.ensureQueryData(subscriberQueries.details(subscriberPK)),
      queryClient.ensureQueryData(lookupQueries.dropdowns()),
    ]);
    return { subscriberPK };
  },
  component: UpdatePersonalInformation,
});

function UpdatePersonalInformation() {
  const { subscriberPK } = Route.useLoaderData();
  const { data: lookups } = useSuspenseQuery(lookupQueries.dropdowns());
  return <SubscriberUpdatePage key={subscriberPK} subscriberPK={subscriberPK} lookups={lookups} />;
}
