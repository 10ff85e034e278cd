import { describe, expect, it } from 'vitest';
import { timeSlicer } from './time-slice';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('timeSlicer', () => {
  it('lets a waiting timer run once the budget is spent, and not before', async () => {
    const slice = timeSlicer(5);
    let fired = false;
    setImmediate(() => (fired = true));
    expect(slice()).toBeUndefined();
    expect(fired).toBe(false);
    busy(6);
    await slice();
    expect(fired).toBe(true);
    // The budget starts again after the turn.
    expect(slice()).toBeUndefined();
  });
});
