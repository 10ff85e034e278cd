import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';

type Column<R> = { header: string; cell: (row: R) => ReactNode; align?: 'right' };

type SectionTableProps<R> = {
  caption: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string | number;
  empty: string;
};

/** A read-only table of one section of the member view. */
export function SectionTable<R>({ caption, columns, rows, rowKey, empty }: SectionTableProps<R>) {
  if (rows.length === 0) return <Typography>{empty}</Typography>;
  return (
    <TableContainer>
      <Table size="small">
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.header} component="th" scope="col" align={c.align}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((c) => (
                <TableCell key={c.header} align={c.align}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
