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
  // Hovering or focusing a link fetches the route's code and warms its queries.
  defaultPreload: 'intent',
  // TanStack Query owns caching; the router must always ask it.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: LoadingScreen,
  defaultErrorComponent: ErrorPage,
  defaultNotFoundComponent: NotFoundPage,
});

/**
 * Fetches the code of the screen at `pathname` (its layouts and page) without running guards or
 * loaders, so that it arrives while the stored user is checked rather than after.
 */
export function preloadScreenCode(pathname: string): void {
  const [routes] = router.getMatchedRoutes(pathname);
  for (const route of routes) router.loadRouteChunk(route)?.catch(() => undefined);
}

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
