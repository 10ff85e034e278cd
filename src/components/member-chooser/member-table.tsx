import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { functionalUpdate, useTable, type SortingState } from '@tanstack/react-table';
import { Fragment, useMemo, type KeyboardEvent, type ReactNode } from 'react';
import type { SubscriberSummary } from '../../contracts/subscribers';
import { memberColumns, memberTableFeatures } from './member-columns';
import { parseSort, type MemberSortField } from './member-search';

type MemberTableProps = {
  members: SubscriberSummary[];
  /** The sort the list was fetched with ('<field> <ASC|DESC>'). */
  sort: string | undefined;
  onSort: (field: MemberSortField) => void;
  onChoose: (subscriber: SubscriberSummary) => void;
  /** When given, each row can expand to show this (the subscriber's dependents). */
  renderDetail?: (subscriber: SubscriberSummary) => ReactNode;
  /** Screens that act on a chosen row with their own buttons mark it as selected. */
  selectedPK?: number | null;
  /** Read by screen readers: what a click on a row does. */
  caption?: string;
};

// Read by screen readers, not shown.
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

const isActivation = (event: KeyboardEvent) => event.key === 'Enter' || event.key === ' ';

const CHOOSE_CAPTION =
  'Members. Column headers sort the list; choose a member by clicking its row or pressing Enter or Space on it.';

/** One page of subscribers: sortable headers, rows chosen by click or Enter/Space. */
export function MemberTable({ members, sort, onSort, onChoose, renderDetail, selectedPK, caption = CHOOSE_CAPTION }: MemberTableProps) {
  const current = parseSort(sort);
  const sorting = useMemo<SortingState>(
    () => [{ id: current.field, desc: current.direction === 'DESC' }],
    [current.field, current.direction],
  );

  const table = useTable({
    features: memberTableFeatures,
    columns: memberColumns,
    data: members,
    getRowId: (row) => String(row.subscriberPK),
    state: { sorting },
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: true,
    // The table only reports which header was clicked; the URL owns the sort (and resets the page).
    onSortingChange: (updater) => {
      const clicked = functionalUpdate(updater, sorting)[0]?.id;
      if (clicked) onSort(clicked as MemberSortField);
    },
    getRowCanExpand: () => Boolean(renderDetail),
  });

  const columnCount = memberColumns.length + (renderDetail ? 1 : 0);

  return (
    <TableContainer>
      <Table size="small">
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {renderDetail && (
                <TableCell padding="checkbox">
                  <Box component="span" sx={visuallyHidden}>
                    Dependents
                  </Box>
                </TableCell>
              )}
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
            </TableRow>
          ))}
        </TableHead>
        <TableBody>
          {table.getRowModel().rows.map((row) => {
            const subscriber = row.original;
            const name = `${subscriber.firstName} ${subscriber.lastName}`;
            const detailId = `member-${row.id}-dependents`;
            const expanded = row.getIsExpanded();
            const selected = selectedPK === undefined ? undefined : selectedPK === subscriber.subscriberPK;
            return (
              <Fragment key={row.id}>
                <TableRow
                  hover
                  tabIndex={0}
                  data-testid="member-row"
                  selected={selected ?? false}
                  aria-selected={selected}
                  onClick={() => onChoose(subscriber)}
                  onKeyDown={(event) => {
                    // Keys pressed on the expand button inside the row are the button's own.
                    if (event.target !== event.currentTarget || !isActivation(event)) return;
                    event.preventDefault();
                    onChoose(subscriber);
                  }}
                  sx={{ cursor: 'pointer', '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
                >
                  {renderDetail && (
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        aria-expanded={expanded}
                        aria-controls={expanded ? detailId : undefined}
                        aria-label={`${expanded ? 'Hide' : 'Show'} dependents of ${name}`}
                        onClick={(event) => {
                          event.stopPropagation();
                          row.toggleExpanded();
                        }}
                      >
                        {expanded ? <KeyboardArrowDownIcon /> : <KeyboardArrowRightIcon />}
                      </IconButton>
                    </TableCell>
                  )}
                  {row.getAllCells().map((cell) => (
                    <TableCell key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </TableCell>
                  ))}
                </TableRow>
                {renderDetail && expanded && (
                  <TableRow id={detailId}>
                    <TableCell colSpan={columnCount} sx={{ bgcolor: 'action.hover', py: 1 }}>
                      {renderDetail(subscriber)}
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
