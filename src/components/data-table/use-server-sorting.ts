import { functionalUpdate, type SortingState, type Updater } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { SORT_DIRECTIONS } from '../../contracts/common';

type ServerSort<TField extends string> = { field: TField; direction: (typeof SORT_DIRECTIONS)[number] };

/**
 * Sorting options for `useTable` on a list the server sorts. The URL owns the sort (and resets the
 * page on a change), so the table shows the given sort and only reports which header was clicked:
 * one column at a time, never unsorted (the direction after a click: directionAfterClick).
 */
export function useServerSorting<TField extends string>(current: ServerSort<TField>, onSort: (field: TField) => void) {
  const sorting = useMemo<SortingState>(
    () => [{ id: current.field, desc: current.direction === 'DESC' }],
    [current.field, current.direction],
  );

  return {
    state: { sorting },
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    onSortingChange: (updater: Updater<SortingState>) => {
      const clicked = functionalUpdate(updater, sorting)[0]?.id;
      if (clicked) onSort(clicked as TField);
    },
  };
}
