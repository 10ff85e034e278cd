import { useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { renewIfExpired, startAutomaticSignIn } from '../sign-in';
import { SessionExpiredPage } from './session-expired-page';

/**
 * The user expired or was dropped while a screen was open (e.g. a 401): try a silent renewal,
 * else sign in again and come back here; once a minute at most, then the expired-session message.
 */
export function SignInRedirect() {
  const { user } = useAuth();
  const href = useLocation({ select: (location) => location.href });
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    void (async () => {
      // A renewed user re-renders the layout through the auth context.
      if (await renewIfExpired(user)) return;
      if (!(await startAutomaticSignIn(href))) setExpired(true);
    })().catch((error: unknown) => console.error('Sign-in redirect failed', error));
  }, [href, user]);
  return expired ? <SessionExpiredPage /> : <LoadingScreen />;
}
