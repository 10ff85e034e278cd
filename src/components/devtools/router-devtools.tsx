import { lazy, Suspense } from 'react';

// Only the development build references the devtools, so production bundles leave them out.
const Devtools = import.meta.env.DEV
  ? lazy(() => import('@tanstack/react-router-devtools').then((m) => ({ default: m.TanStackRouterDevtools })))
  : null;

export function RouterDevtools() {
  if (!Devtools) return null;
  return (
    <Suspense fallback={null}>
      <Devtools position="bottom-right" />
    </Suspense>
  );
}
