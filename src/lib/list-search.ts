import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { z } from 'zod';
import { isoDate, sortColumn, type SORT_DIRECTIONS } from '../contracts/common';

// The URL state of every list screen: its filters, sort and one-based page live in the URL so a
// copied link reproduces the view. Every param is optional, a default is never written back, and a
// malformed value reads as absent instead of failing the route.

export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** A search param that reads as absent when it is missing or malformed. */
export function optionalParam<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

/** A whole number from 1 (a page, a page size), at most `max`. */
export function countParam(max?: number) {
  const count = z.coerce.number().int().min(1);
  return optionalParam(max === undefined ? count : count.max(max));
}

/** A calendar date, yyyy-MM-dd. */
export function dateParam() {
  return optionalParam(isoDate);
}

/**
 * Trimmed text of at most `max` characters. The router parses search values as JSON, so
 * `?lastName=123` arrives as a number: it is read back as text.
 */
export function textParam(max: number) {
  return optionalParam(
    z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().max(max)),
  );
}

/** The one-based page the search names (the first one when it names none). */
export function pageOf(search: { page?: number }): number {
  return search.page ?? 1;
}

/** The page as list calls take it: zero-based, with the number of records a page. */
export function pageRequest(search: { page?: number }, recordsPerPage: number) {
  return { recordsPerPage, page: pageOf(search) - 1 };
}

/**
 * The direction after a click on a column header (spec 2 §4 "Lists" toggles DESC / ASC): the sorted
 * column flips; another column starts ascending, as people expect a first click to do (A to Z,
 * oldest first).
 */
export function directionAfterClick<TField extends string>(
  current: { field: TField; direction: SortDirection },
  clicked: TField,
): SortDirection {
  if (current.field !== clicked) return 'ASC';
  return current.direction === 'DESC' ? 'ASC' : 'DESC';
}

/**
 * A list sorted by one `sort` param, '<field> <ASC|DESC>', over the server's sort fields; without one
 * the server's own order (`defaultSort`) applies.
 */
export function sortOrder<const F extends readonly [string, ...string[]]>(
  fields: F,
  defaultSort: `${F[number]} ${SortDirection}`,
) {
  type Field = F[number];
  const parse = (sort: string | undefined) => {
    const [field, direction] = (sort ?? defaultSort).split(' ') as [Field, SortDirection];
    return { field, direction };
  };
  return {
    param: optionalParam(sortColumn(fields)),
    defaultSort,
    parse,
    /** The page and sort as a list call with one `sortColumn` ('<field> <ASC|DESC>') takes them. */
    pageRequest: (search: { sort?: string; page?: number }, recordsPerPage: number) => ({
      ...pageRequest(search, recordsPerPage),
      sortColumn: search.sort ?? defaultSort,
    }),
    /** The sort after a click on a column header; back to the first page. */
    next: (search: { sort?: string; page?: number }, field: Field) => ({
      sort: `${field} ${directionAfterClick(parse(search.sort), field)}`,
      page: 1,
    }),
  };
}

type FilterValues<T> = { [K in keyof T]: Exclude<T[K], ''> | undefined };

/** A filter form's values as search params or call fields: a blank field is no filter. */
export function filterValues<T extends Record<string, unknown>>(values: T): FilterValues<T> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, value === '' ? undefined : value]),
  ) as FilterValues<T>;
}

/** The named filters of a search as a list call takes them: a blank one is no filter. */
export function pickFilters<S extends object, K extends keyof S & string>(search: S, keys: readonly K[]) {
  return filterValues(Object.fromEntries(keys.map((key) => [key, search[key]])) as Pick<S, K>);
}

/** A filter form's starting values: the URL's filters, and `blank` for those it does not name. */
export function formValuesOf<T extends Record<string, unknown>>(search: object, blank: T): T {
  const named = search as Record<string, unknown>;
  return Object.fromEntries(Object.entries(blank).map(([key, value]) => [key, named[key] ?? value])) as T;
}

const isBlank = (value: unknown) => value === '' || value === null || value === undefined || value === false;

/**
 * A list's search params: its schema, and `compact`, the search as written back to the URL. Blank
 * values and defaults (page 1, and `defaults`) are left out, so two ways to one view give the same
 * link; every param is named, undefined when left out, so a write also clears what the URL held.
 */
export function listSearch<Shape extends z.ZodRawShape>(
  shape: Shape,
  defaults: Partial<Record<keyof Shape, unknown>> = {},
) {
  const schema = z.object(shape);
  const omitted: Record<string, unknown> = { page: 1, ...defaults };
  return {
    schema,
    compact: (search: z.output<typeof schema>) =>
      Object.fromEntries(
        Object.keys(shape).map((key) => {
          const value = (search as Record<string, unknown>)[key];
          return [key, isBlank(value) || value === omitted[key] ? undefined : value];
        }),
      ) as z.input<typeof schema>,
  };
}

type ListSearch<S> = { schema: z.ZodType<S>; compact: (search: S) => object };

/**
 * A list's search, read from the URL of whichever route shows the list, and a setter that writes a
 * change back as a new history entry, so Back returns to the previous view. `keepOtherParams` keeps
 * the params of the route that the list does not own.
 */
export function useListSearch<S extends object>(list: ListSearch<S>, { keepOtherParams = false } = {}) {
  const raw = useSearch({ strict: false });
  const search = useMemo(() => list.schema.parse(raw), [list, raw]);
  const navigate = useNavigate();

  const setSearch = useCallback(
    (patch: Partial<S>) => {
      const next = list.compact({ ...search, ...patch });
      return navigate({
        to: '.',
        search: keepOtherParams ? (prev: Record<string, unknown>) => ({ ...prev, ...next }) : next,
      });
    },
    [list, navigate, search, keepOtherParams],
  );

  return [search, setSearch] as const;
}
