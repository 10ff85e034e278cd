import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { dependentSchemaFor } from '../../../contracts/enrollment';
import { stepResolver } from './step-resolver';
import type { DependentsValues } from './wizard-values';

/** Each dependent with its own variant: one whose SSN is already stored may leave the SSN empty. */
export function dependentsResolver(existingMember: boolean): Resolver<DependentsValues> {
  return stepResolver<DependentsValues>((values) => {
    const schemas: z.ZodType[] = values.dependents.map((d) =>
      dependentSchemaFor({ existingMember, ssnStored: !!d.ssnLast4 }),
    );
    return z.object({ dependents: z.tuple(schemas as [z.ZodType, ...z.ZodType[]]) });
  });
}
