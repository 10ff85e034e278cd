import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { employerQueries } from '../../features/employers/api/employer-queries';
import { GroupCards } from '../../features/employers/components/group-cards';

export const Route = createFileRoute('/_authenticated/')({
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
