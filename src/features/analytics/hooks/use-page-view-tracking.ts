import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useSession } from '../../../hooks/use-session';
import { isAuthCallbackPath } from '../../../lib/config';
import { useAnalyticsOptOut } from '../../../stores/analytics-slice';
import { sendPageView } from '../api/page-view';

/**
 * One page view per route change of a signed-in group member, unless opted out (spec 2 §2). `ignore`
 * names locations the user did not open (a tab signed out by another).
 */
export function usePageViewTracking(
  ignore: (pathname: string, search: Record<string, unknown>) => boolean = () => false,
): void {
  const pathname = useLocation({ select: (location) => location.pathname });
  const ignored = useLocation({
    select: (location) => ignore(location.pathname, location.search as Record<string, unknown>),
  });
  const hasGroups = useSession()?.hasGroups ?? false;
  const optedOut = useAnalyticsOptOut();
  // Re-renders (token renewal, StrictMode) must not count the same view twice.
  const lastTracked = useRef<string | null>(null);

  useEffect(() => {
    if (!hasGroups || optedOut || ignored || isAuthCallbackPath(pathname) || lastTracked.current === pathname) return;
    lastTracked.current = pathname;
    sendPageView(pathname);
  }, [hasGroups, optedOut, ignored, pathname]);
}
