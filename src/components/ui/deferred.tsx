import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders `children` in a second pass, after what surrounds them has been committed and painted
 * (the heading first). That pass is a background render React splits into short slices, so a
 * heavy part (a form, panels below the fold) never holds the main thread in one long task.
 * Only for content below whatever is shown at once: it appears a few frames later, and nothing
 * under it may move when it does.
 */
export function Deferred({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
