import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';
import { VisuallyHidden } from '../ui/visually-hidden';

type ListTableProps = {
  /** Read by screen readers: what the table holds, and what its headers and rows do. */
  caption: string;
  /** The header rows (a SortableTableHead). */
  head: ReactNode;
  sx?: SxProps<Theme>;
  /** The body rows. */
  children: ReactNode;
};

/** The frame of a list's table: small cells, a caption for screen readers, the head and the rows. */
export function ListTable({ caption, head, sx, children }: ListTableProps) {
  return (
    <TableContainer>
      <Table size="small" sx={sx}>
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        {head}
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
