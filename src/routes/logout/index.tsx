import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { parseLogoutSearch } from '../../features/session/logout-search';
import { signOut } from '../../features/session/sign-out';

// Outside the signed-in layout, so nothing there starts a new sign-in while this one ends.
export const Route = createFileRoute('/logout/')({
  staticData: { title: 'Logging out' },
  validateSearch: parseLogoutSearch,
  component: Logout,
});

function Logout() {
  const queryClient = useQueryClient();
  const { reason, returnTo, fromOtherTab } = Route.useSearch();
  useEffect(() => {
    void signOut(queryClient, { reason, returnTo, tellOtherTabs: !fromOtherTab });
  }, [queryClient, reason, returnTo, fromOtherTab]);
  return <LoadingScreen />;
}
