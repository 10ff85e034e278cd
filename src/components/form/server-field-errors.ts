import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../lib/api-client';

/** A form field with the server's messages about it. */
export type PlacedServerError = { name: string; messages: string[] };
/** Messages the form has no field for, with the server's path (`_` or a payload path). */
type UnplacedServerError = { path: string; messages: string[] };
type ServerFieldErrors = { fields: PlacedServerError[]; unplaced: UnplacedServerError[] };

type ServerFieldErrorOptions = {
  /** Form field of a server path; undefined when the form does not show it. Default: no field. */
  fieldOf?: (path: string) => string | undefined;
  /** Messages the caller handles otherwise (e.g. with a notice): neither placed nor returned. */
  ignore?: (message: string) => boolean;
  /** Keep each message apart (`types`), for forms that list every message (`criteriaMode: 'all'`). */
  typesPerMessage?: boolean;
  /** Put the unplaced messages, joined, on the form-wide `root.server` error. */
  unplacedOnRoot?: boolean;
};

/** A `fieldOf` for fields named as on the server, or after `prefix.` (`subscriber.city` → `city`). */
export function fieldsNamed(fields: readonly string[], prefix?: string): (path: string) => string | undefined {
  return (path) => {
    const name = prefix && path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : path;
    return fields.includes(name) ? name : undefined;
  };
}

/** Every message of the unplaced errors, in order. */
export const unplacedMessages = (unplaced: readonly UnplacedServerError[]) => unplaced.flatMap((u) => u.messages);

/**
 * Puts the field errors of a 400 answer (`problem.errors`, keyed by payload path) on the form's
 * fields and returns them with what it could not place, for the caller's summary or notice. Null
 * when the failure carries no field errors: the call layer has already told the user.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> } | null,
  error: unknown,
  options: ServerFieldErrorOptions = {},
): ServerFieldErrors | null {
  const errors = isApiError(error) ? error.problem.errors : undefined;
  if (!errors) return null;
  const { fieldOf, ignore, typesPerMessage, unplacedOnRoot } = options;
  const result: ServerFieldErrors = { fields: [], unplaced: [] };
  for (const [path, all] of Object.entries(errors)) {
    const messages = ignore ? all.filter((m) => !ignore(m)) : all;
    if (messages.length === 0) continue;
    const name = fieldOf?.(path);
    if (name === undefined) {
      result.unplaced.push({ path, messages });
      continue;
    }
    // Two server paths may name one field (e.g. `ssn` and `ssnLast4`).
    const field = result.fields.find((f) => f.name === name);
    if (field) field.messages.push(...messages);
    else result.fields.push({ name, messages: [...messages] });
  }
  if (!form) return result;
  for (const { name, messages } of result.fields) {
    const types = typesPerMessage ? { types: Object.fromEntries(messages.map((m, i) => [`server${i}`, m])) } : {};
    // A field shows one message at a time: the server's first about it.
    form.setError(name as FieldPath<T>, { type: 'server', message: messages[0], ...types });
  }
  if (unplacedOnRoot && result.unplaced.length > 0) {
    form.setError('root.server', { type: 'server', message: unplacedMessages(result.unplaced).join(' ') });
  }
  return result;
}
