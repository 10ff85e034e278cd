import { QueryClientProvider } from '@tanstack/react-query';
import type { User } from 'oidc-client-ts';
import type { ReactNode } from 'react';
import { AuthProvider } from 'react-oidc-context';
import { QueryDevtools } from '../components/devtools/query-devtools';
import { returnPathOf, userManager } from '../lib/auth';
import { AUTH_PATHS } from '../lib/config';
import { queryClient } from '../lib/query-client';

// Only /signin-oidc completes a redirect sign-in; /silentrenew hands its answer to the parent window.
const skipSigninCallback = window.location.pathname !== AUTH_PATHS.signinCallback;

/** Drops code/state from the address and returns to the path saved before sign-in. */
async function onSigninCallback(user: User | void): Promise<void> {
  const { preloadScreenCode, router } = await import('./router');
  const returnPath = returnPathOf(user?.state);
  preloadScreenCode(returnPath.split(/[?#]/)[0] ?? '/');
  router.history.replace(returnPath);
}

/**
 * What the entry provides: the query client and the signed-in user. The theme, its styles and the
 * notices come with the router's chunk (src/app/routed-app.tsx), out of the first load.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider
        userManager={userManager}
        skipSigninCallback={skipSigninCallback}
        onSigninCallback={onSigninCallback}
      >
        {children}
      </AuthProvider>
      <QueryDevtools />
    </QueryClientProvider>
  );
}
