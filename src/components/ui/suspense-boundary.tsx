import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { CatchBoundary } from '@tanstack/react-router';
import { Suspense, type ReactNode } from 'react';

type SuspenseBoundaryProps = {
  /** Another key (another group, page or filter) starts again after a failure. */
  resetKey: string | number;
  /** Names what failed in the console line of a failure. */
  what: string;
  fallback: ReactNode;
  /** The failure in place of the children, with a retry that fetches again. */
  failure: (error: unknown, retry: () => void) => ReactNode;
  /** Reads its data with useSuspenseQuery. */
  children: ReactNode;
};

/**
 * A part of a screen read with useSuspenseQuery: `fallback` until its data come, and a failure in its
 * place, not a route error page, so the rest of the screen stays usable. Retry clears the failed
 * queries' errors as well as the boundary, so that they fetch again.
 */
export function SuspenseBoundary({ resetKey, what, fallback, failure, children }: SuspenseBoundaryProps) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <CatchBoundary
          getResetKey={() => resetKey}
          onCatch={(error) => console.error(`${what} failed`, error)}
          errorComponent={({ error, reset: resetBoundary }) =>
            failure(error, () => {
              reset();
              resetBoundary();
            })
          }
        >
          <Suspense fallback={fallback}>{children}</Suspense>
        </CatchBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
