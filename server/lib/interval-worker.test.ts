import { afterEach, describe, expect, it, vi } from 'vitest';
import { startIntervalWorker } from './interval-worker';

afterEach(() => vi.useRealTimers());

describe('interval worker', () => {
  it('never runs twice at once, and stop aborts the run in hand and waits for it', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => {};
    const signals: AbortSignal[] = [];
    const run = vi.fn(
      (signal: AbortSignal) =>
        new Promise<void>((resolve) => {
          signals.push(signal);
          finish = resolve;
        }),
    );
    const worker = startIntervalWorker(100, run, () => {});
    await vi.advanceTimersByTimeAsync(350);
    expect(run).toHaveBeenCalledTimes(1);

    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(signals[0]!.aborted).toBe(true);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('reports a failed run and runs again at the next tick', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const run = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue(undefined);
    const worker = startIntervalWorker(100, run, (error) => errors.push(error));
    await vi.advanceTimersByTimeAsync(250);
    expect(errors).toEqual([new Error('database down')]);
    expect(run).toHaveBeenCalledTimes(2);
    await worker.stop();
  });
});
