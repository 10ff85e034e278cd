import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAuth } from 'react-oidc-context';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { renewIfExpired, startSignIn } from '../sign-in';

/**
 * The user expired or was dropped while a screen was open (e.g. a 401): try a silent renewal,
 * else sign in again and come back here.
 */
export function SignInRedirect() {
  const { user } = useAuth();
  const href = useLocation({ select: (location) => location.href });
  useEffect(() => {
    void (async () => {
      // A renewed user re-renders the layout through the auth context.
      if (await renewIfExpired(user)) return;
      await startSignIn(href);
    })().catch((error: unknown) => console.error('Sign-in redirect failed', error));
  }, [href, user]);
  return <LoadingScreen />;
}
