import Button from '@mui/material/Button';
import { useState } from 'react';
import { MessagePage } from '../../../components/errors/message-page';
import type { SignOutReason } from '../session-channel';
import { startSignIn } from '../sign-in';

type SignedOutElsewherePageProps = { reason?: SignOutReason; returnTo?: string };

/**
 * A tab whose session another tab of the browser ended: it signs in again only when the user asks,
 * then comes back to where it was.
 */
export function SignedOutElsewherePage({ reason, returnTo = '/' }: SignedOutElsewherePageProps) {
  const [starting, setStarting] = useState(false);
  const signIn = () => {
    setStarting(true);
    startSignIn(returnTo, { afterInactivity: reason === 'inactivity' }).catch((error: unknown) => {
      setStarting(false);
      console.error('Sign-in redirect failed', error);
    });
  };
  return (
    <main>
      <MessagePage
        title="You are signed out"
        actions={
          <Button variant="contained" onClick={signIn} disabled={starting}>
            Sign in
          </Button>
        }
      >
        {reason === 'inactivity'
          ? 'The portal was not used for a while, so it signed you out in every tab of this browser.'
          : 'You logged out in another tab of this browser.'}
      </MessagePage>
    </main>
  );
}
