import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { completeSignOut } from '../../features/session/sign-out';

export const Route = createFileRoute('/logout/callback')({
  staticData: { title: 'Logged out' },
  component: LogoutCallback,
});

function LogoutCallback() {
  const navigate = useNavigate();
  useEffect(() => {
    void completeSignOut().then(() => navigate({ to: '/', replace: true }));
  }, [navigate]);
  return <LoadingScreen />;
}
