import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTable } from '@tanstack/react-table';
import { DataCells } from '../../../components/data-table/data-cells';
import { ListTable } from '../../../components/data-table/list-table';
import { SortableTableHead } from '../../../components/data-table/sortable-table-head';
import { useServerSorting } from '../../../components/data-table/use-server-sorting';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import type { RequestItem } from '../../../contracts/requests';
import { requestSort, type RequestSortField } from '../lib/request-search';
import { canApprove, canCancel } from '../lib/request-status';
import { requestColumns, requestTableFeatures } from './request-columns';

const REQUEST_TABLE = {
  features: requestTableFeatures,
  columns: requestColumns,
  getRowId: (row: RequestItem) => String(row.pk),
};

export type RequestAction = 'view' | 'pdf' | 'cancel' | 'approve';

type RequestTableProps = {
  requests: RequestItem[];
  /** The sort the page was fetched with ('<field> <ASC|DESC>'). */
  sort: string | undefined;
  onSort: (field: RequestSortField) => void;
  /** The user's roles in the current group allow HR approval. */
  mayApprove: boolean;
  onAction: (action: RequestAction, request: RequestItem) => void;
};

/** One page of submissions: sortable headers and, per row, the actions its status allows. */
export function RequestTable({ requests, sort, onSort, mayApprove, onAction }: RequestTableProps) {
  const table = useTable({ ...REQUEST_TABLE, data: requests, ...useServerSorting(requestSort.parse(sort), onSort) });

  return (
    <ListTable
      caption="Enrollment submissions. Column headers sort the list."
      head={
        <SortableTableHead
          headerGroups={table.getHeaderGroups()}
          trailing={<TableCell scope="col">Actions</TableCell>}
        />
      }
    >
      {table.getRowModel().rows.map((row) => {
        const request = row.original;
        const about = ` for ${request.subscriberFirstName} ${request.subscriberLastName}`;
        return (
          <TableRow key={row.id} data-testid="request-row" data-request-pk={request.pk}>
            <DataCells row={row} />
            <TableCell>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button size="small" variant="outlined" onClick={() => onAction('view', request)}>
                  View Request<VisuallyHidden>{about}</VisuallyHidden>
                </Button>
                <Button size="small" variant="outlined" onClick={() => onAction('pdf', request)}>
                  Download PDF<VisuallyHidden>{about}</VisuallyHidden>
                </Button>
                {mayApprove && canApprove(request.status) && (
                  <Button size="small" variant="contained" onClick={() => onAction('approve', request)}>
                    Approve<VisuallyHidden>{about}</VisuallyHidden>
                  </Button>
                )}
                {canCancel(request.status) && (
                  <Button size="small" color="error" variant="outlined" onClick={() => onAction('cancel', request)}>
                    Cancel Request<VisuallyHidden>{about}</VisuallyHidden>
                  </Button>
                )}
              </Stack>
            </TableCell>
          </TableRow>
        );
      })}
    </ListTable>
  );
}
