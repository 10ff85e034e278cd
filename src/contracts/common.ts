import { z } from 'zod';

/** Calendar dates travel as `yyyy-MM-dd` strings end to end. */
export const isoDate = z.iso.date({ message: 'Must be a date in yyyy-MM-dd format.' });

/** A positive integer key; query strings arrive as text, so numbers are coerced. */
export const pk = z.coerce.number().int().positive();

/** A boolean that may arrive as a JSON boolean or as query text ("true"/"false"). */
export const flag = z.union([z.boolean(), z.stringbool()]);

export const lookupItem = z.object({ pk: z.number().int(), name: z.string() });
export type LookupItem = z.infer<typeof lookupItem>;

export function pagedList<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), recordCount: z.number().int().nonnegative() });
}

/** Sort as the spec sends it: '<field> <ASC|DESC>'. */
export function sortColumn<const F extends readonly [string, ...string[]]>(fields: F) {
  const pattern = new RegExp(`^(${fields.map((f) => f.replace('.', '\\.')).join('|')}) (ASC|DESC)$`);
  return z.string().regex(pattern, 'Unknown sort column.');
}

export const SORT_DIRECTIONS = ['DESC', 'ASC'] as const;

/** Error body of every failed call (RFC 9457 problem details, plus field errors for bad input). */
export const problem = z.object({
  type: z.string().optional(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** A 409 of a versioned record (enrollment drafts): the version now stored. */
  currentVersion: z.number().int().optional(),
});
export type Problem = z.infer<typeof problem>;

/** Answer of calls whose response the spec does not show. */
export const ok = z.object({ ok: z.literal(true) });

/** Last four digits of an SSN, the only part that ever reaches the browser (except the census). */
export const ssnLast4 = z.string().regex(/^\d{4}$/);
