import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES, type GroupUser } from '../../contracts/users';
import { resetAppState, useAppStore } from '../../stores/app-store';
import { useNotificationStore } from '../../stores/notification-store';
import { renderSignedIn } from '../../test/render-signed-in';
import { lastSignInLabel } from './user-labels';
import { EMPLOYER_PK, groupUser, json, problem, stubUsersApi, type UsersCall } from './user-test-api';
import { UsersScreen } from './users-screen';

const USERS: GroupUser[] = [
  groupUser('u-ann', { givenName: 'Ann', familyName: 'Admin', roles: ['GroupAdmin', 'HR'] }),
  groupUser('u-ivy', {
    givenName: 'Ivy',
    familyName: 'Invited',
    status: 'invited',
    lastSignInAt: null,
    mfaEnabled: false,
    invitationExpiresAt: '2026-03-11T15:30:00.000Z',
  }),
  groupUser('u-dan', { givenName: 'Dan', familyName: 'Gone', status: 'deactivated', mfaEnabled: false }),
];

type Answer = (name: string, call: UsersCall) => Response;

function renderScreen(answer: Answer = () => json({ user: null }), list: GroupUser[] = USERS) {
  const api = stubUsersApi(['GroupAdmin'], (name, call) =>
    name === 'List' ? json({ list, recordCount: list.length }) : answer(name, call),
  );
  renderSignedIn(<UsersScreen />, { queryClient: api.queryClient });
  return api;
}

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('user-row')).find((row) => within(row).queryByText(name) !== null)!;

async function openAction(user: ReturnType<typeof userEvent.setup>, name: string, action: string) {
  await user.click(within(await rowOf(name)).getByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  useAppStore.getState().setCurrentEmployer(EMPLOYER_PK);
  useNotificationStore.setState({ current: null });
});

afterEach(() => {
  vi.restoreAllMocks();
  resetAppState();
  sessionStorage.clear();
});

describe('UsersScreen', () => {
  it('lists the group’s users with their roles, status, last sign-in ("Never") and MFA', async () => {
    const { calls } = renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();

    const cells = (name: string) =>
      rowOf(name).then((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(await cells('Ann Admin')).toEqual([
      'Ann Admin',
      'u-ann@example.com',
      'GroupAdminHR',
      'Active',
      lastSignInLabel('2026-03-04T15:30:00.000Z'),
      'On',
      '',
    ]);
    expect(await cells('Ivy Invited')).toEqual([
      'Ivy Invited',
      'u-ivy@example.com',
      'HR',
      'Invited',
      'Never',
      'Off',
      '',
    ]);
    expect((await cells('Dan Gone'))[3]).toBe('Deactivated');
    expect(screen.getByText('Users 1–3 of 3')).toBeInTheDocument();
    expect(calls[0]).toEqual({
      path: 'List',
      query: { employerPK: String(EMPLOYER_PK), sort: 'name', order: 'ASC', page: '0', recordsPerPage: '25' },
      body: undefined,
    });
  });

  it('offers the actions each status allows', async () => {
    const user = userEvent.setup();
    renderScreen();
    const menuOf = async (name: string) => {
      await user.click(within(await rowOf(name)).getByRole('button', { name: `Actions for ${name}` }));
      const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
      const labels = items.map((item) => item.textContent);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      return labels;
    };
    expect(await menuOf('Ann Admin')).toEqual(['Change roles', 'Deactivate', 'Reset MFA']);
    expect(await menuOf('Ivy Invited')).toEqual(['Change roles', 'Resend invitation', 'Cancel invitation']);
    expect(await menuOf('Dan Gone')).toEqual(['Change roles', 'Reactivate']);
  });

  it('sorts by a clicked column header on the server', async () => {
    const user = userEvent.setup();
    const { calls } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'E-mail' }));
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ sort: 'email', order: 'ASC', page: '0' }));
  });

  it('says so when the group has no users', async () => {
    renderScreen(undefined, []);
    expect(await screen.findByText('This group has no users yet.')).toBeInTheDocument();
  });

  it('shows a failed list in place, with a Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { queryClient } = stubUsersApi(['GroupAdmin'], () => problem(500, 'Server down'));
    renderSignedIn(<UsersScreen />, { queryClient });
    expect(await screen.findByText('The user list could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('asks before deactivating, shows a refusal in the dialog, and gives focus back to the row', async () => {
    const user = userEvent.setup();
    const { calls } = renderScreen((name) =>
      name === 'Deactivate' ? problem(409, USER_MESSAGES.lastGroupAdmin) : json({ user: null }),
    );
    await openAction(user, 'Ann Admin', 'Deactivate');

    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Ann Admin?' });
    expect(dialog).toHaveAccessibleDescription(/their sessions end and every call they make is refused/);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(USER_MESSAGES.lastGroupAdmin);
    expect(calls.at(-1)).toMatchObject({ path: 'Deactivate', body: { employerPK: EMPLOYER_PK, userId: 'u-ann' } });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions for Ann Admin' })).toHaveFocus());
  });

  it('deactivates on confirmation, says so and fetches the list again', async () => {
    const user = userEvent.setup();
    const { calls } = renderScreen(() => json({ user: { ...USERS[0], status: 'deactivated' } }));
    await openAction(user, 'Ann Admin', 'Deactivate');
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Ann Admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useNotificationStore.getState().current).toMatchObject({
      severity: 'success',
      title: 'Ann Admin deactivated',
    });
    expect(calls.map((call) => call.path)).toEqual(['List', 'Deactivate', 'List']);
  });

  it('changes roles with the prefilled checkboxes; none asks "Remove from this group?" first', async () => {
    const user = userEvent.setup();
    const { calls } = renderScreen(() => json({ user: null }));
    await openAction(user, 'Ann Admin', 'Change roles');

    const dialog = await screen.findByRole('dialog', { name: 'Change roles of Ann Admin' });
    expect(within(dialog).getByRole('checkbox', { name: 'GroupAdmin' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'HR' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'GroupAdmin' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'HR' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save roles' }));

    expect(await screen.findByRole('dialog', { name: 'Remove from this group?' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'Roles')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove from group' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.path === 'Roles')?.body).toEqual({
      employerPK: EMPLOYER_PK,
      userId: 'u-ann',
      roles: [],
    });
    expect(useNotificationStore.getState().current).toMatchObject({
      severity: 'success',
      title: 'Ann Admin was removed from this group',
    });
  });

  it('resends an invitation straight from the menu; a refusal is an error notification with its detail', async () => {
    const user = userEvent.setup();
    let refuse = false;
    const { calls } = renderScreen(() => (refuse ? problem(409, USER_MESSAGES.notInvited) : json({ user: USERS[1] })));
    await openAction(user, 'Ivy Invited', 'Resend invitation');
    await waitFor(() =>
      expect(useNotificationStore.getState().current).toMatchObject({
        severity: 'success',
        title: 'Invitation sent again to u-ivy@example.com',
      }),
    );
    expect(calls.find((call) => call.path === 'ResendInvitation')?.body).toEqual({
      employerPK: EMPLOYER_PK,
      userId: 'u-ivy',
    });

    refuse = true;
    await openAction(user, 'Ivy Invited', 'Resend invitation');
    await waitFor(() =>
      expect(useNotificationStore.getState().current).toMatchObject({
        severity: 'error',
        message: USER_MESSAGES.notInvited,
      }),
    );
  });

  it('opens the invitation dialog from "Invite user"', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    expect(await screen.findByRole('dialog', { name: 'Invite user' })).toBeInTheDocument();
  });
});
