import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { SuspenseBoundary } from '../ui/suspense-boundary';

type SuspenseListPanelProps = {
  /** Above the rows: a progress bar. */
  progress?: ReactNode;
  /** Another key (another group, page or filter) starts the list again after a failure. */
  resetKey: string;
  /** Names the list in the console line of a failure. */
  what: string;
  fallback: ReactNode;
  /** The failure in the list's place, with a Retry that fetches again. */
  failure: (error: unknown, retry: () => void) => ReactNode;
  /** Reads the page with useSuspenseQuery. */
  children: ReactNode;
};

/**
 * The outlined panel of a list read with useSuspenseQuery: `fallback` until the page comes, and a
 * failure in place of the rows, not a route error page, so the filters and buttons above stay usable.
 */
export function SuspenseListPanel({ progress, resetKey, what, fallback, failure, children }: SuspenseListPanelProps) {
  return (
    <Paper variant="outlined">
      {progress}
      <SuspenseBoundary
        resetKey={resetKey}
        what={what}
        fallback={fallback}
        failure={(error, retry) => <Box sx={{ p: 2 }}>{failure(error, retry)}</Box>}
      >
        {children}
      </SuspenseBoundary>
    </Paper>
  );
}
