import { createRouter } from '@tanstack/react-router';
import { ErrorPage } from '../components/errors/error-page';
import { NotFoundPage } from '../components/errors/not-found-page';
import { LoadingScreen } from '../components/ui/loading-screen';
import { queryClient } from '../lib/query-client';
import { routeTree } from '../routeTree.gen';

export const router = createRouter({
  routeTree,
  // auth is filled in by AppRouter on every render.
  context: { queryClient, auth: undefined! },
  defaultPreload: 'intent',
  // TanStack Query owns caching; the router must always ask it.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: LoadingScreen,
  defaultErrorComponent: ErrorPage,
  defaultNotFoundComponent: NotFoundPage,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
