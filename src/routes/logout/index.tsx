import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { signOut } from '../../features/session/sign-out';

export const Route = createFileRoute('/logout/')({
  staticData: { title: 'Logging out' },
  component: Logout,
});

function Logout() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void signOut(queryClient);
  }, [queryClient]);
  return <LoadingScreen />;
}
