// What checking a request gives the processing worker: the reason for rejection, or the change to apply.
import type { Db } from '../../db/client';
import type { requests } from '../../db/schema';
import type { FieldErrors } from '../../lib/field-errors';

export type RequestRow = typeof requests.$inferSelect;

/** Either the reason for rejection, or the change to make once approved. */
export type Prepared = { ok: false; note: string } | { ok: true; apply: (tx: Db) => Promise<void> };

export const PROCESSING_NOTES = {
  memberGone: 'The subscriber is no longer on file.',
  memberTermed: 'The subscriber is terminated.',
  dependentGone: 'The dependent is no longer on file.',
  dependentTermed: 'The dependent is already terminated.',
  ssnTaken: 'A subscriber with this SSN is already on file for the group.',
  noSsn: 'The request carries no SSN for the new subscriber.',
  noTermination: 'The termination dates of the request are missing.',
  applyFailed: 'The request could not be applied to member data.',
} as const;

export const reject = (note: string): Prepared => ({ ok: false, note });

/** Field errors as a rejection note: the rules' own messages, never the values typed. */
export function failedChecks(errors: FieldErrors): Prepared {
  const listed = Object.entries(errors)
    .slice(0, 3)
    .map(([field, messages]) => `${field}: ${messages[0]}`);
  const more = Object.keys(errors).length > 3 ? '; …' : '';
  return reject(`The request no longer passes its checks (${listed.join('; ')}${more}).`);
}
