import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown } from './idle-countdown';
import { IdleWarningDialog } from './idle-warning-dialog';

afterEach(() => {
  vi.useRealTimers();
});

describe('formatCountdown', () => {
  it('shows minutes and seconds, rounding up', () => {
    expect(formatCountdown(120_000)).toBe('2:00');
    expect(formatCountdown(64_001)).toBe('1:05');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});

describe('IdleWarningDialog', () => {
  it('counts down, says so politely, and starts on Stay signed in', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-01-05T09:00:00Z'));
    render(<IdleWarningDialog expiresAt={Date.now() + 120_000} onStay={vi.fn()} onSignOut={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Are you still there?' });
    expect(dialog).toHaveTextContent('You will be signed out in 2:00 for inactivity.');
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
    act(() => vi.advanceTimersByTime(5_000));
    expect(dialog).toHaveTextContent('You will be signed out in 1:55 for inactivity.');
    // The live region moves in steps, not every second.
    expect(screen.getByRole('status')).toHaveTextContent('You will be signed out in 2:00 for inactivity.');
    act(() => vi.advanceTimersByTime(112_000));
    expect(screen.getByRole('status')).toHaveTextContent('You will be signed out in 0:05 for inactivity.');
  });

  it('is operated by keyboard: Enter stays, Escape stays, Sign out now signs out', async () => {
    const user = userEvent.setup();
    const onStay = vi.fn();
    const onSignOut = vi.fn();
    render(<IdleWarningDialog expiresAt={Date.now() + 60_000} onStay={onStay} onSignOut={onSignOut} />);
    await user.keyboard('{Enter}');
    expect(onStay).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onStay).toHaveBeenCalledTimes(2);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('shows nothing without a deadline', () => {
    render(<IdleWarningDialog expiresAt={null} onStay={vi.fn()} onSignOut={vi.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
