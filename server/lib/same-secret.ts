import { createHash, timingSafeEqual } from 'node:crypto';

// Hashing first gives both sides the same length, which timingSafeEqual needs, without the
// comparison time revealing the secret's length.
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a secret sent by a caller equals the configured one, in time independent of where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
