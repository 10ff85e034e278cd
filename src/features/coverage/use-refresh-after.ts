import { useEffect, useRef } from 'react';

/**
 * Calls `refresh` once, `delayMs` after `active` turns true (again after each time it turns true);
 * nothing happens when it turns false first.
 */
export function useRefreshAfter(active: boolean, delayMs: number, refresh: () => void): void {
  // The latest callback runs, without restarting the timer on every render.
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => latest.current(), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
}
