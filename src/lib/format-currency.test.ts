import { describe, expect, it } from 'vitest';
import { formatUsd } from './format-currency';

describe('formatUsd', () => {
  it('shows dollars with thousands separators and two decimals', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1_000_000)).toBe('$1,000,000.00');
    expect(formatUsd(-12.5)).toBe('-$12.50');
  });

  it('shows nothing for a missing amount', () => {
    expect(formatUsd(null)).toBe('');
    expect(formatUsd(undefined)).toBe('');
    expect(formatUsd(Number.NaN)).toBe('');
  });
});
