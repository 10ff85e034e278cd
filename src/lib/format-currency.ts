const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An amount in US dollars with cents, e.g. 1234.5 → '$1,234.50' (spec 2 §9). */
export function formatUsd(amount: number | null | undefined): string {
  return amount === null || amount === undefined || !Number.isFinite(amount) ? '' : usd.format(amount);
}
