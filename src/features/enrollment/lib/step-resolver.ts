import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A zod resolver whose schema may depend on the values (e.g. the stored-SSN variant when an SSN
 * is already on file).
 */
export function stepResolver<T extends FieldValues>(schemaFor: (values: T) => z.ZodType): Resolver<T> {
  return async (values, context, options) => {
    // The form's value type and the schema's input type differ in optionality only.
    const resolve = zodResolver(schemaFor(values) as z.ZodType<unknown, FieldValues>) as unknown as Resolver<T>;
    return resolve(values, context, options);
  };
}
