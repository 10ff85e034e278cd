import { createFileRoute } from '@tanstack/react-router';
import { subscriberQueries } from '../../../api/subscriber-queries';
import { pk } from '../../../contracts/common';
import { MemberViewPage } from '../../../features/member-view/components/member-view-page';

export const Route = createFileRoute('/_authenticated/member/$subscriberPK')({
  staticData: { title: 'Member' },
  params: {
    parse: ({ subscriberPK }) => ({ subscriberPK: pk.parse(subscriberPK) }),
    stringify: (p) => ({ subscriberPK: String(p.subscriberPK) }),
  },
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(subscriberQueries.memberView(params.subscriberPK)),
  component: MemberView,
});

function MemberView() {
  const { subscriberPK } = Route.useParams();
  return <MemberViewPage subscriberPK={subscriberPK} />;
}
