import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { startSignIn } from '../../features/session/sign-in';
import { completeSignOut } from '../../features/session/sign-out';

export const Route = createFileRoute('/logout/callback')({
  staticData: { title: 'Logged out' },
  component: LogoutCallback,
});

function LogoutCallback() {
  const navigate = useNavigate();
  useEffect(() => {
    void completeSignOut().then((state) =>
      // After an idle logoff, straight to the sign-in page, which says why; then back where the user was.
      state?.reason === 'inactivity'
        ? startSignIn(state.returnTo, { afterInactivity: true }).catch(() => navigate({ to: '/', replace: true }))
        : navigate({ to: '/', replace: true }),
    );
  }, [navigate]);
  return <LoadingScreen />;
}
