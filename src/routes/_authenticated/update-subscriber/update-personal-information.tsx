import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { lookupQueries } from '../../../api/lookup-queries';
import { subscriberQueries } from '../../../api/subscriber-queries';
import { SubscriberUpdatePage } from '../../../features/member-update/components/subscriber-update-page';
import { subscriberPageSearch } from '../../../features/member-update/lib/member-page-search';

export const Route = createFileRoute('/_authenticated/update-subscriber/update-personal-information')({
  staticData: { title: 'Update Demographics: Personal Information' },
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
