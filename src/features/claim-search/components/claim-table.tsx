import TableRow from '@mui/material/TableRow';
import { useTable } from '@tanstack/react-table';
import type { KeyboardEvent } from 'react';
import { DataCells } from '../../../components/data-table/data-cells';
import { ListTable } from '../../../components/data-table/list-table';
import { SortableTableHead } from '../../../components/data-table/sortable-table-head';
import { useServerSorting } from '../../../components/data-table/use-server-sorting';
import type { Claim } from '../../../contracts/claims';
import { claimSort, type ClaimSortField } from '../claim-search';
import { claimColumns, claimTableFeatures } from './claim-columns';

type ClaimTableProps = {
  claims: Claim[];
  /** The sort the page was fetched with ('<field> <ASC|DESC>'). */
  sort: string | undefined;
  onSort: (field: ClaimSortField) => void;
  selectedClaimID: number | null;
  onSelect: (claim: Claim) => void;
};

const isActivation = (event: KeyboardEvent) => event.key === 'Enter' || event.key === ' ';

const CLAIM_TABLE = {
  features: claimTableFeatures,
  columns: claimColumns,
  getRowId: (row: Claim) => String(row.claimID),
};

// Narrow cells, wrapping headers and provider names (third column): the eleven columns fit beside the menu at 1,366 px.
const NARROW_CELLS = {
  '& th, & td': { px: 0.75 },
  '& td': { whiteSpace: 'nowrap' },
  '& td:nth-of-type(3)': { whiteSpace: 'normal' },
};

/** One page of claims: sortable headers, a row selected by click or Enter/Space. */
export function ClaimTable({ claims, sort, onSort, selectedClaimID, onSelect }: ClaimTableProps) {
  const table = useTable({ ...CLAIM_TABLE, data: claims, ...useServerSorting(claimSort.parse(sort), onSort) });

  return (
    <ListTable
      caption="Claims. Column headers sort the list; select a claim by clicking its row or pressing Enter or Space on it."
      head={<SortableTableHead headerGroups={table.getHeaderGroups()} />}
      sx={NARROW_CELLS}
    >
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
            sx={{
              cursor: 'pointer',
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
            }}
          >
            <DataCells row={row} />
          </TableRow>
        );
      })}
    </ListTable>
  );
}
