import { lazy, Suspense } from 'react';

// Only the development build references the devtools, so production bundles leave them out.
const Devtools = import.meta.env.DEV
  ? lazy(() => import('@tanstack/react-query-devtools').then((m) => ({ default: m.ReactQueryDevtools })))
  : null;

export function QueryDevtools() {
  if (!Devtools) return null;
  return (
    <Suspense fallback={null}>
      <Devtools buttonPosition="bottom-left" />
    </Suspense>
  );
}
