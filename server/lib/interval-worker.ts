export type IntervalWorker = { stop(): Promise<void> };

/**
 * Runs `run` every `intervalMs`; a run still going when the next is due is not doubled. `stop` clears
 * the timer and aborts the signal the run was given (so it takes no further work), then waits for the
 * run in progress, so the database can close after. Calling it again waits for the same run.
 */
export function startIntervalWorker(
  intervalMs: number,
  run: (signal: AbortSignal) => Promise<unknown>,
  onError: (error: unknown) => void,
): IntervalWorker {
  const stopping = new AbortController();
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running || stopping.signal.aborted) return;
    running = run(stopping.signal)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
