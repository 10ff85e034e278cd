import Button from '@mui/material/Button';
import { useState } from 'react';
import { startSignIn } from '../sign-in';

type SignInAgainButtonProps = { returnTo: string; afterInactivity?: boolean; children: string };

/** Sends the user to the provider's sign-in, then back to `returnTo`; disabled while on the way. */
export function SignInAgainButton({ returnTo, afterInactivity = false, children }: SignInAgainButtonProps) {
  const [starting, setStarting] = useState(false);
  const signIn = () => {
    setStarting(true);
    startSignIn(returnTo, { afterInactivity }).catch((error: unknown) => {
      setStarting(false);
      console.error('Sign-in redirect failed', error);
    });
  };
  return (
    <Button variant="contained" onClick={signIn} disabled={starting}>
      {children}
    </Button>
  );
}
