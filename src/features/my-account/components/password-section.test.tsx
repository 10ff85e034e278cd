import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotificationStore } from '../../../stores/notification-store';
import { renderSignedIn } from '../../../test/render-signed-in';
import { json, problem, stubMyAccountApi } from './my-account-test-api';
import { PasswordSection } from './password-section';

const NEW = 'a quite long new passphrase';

const section = () => screen.findByRole('region', { name: 'Password' });

async function fillIn(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm = next) {
  const form = await section();
  await user.type(within(form).getByLabelText(/^Current password/), current);
  await user.type(within(form).getByLabelText(/^New password/), next);
  await user.type(within(form).getByLabelText(/^Confirm new password/), confirm);
  return form;
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  useNotificationStore.setState({ current: null });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('PasswordSection', () => {
  it('checks the fields with the contract’s rules and sends nothing while they fail', async () => {
    const user = userEvent.setup();
    const calls = stubMyAccountApi(() => json({ ok: true }));
    renderSignedIn(<PasswordSection />);
    const form = await fillIn(user, 'old one', NEW, `${NEW}!`);
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('The passwords do not match.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Confirm new password/)).toHaveFocus();

    await user.clear(within(form).getByLabelText(/^Current password/));
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Required.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('puts the server’s field errors on the fields and keeps what was typed', async () => {
    const user = userEvent.setup();
    const calls = stubMyAccountApi(() =>
      problem(400, 'The request has invalid fields.', { currentPassword: ['The current password is not correct.'] }),
    );
    renderSignedIn(<PasswordSection />);
    const form = await fillIn(user, 'not mine', NEW);
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await within(form).findByText('The current password is not correct.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Current password/)).toHaveFocus();
    expect(within(form).getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(/^New password/)).toHaveValue(NEW);
    expect(calls).toEqual([
      { path: 'Password', body: { currentPassword: 'not mine', newPassword: NEW, confirmPassword: NEW } },
    ]);
    // A field error is the form's to show: no notice.
    expect(useNotificationStore.getState().current).toBeNull();
  });

  it('says "Password changed" and clears the form on success', async () => {
    const user = userEvent.setup();
    stubMyAccountApi(() => json({ ok: true }));
    renderSignedIn(<PasswordSection />);
    const form = await fillIn(user, 'the old one', NEW);
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    await waitFor(() =>
      expect(useNotificationStore.getState().current).toMatchObject({ severity: 'success', title: 'Password changed' }),
    );
    for (const label of [/^Current password/, /^New password/, /^Confirm new password/])
      expect(within(form).getByLabelText(label)).toHaveValue('');
  });
});
