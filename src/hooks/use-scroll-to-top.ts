import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';

/** The page scrolls to the top on every location change (spec 1 §2 Shell). */
export function useScrollToTop(): void {
  const href = useLocation({ select: (location) => location.href });
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [href]);
}
