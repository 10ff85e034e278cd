import type { SessionChannel, SignOutReason } from './session-channel';

export type IdleState = { phase: 'active' } | { phase: 'warning'; expiresAt: number };

export type IdleTimerOptions = {
  timeoutMs: number;
  /** How long before the end the warning shows. */
  warningMs: number;
  channel: SessionChannel;
  onStateChange: (state: IdleState) => void;
  /** No activity in any tab for the whole timeout: this tab signs out (and tells the others). */
  onExpire: () => void;
  /** Another tab signed out; this one follows. */
  onSignedOutElsewhere: (reason: SignOutReason) => void;
  now?: () => number;
};

export type IdleTimer = {
  /** A pointer, key, touch, scroll or focus event; throttled here, ignored while the warning shows. */
  activity: () => void;
  /** The warning's "Stay signed in". */
  staySignedIn: () => void;
  dispose: () => void;
};

/** Local activity is recorded (and told to the other tabs) at most this often. */
export const ACTIVITY_THROTTLE_MS = 1_000;

/**
 * The idle logoff's clock, shared by the user's tabs: any tab's activity moves every tab's deadline.
 * Deadlines are checked against the time, not counted by timers, since a hidden tab's timers run late.
 */
export function createIdleTimer(options: IdleTimerOptions): IdleTimer {
  const { timeoutMs, warningMs, channel, now = Date.now } = options;
  let lastActivity = now();
  let state: IdleState = { phase: 'active' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ended = false;

  const setState = (next: IdleState) => {
    const same =
      next.phase === state.phase &&
      (next.phase === 'active' || (state.phase === 'warning' && state.expiresAt === next.expiresAt));
    if (same) return;
    state = next;
    options.onStateChange(next);
  };

  const end = () => {
    ended = true;
    clearTimeout(timer);
    unsubscribe();
  };

  const check = () => {
    clearTimeout(timer);
    if (ended) return;
    const at = now();
    const expiresAt = lastActivity + timeoutMs;
    if (at >= expiresAt) {
      end();
      options.onExpire();
      return;
    }
    const warnAt = expiresAt - warningMs;
    setState(at >= warnAt ? { phase: 'warning', expiresAt } : { phase: 'active' });
    timer = setTimeout(check, (at >= warnAt ? expiresAt : warnAt) - at);
  };

  const record = (at: number, tellOthers: boolean) => {
    if (ended || at <= lastActivity) return;
    // Back to a tab whose deadline passed while its timers slept: that is an expiry, not activity.
    if (now() >= lastActivity + timeoutMs) return check();
    lastActivity = at;
    if (tellOthers) channel.post({ type: 'activity', at });
    check();
  };

  const unsubscribe = channel.subscribe((message) => {
    if (ended) return;
    if (message.type === 'activity') return record(message.at, false);
    end();
    options.onSignedOutElsewhere(message.reason);
  });
  check();

  return {
    activity: () => {
      if (state.phase === 'warning') return;
      const at = now();
      if (at - lastActivity >= ACTIVITY_THROTTLE_MS) record(at, true);
    },
    staySignedIn: () => record(Math.max(now(), lastActivity + 1), true),
    dispose: () => {
      clearTimeout(timer);
      unsubscribe();
    },
  };
}
