import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { functionalUpdate, useTable, type SortingState } from '@tanstack/react-table';
import { useMemo, type KeyboardEvent } from 'react';
import type { Claim } from '../../../contracts/claims';
import { parseClaimSort, type ClaimSortField } from '../claim-search';
import { claimColumns, claimTableFeatures } from './claim-columns';

type ClaimTableProps = {
  claims: Claim[];
  /** The sort the page was fetched with ('<field> <ASC|DESC>'). */
  sort: string | undefined;
  onSort: (field: ClaimSortField) => void;
  selectedClaimID: number | null;
  onSelect: (claim: Claim) => void;
};

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
  p: 0,
  m: '-1px',
} as const;

const isNumeric = (meta: unknown) => Boolean((meta as { numeric?: boolean } | undefined)?.numeric);
const isActivation = (event: KeyboardEvent) => event.key === 'Enter' || event.key === ' ';

/** One page of claims: sortable headers, a row selected by click or Enter/Space. */
export function ClaimTable({ claims, sort, onSort, selectedClaimID, onSelect }: ClaimTableProps) {
  const current = parseClaimSort(sort);
  const sorting = useMemo<SortingState>(
    () => [{ id: current.field, desc: current.direction === 'DESC' }],
    [current.field, current.direction],
  );

  const table = useTable({
    features: claimTableFeatures,
    columns: claimColumns,
    data: claims,
    getRowId: (row) => String(row.claimID),
    state: { sorting },
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: true,
    // The URL owns the sort (and resets the page); the table only reports the clicked header.
    onSortingChange: (updater) => {
      const clicked = functionalUpdate(updater, sorting)[0]?.id;
      if (clicked) onSort(clicked as ClaimSortField);
    },
  });

  return (
    <TableContainer>
      <Table size="small">
        <Box component="caption" sx={visuallyHidden}>
          Claims. Column headers sort the list; select a claim by clicking its row or pressing Enter or Space on it.
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
                    align={isNumeric(header.column.columnDef.meta) ? 'right' : undefined}
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
            </TableRow>
          ))}
        </TableHead>
        <TableBody>
          {table.getRowModel().rows.map((row) => {
            const claim = row.original;
            const selected = claim.claimID === selectedClaimID;
            return (
              <TableRow
                key={row.id}
                hover
                tabIndex={0}
                data-testid="claim-row"
                selected={selected}
                aria-selected={selected}
                onClick={() => onSelect(claim)}
                onKeyDown={(event) => {
                  if (!isActivation(event)) return;
                  event.preventDefault();
                  onSelect(claim);
                }}
                sx={{ cursor: 'pointer', '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
              >
                {row.getAllCells().map((cell) => (
                  <TableCell key={cell.id} align={isNumeric(cell.column.columnDef.meta) ? 'right' : undefined}>
                    <table.FlexRender cell={cell} />
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
