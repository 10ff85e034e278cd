import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { documentTitleOf, renderedScreenLabel, screenLabelOf } from '../../lib/page-title';
import { focusPageHeading } from './focus-page-heading';
import { VisuallyHidden } from './visually-hidden';

/**
 * On every change of screen: the document title names it, focus moves to its h1 and a polite live
 * region announces it. The first screen of a page load keeps the browser's own start (the skip link first).
 */
export function RouteAnnouncer() {
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  const previous = useRef<string | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (pathname === undefined) return;
    const label = renderedScreenLabel() || screenLabelOf(router.state.matches);
    document.title = documentTitleOf(label);
    const from = previous.current;
    previous.current = pathname;
    if (from === undefined || from === pathname) return;
    setAnnouncement(label || documentTitleOf(''));
    return focusPageHeading();
  }, [pathname, router]);

  return (
    <VisuallyHidden>
      <span role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcement">
        {announcement}
      </span>
    </VisuallyHidden>
  );
}
