import Button from '@mui/material/Button';
import { useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { MessagePage } from '../../../components/errors/message-page';
import { startSignIn } from '../sign-in';

/** A session the API keeps refusing: the user chooses to sign in again (no automatic loop). */
export function SessionExpiredPage() {
  const returnTo = useLocation({ select: (location) => location.href });
  const [starting, setStarting] = useState(false);
  const signIn = () => {
    setStarting(true);
    startSignIn(returnTo).catch((error: unknown) => {
      setStarting(false);
      console.error('Sign-in redirect failed', error);
    });
  };
  return (
    <MessagePage
      title="Your session has expired"
      actions={
        <Button variant="contained" onClick={signIn} disabled={starting}>
          Sign in again
        </Button>
      }
    >
      Please sign in again to continue. What is on the server is kept; anything not yet saved on this screen may need to
      be entered again.
    </MessagePage>
  );
}
