import { RouterProvider } from '@tanstack/react-router';
import { useAuth } from 'react-oidc-context';
import { LoadingScreen } from '../components/ui/loading-screen';
import { queryClient } from '../lib/query-client';
import { router } from './router';

/** Starts the router once the stored user (or the sign-in callback) has been read. */
export function AppRouter() {
  const auth = useAuth();
  const initialising = auth.isLoading && auth.user === undefined && !auth.activeNavigator;
  if (initialising) return <LoadingScreen />;
  return <RouterProvider router={router} context={{ queryClient, auth }} />;
}
