import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { RouterDevtools } from '../components/devtools/router-devtools';
import { NotFoundPage } from '../components/errors/not-found-page';
import { RouteAnnouncer } from '../components/ui/route-announcer';
import { usePageViewTracking } from '../features/analytics/hooks/use-page-view-tracking';
import { isSignOutFromOtherTab } from '../features/session/logout-search';
import { useScrollToTop } from '../hooks/use-scroll-to-top';
import type { RouterContext } from '../lib/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  useScrollToTop();
  usePageViewTracking(isSignOutFromOtherTab);
  return (
    <>
      <Outlet />
      <RouteAnnouncer />
      <RouterDevtools />
    </>
  );
}
