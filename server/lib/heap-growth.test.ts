import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { collectAll, collectYoungGeneration } from './heap-growth';

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
    const kinds: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        kinds.push((entry as PerformanceEntry & { detail: { kind: number } }).detail.kind);
    });
    observer.observe({ entryTypes: ['gc'] });
    try {
      collectYoungGeneration();
      await expect.poll(() => kinds).toContain(constants.NODE_PERFORMANCE_GC_MINOR);
      collectAll();
      await expect.poll(() => kinds).toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
    } finally {
      observer.disconnect();
    }
  });
});
