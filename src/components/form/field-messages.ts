import type { FieldError } from 'react-hook-form';

/**
 * The message a field shows: the first failing rule's only, so that an empty field reads "required"
 * and not several rules at once. With `criteriaMode: 'all'` the other rules stay in `types`; `message`
 * is the first one (else the first of `types`).
 */
export function messagesOf(error: Pick<FieldError, 'message' | 'types'> | undefined): string[] {
  if (!error) return [];
  if (error.message) return [error.message];
  const first = Object.values(error.types ?? {})
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .find((m): m is string => typeof m === 'string' && m !== '');
  return first ? [first] : [];
}

/** A DOM id for a field path such as `dependents.0.firstName`. */
export function fieldId(name: string, idPrefix = 'field'): string {
  return `${idPrefix}-${name.replaceAll('.', '-')}`;
}
