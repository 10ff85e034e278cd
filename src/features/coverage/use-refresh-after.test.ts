import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRefreshAfter } from './use-refresh-after';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useRefreshAfter', () => {
  it('refreshes once, 5 seconds after it became active', () => {
    const refresh = vi.fn();
    renderHook(({ active }) => useRefreshAfter(active, 5000, refresh), { initialProps: { active: true } });
    vi.advanceTimersByTime(4999);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(20_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does nothing while inactive or when closed before the delay', () => {
    const refresh = vi.fn();
    const { rerender } = renderHook(({ active }) => useRefreshAfter(active, 5000, refresh), {
      initialProps: { active: false },
    });
    vi.advanceTimersByTime(6000);
    rerender({ active: true });
    vi.advanceTimersByTime(3000);
    rerender({ active: false });
    vi.advanceTimersByTime(6000);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('starts over each time it opens again, calling the latest callback', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ active, refresh }) => useRefreshAfter(active, 5000, refresh), {
      initialProps: { active: true, refresh: first },
    });
    vi.advanceTimersByTime(5000);
    rerender({ active: false, refresh: first });
    rerender({ active: true, refresh: second });
    vi.advanceTimersByTime(5000);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
