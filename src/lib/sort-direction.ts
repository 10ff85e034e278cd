import type { SORT_DIRECTIONS } from '../contracts/common';

type SortDirection = (typeof SORT_DIRECTIONS)[number];

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
