import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Synchronous work allowed between two turns of the event loop during a long job. */
const TIME_SLICE_MS = 8;

/**
 * A long job calls the returned function between pieces of work: once `budgetMs` have passed since the
 * last turn it lets other calls run, else it returns at once. Slicing by time rather than by count
 * keeps the pauses short whatever a piece costs (a family of one or of nine, a plain or a quoted CSV).
 */
export function timeSlicer(budgetMs = TIME_SLICE_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < budgetMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
