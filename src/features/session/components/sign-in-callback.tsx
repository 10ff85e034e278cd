import Button from '@mui/material/Button';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { hasAuthParams, useAuth } from 'react-oidc-context';
import { MessagePage } from '../../../components/errors/message-page';
import { LoadingScreen } from '../../../components/ui/loading-screen';

/**
 * /signin-oidc: a successful callback has already moved on to the stored path before the router
 * started, so this shows only a failed callback or a stray visit.
 */
export function SignInCallback() {
  const auth = useAuth();
  const navigate = useNavigate();
  const stray = !auth.error && !auth.isLoading && !hasAuthParams();

  useEffect(() => {
    if (stray) void navigate({ to: '/', replace: true });
  }, [stray, navigate]);

  if (auth.error) {
    return (
      <main>
        <MessagePage
          title="Sign-in failed"
          actions={
            <Button component={Link} to="/" variant="contained">
              Try again
            </Button>
          }
        >
          {auth.error.message}
        </MessagePage>
      </main>
    );
  }
  return <LoadingScreen />;
}
