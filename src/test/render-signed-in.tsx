import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { User } from 'oidc-client-ts';
import type { ReactNode } from 'react';
import { AuthContext, type AuthContextProps } from 'react-oidc-context';

/** The signed-in user as react-oidc-context gives it: the token carries the user only. */
export function signedInAuth(sub = 'u1'): AuthContextProps {
  const user = { profile: { sub, given_name: 'Bea' }, expired: false, id_token: 'id-1' } as unknown as User;
  return { user, isAuthenticated: true, isLoading: false } as AuthContextProps;
}

export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** Providers of a signed-in screen: the user, a QueryClient and a router (for navigation). */
export function SignedInProviders({
  auth = signedInAuth(),
  queryClient,
  children,
}: {
  auth?: AuthContextProps;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <AuthContext.Provider value={auth}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AuthContext.Provider>
  );
}

/** Renders `ui` as the page at '/' of a router of its own, for a signed-in user. */
export function renderSignedIn(ui: ReactNode, { queryClient = testQueryClient(), auth = signedInAuth() } = {}) {
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <SignedInProviders auth={auth} queryClient={queryClient}>
      <RouterProvider router={router} />
    </SignedInProviders>,
  );
  return { queryClient, router };
}
