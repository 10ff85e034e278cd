import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';

/**
 * Puts the field errors of a 400 answer ({ 'subscriber.city': [...] }) on the form's own fields; a
 * message for anything the form does not show goes to the form-wide `root.server` error. Returns
 * false when the error carries no field errors (the call layer has already told the user).
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  opts: { prefix: string; fields: readonly string[] },
): boolean {
  const errors = isApiError(error) ? error.problem.errors : undefined;
  if (!errors) return false;
  const unplaced: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const name = key.startsWith(`${opts.prefix}.`) ? key.slice(opts.prefix.length + 1) : key;
    const message = messages.join(' ');
    if (opts.fields.includes(name)) setError(name as FieldPath<T>, { type: 'server', message });
    else unplaced.push(message);
  }
  if (unplaced.length > 0) setError('root.server', { type: 'server', message: unplaced.join(' ') });
  return true;
}
