const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as the UI shows them: $1,234.50. */
export function usd(amount: number): string {
  return usdFormat.format(amount);
}
