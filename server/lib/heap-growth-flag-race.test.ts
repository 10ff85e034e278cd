import { afterEach, describe, expect, it, vi } from 'vitest';

// The gc flag is the process's: a worker thread may turn it off between this thread's set and read.
const seen = vi.hoisted(() => ({ turnedOffInBetween: true }));
vi.mock('node:vm', async (importOriginal) => {
  const vm = await importOriginal<typeof import('node:vm')>();
  return {
    ...vm,
    runInNewContext: (code: string) => (seen.turnedOffInBetween ? null : vm.runInNewContext(code)),
  };
});

afterEach(() => {
  seen.turnedOffInBetween = true;
});

describe('a collection asked for while another thread turns the gc flag off', () => {
  it('goes without a collection instead of failing, and the next one collects', async () => {
    const { collectAll, collectYoungGeneration } = await import('./heap-growth');
    expect(() => collectYoungGeneration()).not.toThrow();
    expect(() => collectAll()).not.toThrow();

    seen.turnedOffInBetween = false;
    const kinds: number[] = [];
    const { PerformanceObserver, constants } = await import('node:perf_hooks');
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        kinds.push((entry as PerformanceEntry & { detail: { kind: number } }).detail.kind);
    });
    observer.observe({ entryTypes: ['gc'] });
    try {
      collectAll();
      await expect.poll(() => kinds).toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
    } finally {
      observer.disconnect();
    }
  });
});
