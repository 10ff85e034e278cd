import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleLogoff } from './idle-logoff';

const navigate = vi.hoisted(() => vi.fn());
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));
vi.mock('../../../lib/config', () => ({ config: { session: { idleTimeoutMs: 60_000, idleWarningMs: 20_000 } } }));

const warning = () => screen.queryByRole('dialog', { name: 'Are you still there?' });

function renderIdleLogoff() {
  return render(<IdleLogoff />);
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('IdleLogoff', () => {
  it('warns, keeps the session on Stay signed in, and signs out for inactivity at the end', () => {
    renderIdleLogoff();
    act(() => vi.advanceTimersByTime(39_000));
    fireEvent.keyDown(window, { key: 'a' });
    act(() => vi.advanceTimersByTime(39_000));
    expect(warning()).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(warning()).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    act(() => vi.advanceTimersByTime(1_000));
    expect(warning()).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(60_000));
    // The /logout route signs out, outside the signed-in layout.
    expect(navigate).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith({ to: '/logout', search: { reason: 'inactivity', returnTo: '/' } });
  });

  it('follows another tab that signed out', () => {
    renderIdleLogoff();
    const otherTab = new BroadcastChannel('benefits-portal.session');
    otherTab.postMessage({ type: 'signed-out', reason: 'user' });
    otherTab.close();
    return vi.waitFor(() =>
      expect(navigate).toHaveBeenCalledWith({
        to: '/logout',
        search: { reason: 'user', returnTo: '/', fromOtherTab: true },
      }),
    );
  });

  it('stops with the signed-in layout', () => {
    renderIdleLogoff().unmount();
    act(() => vi.advanceTimersByTime(120_000));
    expect(navigate).not.toHaveBeenCalled();
  });
});
