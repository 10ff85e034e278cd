import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { createColumnHelper, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import type { GroupUser } from '../../contracts/users';
import { lastSignInLabel, mfaLabel, nameOf, USER_STATUS_LABELS } from './user-labels';

// Sorting and paging happen on the server; the table only tracks which column is sorted.
export const userTableFeatures = tableFeatures({ rowSortingFeature });

const helper = createColumnHelper<typeof userTableFeatures, GroupUser>();

/** Column ids of the sortable columns are the server's sort fields (USER_SORT_FIELDS). */
export const userColumns = helper.columns([
  helper.accessor((user) => nameOf(user), { id: 'name', header: 'Name', meta: { sticky: true } }),
  helper.accessor('email', { header: 'E-mail' }),
  helper.accessor('roles', {
    header: 'Roles',
    enableSorting: false,
    cell: (info) => (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {info.getValue().map((role) => (
          <Chip key={role} label={role} size="small" />
        ))}
      </Stack>
    ),
  }),
  helper.accessor('status', { header: 'Status', cell: (info) => USER_STATUS_LABELS[info.getValue()] }),
  helper.accessor('lastSignInAt', { header: 'Last sign-in', cell: (info) => lastSignInLabel(info.getValue()) }),
  helper.accessor('mfaEnabled', { header: 'MFA', enableSorting: false, cell: (info) => mfaLabel(info.getValue()) }),
]);
