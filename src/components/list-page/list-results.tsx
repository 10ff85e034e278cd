import Typography from '@mui/material/Typography';
import type { ComponentProps, ReactNode } from 'react';
import { ListPagination } from '../data-table/list-pagination';

type ListResultsProps = {
  /** Rows of the page shown; with none, `emptyText` stands in their place. */
  rowCount: number;
  emptyText: string;
  pager: ComponentProps<typeof ListPagination>;
  /** The rows (a table, cards). */
  children: ReactNode;
};

/** A loaded page of a list: its rows, or a line saying why there are none, and the pager under them. */
export function ListResults({ rowCount, emptyText, pager, children }: ListResultsProps) {
  return (
    <>
      {rowCount === 0 ? <Typography sx={{ p: 2 }}>{emptyText}</Typography> : children}
      <ListPagination {...pager} />
    </>
  );
}
