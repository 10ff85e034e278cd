import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTimer, type IdleState } from './idle-timer';
import type { SessionChannel, SessionMessage } from './session-channel';

const MINUTE = 60_000;

/** Two tabs' channels: what one posts, the other hears (a BroadcastChannel never echoes to its sender). */
function tabsBus() {
  const listeners = new Map<number, Set<(message: SessionMessage) => void>>();
  const posted: SessionMessage[] = [];
  const tab = (id: number): SessionChannel => {
    listeners.set(id, new Set());
    return {
      post: (message) => {
        posted.push(message);
        for (const [other, set] of listeners) if (other !== id) for (const listener of set) listener(message);
      },
      subscribe: (listener) => {
        listeners.get(id)!.add(listener);
        return () => listeners.get(id)!.delete(listener);
      },
      close: () => undefined,
    };
  };
  return { tab, posted };
}

function startTab(channel: SessionChannel) {
  const states: IdleState[] = [];
  const onExpire = vi.fn();
  const onSignedOutElsewhere = vi.fn();
  const timer = createIdleTimer({
    timeoutMs: 15 * MINUTE,
    warningMs: 2 * MINUTE,
    channel,
    onStateChange: (state) => states.push(state),
    onExpire,
    onSignedOutElsewhere,
  });
  return { timer, states, onExpire, onSignedOutElsewhere, last: () => states.at(-1) };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-05T09:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createIdleTimer', () => {
  it('warns 2 minutes before the end and signs out at the end', () => {
    const tab = startTab(tabsBus().tab(1));
    vi.advanceTimersByTime(13 * MINUTE - 1);
    expect(tab.states).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(tab.last()).toEqual({ phase: 'warning', expiresAt: Date.now() + 2 * MINUTE });
    vi.advanceTimersByTime(2 * MINUTE - 1);
    expect(tab.onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(tab.onExpire).toHaveBeenCalledOnce();
  });

  it('moves the deadline with activity, at most one record a second', () => {
    const bus = tabsBus();
    const tab = startTab(bus.tab(1));
    vi.advanceTimersByTime(10 * MINUTE);
    tab.timer.activity();
    tab.timer.activity();
    expect(bus.posted).toEqual([{ type: 'activity', at: Date.now() }]);
    vi.advanceTimersByTime(13 * MINUTE - 1);
    expect(tab.states).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(tab.last()?.phase).toBe('warning');
  });

  it('ignores mere activity while warning; Stay signed in starts the timeout again', () => {
    const tab = startTab(tabsBus().tab(1));
    vi.advanceTimersByTime(14 * MINUTE);
    tab.timer.activity();
    expect(tab.last()?.phase).toBe('warning');
    tab.timer.staySignedIn();
    expect(tab.last()).toEqual({ phase: 'active' });
    vi.advanceTimersByTime(14 * MINUTE);
    expect(tab.onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE);
    expect(tab.onExpire).toHaveBeenCalledOnce();
  });

  it('keeps every tab alive while one is used, and clears the others’ warning', () => {
    const bus = tabsBus();
    const used = startTab(bus.tab(1));
    const other = startTab(bus.tab(2));
    vi.advanceTimersByTime(13.5 * MINUTE);
    expect(other.last()?.phase).toBe('warning');
    used.timer.staySignedIn();
    expect(other.last()).toEqual({ phase: 'active' });
    vi.advanceTimersByTime(14 * MINUTE);
    expect(other.onExpire).not.toHaveBeenCalled();
    expect(used.onExpire).not.toHaveBeenCalled();
  });

  it('signs out when another tab signed out', () => {
    const bus = tabsBus();
    const tab = startTab(bus.tab(1));
    bus.tab(2).post({ type: 'signed-out', reason: 'user' });
    expect(tab.onSignedOutElsewhere).toHaveBeenCalledWith('user');
    vi.advanceTimersByTime(20 * MINUTE);
    expect(tab.onExpire).not.toHaveBeenCalled();
  });

  it('treats activity after the deadline passed unseen (a sleeping tab) as the expiry', () => {
    const tab = startTab(tabsBus().tab(1));
    // The clock jumps without the timers running, as in a suspended tab.
    vi.setSystemTime(Date.now() + 16 * MINUTE);
    tab.timer.activity();
    expect(tab.onExpire).toHaveBeenCalledOnce();
  });

  it('stops on dispose', () => {
    const tab = startTab(tabsBus().tab(1));
    tab.timer.dispose();
    vi.advanceTimersByTime(20 * MINUTE);
    expect(tab.states).toEqual([]);
    expect(tab.onExpire).not.toHaveBeenCalled();
  });
});
