import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { SignedOutElsewherePage } from '../../features/session/components/signed-out-elsewhere-page';
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
  // Told by another tab, this one only drops its session (the other ends it at the provider) and says so.
  const [droppedHere, setDroppedHere] = useState(false);
  useEffect(() => {
    void signOut(queryClient, { reason, returnTo, tellOtherTabs: !fromOtherTab }).then((scope) => {
      // The tab that logged out hears its own message too; it is on its way to the provider.
      if (scope === 'here') setDroppedHere(true);
    });
  }, [queryClient, reason, returnTo, fromOtherTab]);
  if (droppedHere) return <SignedOutElsewherePage reason={reason} returnTo={returnTo} />;
  return <LoadingScreen />;
}
