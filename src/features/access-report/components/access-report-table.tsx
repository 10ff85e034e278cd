import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTable } from '@tanstack/react-table';
import { DataCells } from '../../../components/data-table/data-cells';
import { ListTable } from '../../../components/data-table/list-table';
import { SortableTableHead } from '../../../components/data-table/sortable-table-head';
import { useServerSorting } from '../../../components/data-table/use-server-sorting';
import type { AccessEvent, AccessSortField } from '../../../contracts/access-report';
import { accessReportColumns, accessReportTableFeatures } from './access-report-columns';

const ACCESS_REPORT_TABLE = {
  features: accessReportTableFeatures,
  columns: accessReportColumns,
  getRowId: (row: AccessEvent) => String(row.auditEventPK),
};

type AccessReportTableProps = {
  events: AccessEvent[];
  sort: { field: AccessSortField; direction: 'ASC' | 'DESC' };
  onSort: (field: AccessSortField) => void;
};

/** One page of access rows; the records column names ids only, never a member's data. */
export function AccessReportTable({ events, sort, onSort }: AccessReportTableProps) {
  const table = useTable({ ...ACCESS_REPORT_TABLE, data: events, ...useServerSorting(sort, onSort) });
  const trailing = (
    <>
      <TableCell scope="col">Records</TableCell>
      <TableCell scope="col">Address</TableCell>
    </>
  );

  return (
    <ListTable
      caption="Access Report. Column headers sort the list."
      head={<SortableTableHead headerGroups={table.getHeaderGroups()} trailing={trailing} />}
    >
      {table.getRowModel().rows.map((row) => (
        <TableRow key={row.id} data-testid="access-row">
          <DataCells row={row} />
          <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>{row.original.records.join(', ')}</TableCell>
          <TableCell>{row.original.ip}</TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
