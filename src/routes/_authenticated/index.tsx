import { createFileRoute } from '@tanstack/react-router';
import { employerQueries } from '../../api/employer-queries';
import { PageHeading } from '../../components/ui/page-heading';
import { GroupCards } from '../../features/employers/components/group-cards';

export const Route = createFileRoute('/_authenticated/')({
  staticData: { title: 'Home' },
  loader: ({ context: { queryClient, session } }) =>
    Promise.all(session.groupPKs.map((pk) => queryClient.ensureQueryData(employerQueries.details(pk)))),
  component: Home,
});

function Home() {
  return (
    <>
      <PageHeading title="Home" subtitle="Your employer groups" />
      <GroupCards />
    </>
  );
}
