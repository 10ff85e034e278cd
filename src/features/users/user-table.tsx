import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTable } from '@tanstack/react-table';
import { DataCells } from '../../components/data-table/data-cells';
import { ListTable } from '../../components/data-table/list-table';
import { SortableTableHead } from '../../components/data-table/sortable-table-head';
import { useServerSorting } from '../../components/data-table/use-server-sorting';
import type { SortDirection } from '../../lib/list-search';
import type { GroupUser } from '../../contracts/users';
import type { UserAction } from './user-actions';
import { UserActionsMenu } from './user-actions-menu';
import { userColumns, userTableFeatures } from './user-columns';
import type { UserSortField } from './user-search';

const USER_TABLE = {
  features: userTableFeatures,
  columns: userColumns,
  getRowId: (row: GroupUser) => row.userId,
};

type UserTableProps = {
  users: GroupUser[];
  sort: { field: UserSortField; direction: SortDirection };
  onSort: (field: UserSortField) => void;
  onAction: (action: UserAction, user: GroupUser) => void;
};

/** One page of the group's users: sortable headers and, per row, a menu of what can be done. */
export function UserTable({ users, sort, onSort, onAction }: UserTableProps) {
  const table = useTable({ ...USER_TABLE, data: users, ...useServerSorting(sort, onSort) });

  return (
    <ListTable
      caption="Users of this group. Column headers sort the list; each row has a menu of actions."
      head={
        <SortableTableHead
          headerGroups={table.getHeaderGroups()}
          trailing={<TableCell scope="col">Actions</TableCell>}
        />
      }
    >
      {table.getRowModel().rows.map((row) => (
        <TableRow key={row.id} data-testid="user-row" data-user-id={row.original.userId}>
          <DataCells row={row} />
          <TableCell>
            <UserActionsMenu user={row.original} onAction={onAction} />
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
