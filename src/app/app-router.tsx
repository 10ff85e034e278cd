import { lazy, Suspense } from 'react';
import { useAuth } from 'react-oidc-context';
import { PlainLoadingScreen } from '../components/ui/plain-loading-screen';
import { loadRoutedApp } from './load-routed-app';

const RoutedApp = lazy(() => loadRoutedApp().then((m) => ({ default: m.RoutedApp })));

/** Starts the router once the stored user (or the sign-in callback) has been read. */
export function AppRouter() {
  const auth = useAuth();
  const initialising = auth.isLoading && auth.user === undefined && !auth.activeNavigator;
  if (initialising) return <PlainLoadingScreen />;
  return (
    <Suspense fallback={<PlainLoadingScreen />}>
      <RoutedApp auth={auth} />
    </Suspense>
  );
}
