import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTable } from '@tanstack/react-table';
import { Fragment, type KeyboardEvent, type ReactNode } from 'react';
import type { SubscriberSummary } from '../../contracts/subscribers';
import { stickyCellSx } from '../data-table/column-align';
import { DataCells } from '../data-table/data-cells';
import { ListTable } from '../data-table/list-table';
import { SortableTableHead } from '../data-table/sortable-table-head';
import { useServerSorting } from '../data-table/use-server-sorting';
import { VisuallyHidden } from '../ui/visually-hidden';
import { memberColumns, memberTableFeatures } from './member-columns';
import { memberSort, type MemberSortField } from './member-search';

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

const isActivation = (event: KeyboardEvent) => event.key === 'Enter' || event.key === ' ';

const MEMBER_TABLE = {
  features: memberTableFeatures,
  columns: memberColumns,
  getRowId: (row: SubscriberSummary) => String(row.subscriberPK),
};

const CHOOSE_CAPTION =
  'Members. Column headers sort the list; choose a member by clicking its row or pressing Enter or Space on it.';

/** One page of subscribers: sortable headers, rows chosen by click or Enter/Space. */
export function MemberTable({
  members,
  sort,
  onSort,
  onChoose,
  renderDetail,
  selectedPK,
  caption = CHOOSE_CAPTION,
}: MemberTableProps) {
  const table = useTable({
    ...MEMBER_TABLE,
    data: members,
    ...useServerSorting(memberSort.parse(sort), onSort),
    getRowCanExpand: () => Boolean(renderDetail),
  });
  const columnCount = memberColumns.length + (renderDetail ? 1 : 0);
  const expandHeader = renderDetail && (
    <TableCell padding="checkbox" sx={stickyCellSx(0)}>
      <VisuallyHidden>Dependents</VisuallyHidden>
    </TableCell>
  );

  return (
    <ListTable
      caption={caption}
      head={<SortableTableHead headerGroups={table.getHeaderGroups()} leading={expandHeader} />}
      // The expand column (48 px) stays in view before the sticky name.
      sx={renderDetail ? { '--sticky-left': '48px' } : undefined}
    >
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
              sx={{
                cursor: 'pointer',
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
              }}
            >
              {renderDetail && (
                <TableCell padding="checkbox" sx={stickyCellSx(0)}>
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
              <DataCells row={row} />
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
    </ListTable>
  );
}
