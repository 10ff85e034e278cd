// Field errors of a 400 answer (spec 1 §5): messages per field path, e.g. `subscriber.firstName`.
import { badRequest } from './problem';

export type FieldErrors = Record<string, string[]>;

const FIELD_ERRORS_DETAIL = 'The request has invalid fields.';

/** Adds a message to the field; a message already listed there is not repeated. */
export function addError(errors: FieldErrors, field: string, message: string) {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

/** Field errors of several rules, one list per field. */
export function mergeErrors(...sources: FieldErrors[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const source of sources) {
    for (const [field, messages] of Object.entries(source))
      for (const message of messages) addError(errors, field, message);
  }
  return errors;
}

/** The 400 answer listing field errors. */
export function invalidFields(errors: FieldErrors) {
  return badRequest(FIELD_ERRORS_DETAIL, errors);
}

/** Throws one 400 listing every field error together (spec 1 §5), or returns when there are none. */
export function throwFieldErrors(errors: FieldErrors) {
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
}
