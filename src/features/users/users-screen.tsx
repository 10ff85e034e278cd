import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { userQueries } from '../../api/user-queries';
import { ExportButton } from '../../components/list-page/export-button';
import { ListFetchingBar } from '../../components/list-page/list-fetching-bar';
import { ListPage } from '../../components/list-page/list-page';
import { ListResults } from '../../components/list-page/list-results';
import { ListSkeleton } from '../../components/list-page/list-skeleton';
import { SuspenseListPanel } from '../../components/list-page/suspense-list-panel';
import { RetryAlert } from '../../components/ui/retry-alert';
import { endpoints } from '../../contracts/endpoints';
import { USER_PAGE_SIZE, type GroupUser } from '../../contracts/users';
import { useEmployerPK } from '../../hooks/use-session';
import { pageOf, useListSearch } from '../../lib/list-search';
import { notify } from '../../stores/notification-store';
import { ChangeRolesDialog } from './change-roles-dialog';
import { ConfirmUserActionDialog } from './confirm-user-action-dialog';
import { InviteUserDialog } from './invite-user-dialog';
import { userListQuery } from './load-user-list';
import { actionsButtonId, isConfirmedAction, type ConfirmedAction, type UserAction } from './user-actions';
import { UserFiltersForm } from './user-filters';
import { refusalOf, useUserChange } from './user-mutations';
import { sortOf, toUserExportBody, userSearch, withFilters, withSort, type UserSearch } from './user-search';
import { UserTable } from './user-table';

const USER_PAGING = { pageSize: USER_PAGE_SIZE, pageLinks: 5, itemLabel: 'Users', navLabel: 'User list pages' };

/** The dialog about a user; `open` turns false while it closes, so it keeps showing the user. */
type UserDialog = { action: 'changeRoles' | ConfirmedAction; user: GroupUser; open: boolean };

/**
 * Users: the current group's users, their roles, invitations and deactivation (GroupAdmin and the
 * Portal Administrator). Search, status, sort and page live in the URL; the route preloads the page.
 */
export function UsersScreen() {
  const employerPK = useEmployerPK();
  const [search, setSearch] = useListSearch(userSearch);
  const listKey = JSON.stringify(userSearch.compact(search));
  const [inviting, setInviting] = useState(false);
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  const inviteButton = useRef<HTMLButtonElement>(null);
  const resend = useUserChange(endpoints.resendInvitation);

  const act = (action: UserAction, user: GroupUser) => {
    if (action === 'resendInvitation') {
      resend.mutate(
        { body: { employerPK, userId: user.userId } },
        {
          onSuccess: () => notify({ severity: 'success', title: `Invitation sent again to ${user.email}` }),
          onError: (error) => {
            const refusal = refusalOf(error);
            if (refusal) notify({ title: 'The invitation was not sent again', message: refusal });
          },
        },
      );
      return;
    }
    if (action === 'changeRoles' || isConfirmedAction(action)) setDialog({ action, user, open: true });
  };
  const close = () => setDialog((shown) => shown && { ...shown, open: false });
  // Focus goes back to the row's actions button; to Invite user when the row has gone (removed, cancelled).
  const exited = () => {
    const row = dialog && document.getElementById(actionsButtonId(dialog.user.userId));
    setDialog(null);
    (row ?? inviteButton.current)?.focus();
  };
  const shown = (action: UserDialog['action']) => (dialog?.action === action ? dialog : null);
  const confirmed = dialog && isConfirmedAction(dialog.action) ? dialog : null;

  return (
    <>
      <ListPage title="Users">
        <UserFiltersForm
          // Remounted when the URL's filters change (Back, a link), so the fields show them.
          key={[search.search, search.status].join('|')}
          search={search}
          onApply={(filters) => void setSearch(withFilters(search, filters))}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Button ref={inviteButton} variant="contained" onClick={() => setInviting(true)}>
            Invite user
          </Button>
          <ExportButton
            list="users"
            endpoint={endpoints.userExport}
            input={(format) => ({ body: toUserExportBody(search, employerPK, format) })}
          />
        </Stack>
        <SuspenseListPanel
          progress={<ListFetchingBar queryKey={userQueries.lists()} label="Loading users" />}
          resetKey={`${employerPK}|${listKey}`}
          what="User list"
          fallback={<ListSkeleton label="Loading users" rows={8} />}
          failure={(error, retry) => (
            <RetryAlert title="The user list could not be loaded" error={error} onRetry={retry} />
          )}
        >
          <UserResults search={search} onSearch={(next) => void setSearch(next)} onAction={act} />
        </SuspenseListPanel>
      </ListPage>
      <InviteUserDialog open={inviting} employerPK={employerPK} onClose={() => setInviting(false)} />
      <ChangeRolesDialog
        user={shown('changeRoles')?.user ?? null}
        open={shown('changeRoles')?.open ?? false}
        employerPK={employerPK}
        onClose={close}
        onExited={exited}
      />
      <ConfirmUserActionDialog
        action={confirmed ? (confirmed.action as ConfirmedAction) : null}
        user={confirmed?.user ?? null}
        open={confirmed?.open ?? false}
        employerPK={employerPK}
        onClose={close}
        onExited={exited}
      />
    </>
  );
}

type UserResultsProps = {
  search: UserSearch;
  onSearch: (next: UserSearch) => void;
  onAction: (action: UserAction, user: GroupUser) => void;
};

/** The page the URL names (read with the loader's query options), or why there are no rows. */
function UserResults({ search, onSearch, onAction }: UserResultsProps) {
  const employerPK = useEmployerPK();
  const { data } = useSuspenseQuery(userListQuery(search, employerPK));
  const page = pageOf(search);
  const filtered = Boolean(search.search || search.status);
  const emptyText =
    page > 1 && data.recordCount > 0
      ? 'There are no users on this page.'
      : filtered
        ? 'No users match the search.'
        : 'This group has no users yet.';

  return (
    <ListResults
      rowCount={data.list.length}
      emptyText={emptyText}
      pager={{
        ...USER_PAGING,
        page,
        recordCount: data.recordCount,
        rowCount: data.list.length,
        onPage: (next) => onSearch({ ...search, page: next }),
      }}
    >
      <UserTable
        users={data.list}
        sort={sortOf(search)}
        onSort={(field) => onSearch(withSort(search, field))}
        onAction={onAction}
      />
    </ListResults>
  );
}
