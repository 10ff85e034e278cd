import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { MESSAGES } from '../../../contracts/person-rules';

// The contract's `isoDate` speaks of yyyy-MM-dd, the wire format; users type MM/DD/YYYY. Until the
// contract words it for people (reported), the wizard rewords it here.
const WIRE_DATE_MESSAGE = 'Must be a date in yyyy-MM-dd format.';
const DATE_FORMAT_MESSAGE = 'Enter a valid date in MM/DD/YYYY format.';

function reword(node: unknown, field: string): void {
  if (node === null || typeof node !== 'object') return;
  const replacement = field === 'dateOfBirth' ? MESSAGES.dobFormat : DATE_FORMAT_MESSAGE;
  const record = node as Record<string, unknown>;
  if (record.message === WIRE_DATE_MESSAGE) record.message = replacement;
  if (record.types && typeof record.types === 'object') {
    const types = record.types as Record<string, unknown>;
    for (const [type, value] of Object.entries(types)) {
      if (value === WIRE_DATE_MESSAGE) types[type] = replacement;
      else if (Array.isArray(value)) types[type] = value.map((v) => (v === WIRE_DATE_MESSAGE ? replacement : v));
    }
  }
  for (const [key, child] of Object.entries(record)) {
    if (key !== 'ref' && key !== 'types') reword(child, key);
  }
}

/**
 * A zod resolver whose schema may depend on the values (e.g. the stored-SSN variant when an SSN
 * is already on file), with the date format messages worded for people.
 */
export function stepResolver<T extends FieldValues>(schemaFor: (values: T) => z.ZodType): Resolver<T> {
  return async (values, context, options) => {
    // The form's value type and the schema's input type differ in optionality only.
    const resolve = zodResolver(schemaFor(values) as z.ZodType<unknown, FieldValues>) as unknown as Resolver<T>;
    const result = await resolve(values, context, options);
    reword(result.errors as FieldErrors<T>, '');
    return result;
  };
}
