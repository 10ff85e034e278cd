import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { functionalUpdate, useTable, type SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { RequestItem } from '../../../contracts/requests';
import { parseSort, type RequestSortField } from '../lib/request-search';
import { canApprove, canCancel } from '../lib/request-status';
import { requestColumns, requestTableFeatures } from './request-columns';
import { VisuallyHidden, visuallyHidden } from './visually-hidden';

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
  const current = parseSort(sort);
  const sorting = useMemo<SortingState>(
    () => [{ id: current.field, desc: current.direction === 'DESC' }],
    [current.field, current.direction],
  );

  const table = useTable({
    features: requestTableFeatures,
    columns: requestColumns,
    data: requests,
    getRowId: (row) => String(row.pk),
    state: { sorting },
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: true,
    // The table only reports which header was clicked; the URL owns the sort (and resets the page).
    onSortingChange: (updater) => {
      const clicked = functionalUpdate(updater, sorting)[0]?.id;
      if (clicked) onSort(clicked as RequestSortField);
    },
  });

  return (
    <TableContainer>
      <Table size="small">
        <Box component="caption" sx={visuallyHidden}>
          Enrollment submissions. Column headers sort the list.
        </Box>
        <TableHead>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <TableCell
                    key={header.id}
                    scope="col"
                    aria-sort={sorted ? (sorted === 'desc' ? 'descending' : 'ascending') : undefined}
                    sortDirection={sorted || false}
                  >
                    <TableSortLabel
                      active={Boolean(sorted)}
                      direction={sorted === 'desc' ? 'desc' : 'asc'}
                      onClick={header.column.getToggleSortingHandler()}
                    >
                      <table.FlexRender header={header} />
                    </TableSortLabel>
                  </TableCell>
                );
              })}
              <TableCell scope="col">Actions</TableCell>
            </TableRow>
          ))}
        </TableHead>
        <TableBody>
          {table.getRowModel().rows.map((row) => {
            const request = row.original;
            const about = ` for ${request.subscriberFirstName} ${request.subscriberLastName}`;
            return (
              <TableRow key={row.id} data-testid="request-row" data-request-pk={request.pk}>
                {row.getAllCells().map((cell) => (
                  <TableCell key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </TableCell>
                ))}
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
        </TableBody>
      </Table>
    </TableContainer>
  );
}
