import Typography from '@mui/material/Typography';
import { createFileRoute } from '@tanstack/react-router';
import { employerQueries } from '../../api/employer-queries';
import { rolesInGroup } from '../../contracts/permissions';
import { Deferred } from '../../components/ui/deferred';
import { PageHeading, PendingHeading } from '../../components/ui/page-heading';
import { Dashboard } from '../../features/dashboard/components/dashboard';
import { prefetchDashboard } from '../../features/dashboard/lib/dashboard-panels';
import { firstGroupCardsPage, GroupCards } from '../../features/employers/components/group-cards';
import { MyBenefitsCard } from '../../features/my-benefits/my-benefits-card';

export const Route = createFileRoute('/_authenticated/')({
  staticData: { title: 'Home' },
  loader: ({ context }) => {
    const { queryClient, session, employerPK } = context;
    // The panels and the cards show their own failure (with a Retry) rather than failing the screen.
    prefetchDashboard(context, rolesInGroup(session.groupRoles, employerPK));
    return Promise.all([
      queryClient.ensureQueryData(employerQueries.details(employerPK)),
      queryClient.prefetchQuery(firstGroupCardsPage()),
    ]);
  },
  component: Home,
});

function Home() {
  // The heading comes with the panels' frames, in one background pass React splits into short slices:
  // the heading says the screen is there. Until then its title stands where the pending shell put it.
  // Each panel's numbers fill in when they come.
  return (
    <Deferred fallback={<PendingHeading title="Home" />}>
      <PageHeading title="Home" subtitle="The current group at a glance" />
      <MyBenefitsCard />
      <Dashboard />
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Your employer groups
      </Typography>
      <GroupCards />
    </Deferred>
  );
}
