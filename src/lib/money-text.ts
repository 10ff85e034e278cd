import { toCents } from '../contracts/plan-years';
import { formatUsd } from './format-currency';

/** Dollars from the API's exact decimal text, or from whole cents; blank when there is none. */
export const usdOfText = (amount: string | null | undefined) =>
  amount === null || amount === undefined || amount === '' ? '—' : formatUsd(toCents(amount) / 100);
export const usdOfCents = (cents: number) => formatUsd(cents / 100);
