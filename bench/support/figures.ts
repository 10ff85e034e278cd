// What every bench shares: a hard stop, and how its figures are printed.

/** Ends the process with status 1 after `ms`, so a stuck bench never runs forever. */
export function exitAfter(ms: number): void {
  const deadline = setTimeout(() => {
    console.error(`bench: gave up after ${ms / 1000} s`);
    process.exit(1);
  }, ms);
  deadline.unref();
}

export const fixed = (n: number, digits = 1) => n.toFixed(digits);

/** The p-th percentile of values sorted ascending (nearest rank). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
