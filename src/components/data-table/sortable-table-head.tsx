import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import {
  FlexRender,
  type Column_RowSorting,
  type Header,
  type RowData,
  type TableFeatures,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { columnAlign, columnStickySx } from './column-align';

// The table's features include rowSortingFeature.
type SortableHeader<TFeatures extends TableFeatures, TData extends RowData> = Header<TFeatures, TData, unknown> & {
  column: Column_RowSorting<TFeatures, TData>;
};

type SortableTableHeadProps<TFeatures extends TableFeatures, TData extends RowData> = {
  headerGroups: { id: string; headers: SortableHeader<TFeatures, TData>[] }[];
  /** Cells before the column headers (an expand or select column). */
  leading?: ReactNode;
  /** Cells after the column headers (an actions column). */
  trailing?: ReactNode;
};

/** The header rows of a table whose data columns sort. */
export function SortableTableHead<TFeatures extends TableFeatures, TData extends RowData>({
  headerGroups,
  leading,
  trailing,
}: SortableTableHeadProps<TFeatures, TData>) {
  return (
    <TableHead>
      {headerGroups.map((group) => (
        <TableRow key={group.id}>
          {leading}
          {group.headers.map((header) => (
            <SortableHeaderCell key={header.id} header={header} />
          ))}
          {trailing}
        </TableRow>
      ))}
    </TableHead>
  );
}

/** A column header that sorts on click and tells assistive technology how the list is sorted. */
function SortableHeaderCell<TFeatures extends TableFeatures, TData extends RowData>({
  header,
}: {
  header: SortableHeader<TFeatures, TData>;
}) {
  // A column of links or actions (enableSorting: false) has a plain header.
  if (!header.column.getCanSort()) {
    return (
      <TableCell scope="col" align={columnAlign(header.column)}>
        <FlexRender header={header} />
      </TableCell>
    );
  }
  const sorted = header.column.getIsSorted();
  return (
    <TableCell
      scope="col"
      align={columnAlign(header.column)}
      aria-sort={sorted ? (sorted === 'desc' ? 'descending' : 'ascending') : undefined}
      sortDirection={sorted || false}
      sx={columnStickySx(header.column)}
    >
      <TableSortLabel
        active={Boolean(sorted)}
        direction={sorted === 'desc' ? 'desc' : 'asc'}
        onClick={header.column.getToggleSortingHandler()}
      >
        <FlexRender header={header} />
      </TableSortLabel>
    </TableCell>
  );
}
