import { z } from 'zod';

/**
 * Calendar dates travel as `yyyy-MM-dd` strings end to end. Year 0000 is a valid ISO date but not a
 * PostgreSQL one, so it is refused here rather than failing in the database.
 */
export const isoDate = z.iso
  .date({ message: 'Must be a date in yyyy-MM-dd format.' })
  .refine((value) => !value.startsWith('0000-'), 'Must be a date in yyyy-MM-dd format.');

/** Largest value of the database's integer columns; anything beyond it fails in the database, not here. */
export const INT32_MAX = 2_147_483_647;

/** A record id in a JSON body: a positive integer that fits the 32-bit key columns. */
export const id = z.number().int().positive().max(INT32_MAX);

/** The same id in a query string or form body, which arrive as text, so numbers are coerced. */
export const pk = z.coerce.number().int().positive().max(INT32_MAX);

/** Highest zero-based page number: page × page size stays far inside 32 bits. */
export const MAX_PAGE = 1_000_000;
export const pageNumber = z.number().int().min(0).max(MAX_PAGE);

export const TEXT_CHARACTERS_MESSAGE = 'Contains characters that are not allowed.';

// Half of a UTF-16 surrogate pair: it has no UTF-8 form, so PostgreSQL cannot store it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for text that can be stored: no NUL (PostgreSQL refuses it in text) and no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\0') && !LONE_SURROGATE.test(value);
}

/** Free text of at most `max` characters, refusing what cannot be stored. */
export function text(max: number, maxMessage?: string) {
  return z.string().max(max, maxMessage).refine(isStorableText, TEXT_CHARACTERS_MESSAGE);
}

/** A boolean that may arrive as a JSON boolean or as query text ("true"/"false"). */
export const flag = z.union([z.boolean(), z.stringbool()]);

export const lookupItem = z.object({ pk: z.number().int(), name: z.string() });
export type LookupItem = z.infer<typeof lookupItem>;

/**
 * The total of a paged list's filter as the client already holds it from an earlier page. Sent, it
 * spares the server a count on every change of page: the server answers it back unless it knows the
 * total without counting. Absent on the first call of a filter.
 */
export const knownCount = z.number().int().min(0).max(INT32_MAX).optional();
/** The same in a form body, which arrives as text. */
export const knownCountText = z.coerce.number().int().min(0).max(INT32_MAX).optional();

export function pagedList<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), recordCount: z.number().int().nonnegative() });
}

/** Sort as the spec sends it: '<field> <ASC|DESC>'. */
export function sortColumn<const F extends readonly [string, ...string[]]>(fields: F) {
  const pattern = new RegExp(`^(${fields.map((f) => f.replace('.', '\\.')).join('|')}) (ASC|DESC)$`);
  return z.string().max(64, 'Unknown sort column.').regex(pattern, 'Unknown sort column.');
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
export const ssnLast4 = z
  .string()
  .max(4)
  .regex(/^\d{4}$/);

/** The first of the month after a `yyyy-MM-dd` date (calendar arithmetic only, no time zone). */
export function firstOfNextMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
