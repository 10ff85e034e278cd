import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../contracts/permissions';
import { USER_MESSAGES } from '../../contracts/users';
import { resetAppState, useAppStore } from '../../stores/app-store';
import { useNotificationStore } from '../../stores/notification-store';
import { renderSignedIn } from '../../test/render-signed-in';
import { InviteUserDialog } from './invite-user-dialog';
import { EMPLOYER_PK, groupUser, json, problem, stubUsersApi, type UsersCall } from './user-test-api';

function renderDialog(roles: Role[], answer: (call: UsersCall) => Response = () => json({ user: groupUser('new') })) {
  const { queryClient, calls } = stubUsersApi(roles, (_name, call) => answer(call));
  const onClose = vi.fn();
  renderSignedIn(<InviteUserDialog open employerPK={EMPLOYER_PK} onClose={onClose} />, { queryClient });
  return { calls, onClose };
}

const dialog = () => screen.findByRole('dialog', { name: 'Invite user' });

async function fillIn(user: ReturnType<typeof userEvent.setup>, roles: string[]) {
  const form = await dialog();
  await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), ' Ann.Lee@Example.com ');
  await user.type(within(form).getByRole('textbox', { name: 'First name' }), 'Ann');
  await user.type(within(form).getByRole('textbox', { name: 'Last name' }), 'Lee');
  for (const role of roles) await user.click(within(form).getByRole('checkbox', { name: role }));
  return form;
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

describe('InviteUserDialog', () => {
  it('checks the fields with the contract’s rules and sends nothing while they fail', async () => {
    const user = userEvent.setup();
    const { calls } = renderDialog(['GroupAdmin']);
    const form = await dialog();
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    expect(await within(form).findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(within(form).getByText('First name is required.')).toBeInTheDocument();
    expect(within(form).getByText('Last name is required.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one role.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'E-mail' })).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('sends the group, the e-mail as the contract reads it, the names and the roles; then says so and closes', async () => {
    const user = userEvent.setup();
    const { calls, onClose } = renderDialog(['GroupAdmin']);
    const form = await fillIn(user, ['Reporting', 'HR']);
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([
      {
        path: 'Invite',
        query: {},
        body: {
          employerPK: EMPLOYER_PK,
          email: 'ann.lee@example.com',
          givenName: 'Ann',
          familyName: 'Lee',
          roles: ['HR', 'Reporting'],
        },
      },
    ]);
    expect(useNotificationStore.getState().current).toMatchObject({
      severity: 'success',
      title: 'Invitation sent to ann.lee@example.com',
    });
  });

  it('shows a refusal’s detail in the dialog and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog(['GroupAdmin'], () => problem(409, USER_MESSAGES.otherGroups));
    const form = await fillIn(user, ['HR']);
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(USER_MESSAGES.otherGroups);
    // An e-mail input drops the spaces around what was typed.
    expect(within(form).getByRole('textbox', { name: 'E-mail' })).toHaveValue('Ann.Lee@Example.com');
    expect(within(form).getByRole('textbox', { name: 'First name' })).toHaveValue('Ann');
    expect(within(form).getByRole('textbox', { name: 'Last name' })).toHaveValue('Lee');
    expect(within(form).getByRole('checkbox', { name: 'HR' })).toBeChecked();
    expect(onClose).not.toHaveBeenCalled();
    // Told once, in the dialog: the call layer does not notify it as well.
    expect(useNotificationStore.getState().current).toBeNull();
  });

  it('puts the server’s field errors on the fields', async () => {
    const user = userEvent.setup();
    renderDialog(['GroupAdmin'], () =>
      problem(400, 'The request has invalid fields.', { email: ['This person is already a user of this group.'] }),
    );
    const form = await fillIn(user, ['HR']);
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    const email = within(form).getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email).toHaveAccessibleDescription('This person is already a user of this group.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers Broker to a GroupAdmin disabled, saying who may grant it', async () => {
    renderDialog(['GroupAdmin']);
    const broker = within(await dialog()).getByRole('checkbox', { name: 'Broker' });
    expect(broker).toBeDisabled();
    expect(broker).toHaveAccessibleDescription(USER_MESSAGES.operatorOnlyRole);
    expect(within(await dialog()).getByRole('checkbox', { name: 'HR' })).toBeEnabled();
  });

  it('lets the Portal Administrator grant Broker', async () => {
    renderDialog(['Portal Administrator']);
    const broker = within(await dialog()).getByRole('checkbox', { name: 'Broker' });
    expect(broker).toBeEnabled();
    expect(screen.queryByText(USER_MESSAGES.operatorOnlyRole)).toBeNull();
  });
});
