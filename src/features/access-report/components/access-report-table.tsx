import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { useTable } from '@tanstack/react-table';
import { DataCells } from '../../../components/data-table/data-cells';
import { SortableTableHead } from '../../../components/data-table/sortable-table-head';
import { useServerSorting } from '../../../components/data-table/use-server-sorting';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import type { AccessEvent, AccessSortField } from '../../../contracts/access-report';
import { accessReportColumns, accessReportTableFeatures } from './access-report-columns';

type AccessReportTableProps = {
  events: AccessEvent[];
  sort: { field: AccessSortField; direction: 'ASC' | 'DESC' };
  onSort: (field: AccessSortField) => void;
};

/** One page of access rows; the records column names ids only, never a member's data. */
export function AccessReportTable({ events, sort, onSort }: AccessReportTableProps) {
  const sorting = useServerSorting(sort, onSort);
  const table = useTable({
    features: accessReportTableFeatures,
    columns: accessReportColumns,
    data: events,
    getRowId: (row) => String(row.auditEventPK),
    ...sorting,
  });

  return (
    <TableContainer>
      <Table size="small">
        <VisuallyHidden component="caption">Access Report. Column headers sort the list.</VisuallyHidden>
        <SortableTableHead
          headerGroups={table.getHeaderGroups()}
          trailing={
            <>
              <TableCell scope="col">Records</TableCell>
              <TableCell scope="col">Address</TableCell>
            </>
          }
        />
        <TableBody>
          {table.getRowModel().rows.map((row) => (
            <TableRow key={row.id} data-testid="access-row">
              <DataCells row={row} />
              <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>{row.original.records.join(', ')}</TableCell>
              <TableCell>{row.original.ip}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
