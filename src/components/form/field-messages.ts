import type { FieldError } from 'react-hook-form';

/**
 * Every message of a field error. With `criteriaMode: 'all'` a field keeps one message per failed
 * rule in `types` (an array when one rule failed twice); otherwise there is only `message`.
 */
export function messagesOf(error: Pick<FieldError, 'message' | 'types'> | undefined): string[] {
  if (!error) return [];
  const fromTypes = Object.values(error.types ?? {}).flatMap((value) =>
    Array.isArray(value) ? value : typeof value === 'string' ? [value] : [],
  );
  const all = fromTypes.length > 0 ? fromTypes : error.message ? [error.message] : [];
  return [...new Set(all.filter((m): m is string => typeof m === 'string' && m !== ''))];
}

/** A DOM id for a field path such as `dependents.0.firstName`. */
export function fieldId(name: string, idPrefix = 'field'): string {
  return `${idPrefix}-${name.replaceAll('.', '-')}`;
}
