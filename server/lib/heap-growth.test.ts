import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { collectAll, collectYoungGeneration } from './heap-growth';

// The gc flag is the process's: another thread may turn it off between this thread's set and read.
const flag = vi.hoisted(() => ({ turnedOffInBetween: false }));
vi.mock('node:vm', async (importOriginal) => {
  const vm = await importOriginal<typeof import('node:vm')>();
  return {
    ...vm,
    runInNewContext: (code: string) => (flag.turnedOffInBetween ? null : vm.runInNewContext(code)),
  };
});
afterEach(() => {
  flag.turnedOffInBetween = false;
});

/** The kinds of collection (`constants.NODE_PERFORMANCE_GC_*`) run while `during` runs and until they are all reported. */
async function collectionsDuring(during: () => void, expected: number[]): Promise<number[]> {
  const kinds: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      kinds.push((entry as PerformanceEntry & { detail: { kind: number } }).detail.kind);
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    during();
    await expect.poll(() => kinds).toEqual(expect.arrayContaining(expected));
    return kinds;
  } finally {
    observer.disconnect();
  }
}

/** 8 MB of buffers held only by a few small objects, let go on return. */
function dropBuffers() {
  const held = Array.from({ length: 128 }, () => Buffer.allocUnsafeSlow(64 * 1024).fill(7));
  return held.length;
}

describe('collectYoungGeneration', () => {
  it('frees large buffers whose small holders are garbage, without waiting for other work', async () => {
    collectYoungGeneration();
    await sleep(50);
    const before = process.memoryUsage().arrayBuffers;
    dropBuffers();
    expect(process.memoryUsage().arrayBuffers - before).toBeGreaterThanOrEqual(8 * 1024 * 1024);
    collectYoungGeneration();
    // The buffers' memory is released by V8's sweeper shortly after the collection.
    await expect.poll(() => process.memoryUsage().arrayBuffers - before, { timeout: 2000 }).toBeLessThan(1024 * 1024);
  });

  it('leaves no gc function behind for other code', () => {
    collectYoungGeneration();
    collectAll();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});

describe('collectAll', () => {
  it('runs a full collection at once, where collectYoungGeneration runs a young one', async () => {
    await collectionsDuring(collectYoungGeneration, [constants.NODE_PERFORMANCE_GC_MINOR]);
    await collectionsDuring(collectAll, [constants.NODE_PERFORMANCE_GC_MAJOR]);
  });
});

describe('a collection asked for while another thread turns the gc flag off', () => {
  it('goes without a collection instead of failing, and the next one collects', async () => {
    // A fresh copy of the module, which has not found `gc` yet.
    vi.resetModules();
    const fresh = await import('./heap-growth');
    flag.turnedOffInBetween = true;
    expect(() => fresh.collectYoungGeneration()).not.toThrow();
    expect(() => fresh.collectAll()).not.toThrow();

    flag.turnedOffInBetween = false;
    await collectionsDuring(fresh.collectAll, [constants.NODE_PERFORMANCE_GC_MAJOR]);
  });
});
