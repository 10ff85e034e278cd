import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotificationStore } from '../../../stores/notification-store';
import { renderSignedIn } from '../../../test/render-signed-in';
import { json, myAccountAnswer, problem, stubMyAccountApi } from './my-account-test-api';
import { TwoStepSection } from './two-step-section';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>';
const CODES = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-000${i}`);

function stubServer() {
  return stubMyAccountApi((path, body) => {
    if (path === 'Totp/Start') return json({ qrSvg: QR, secret: SECRET, pending: 'sealed-1' });
    if (path === 'Totp/Confirm') {
      const { code } = body as { code: string };
      return code === '123456'
        ? json({ recoveryCodes: CODES })
        : problem(400, 'The request has invalid fields.', {
            code: ['That code is not right. Check the time on your phone and try again.'],
          });
    }
    if (path === 'Me') return json(myAccountAnswer({ totpEnabled: true, recoveryCodesLeft: 10 }));
    return problem(409, 'Unexpected call');
  });
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  useNotificationStore.setState({ current: null });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('setting up two-step verification', () => {
  it('shows the QR code as an image and the key, refuses a wrong code, then shows the recovery codes once', async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    renderSignedIn(<TwoStepSection account={myAccountAnswer()} />);
    expect(await screen.findByTestId('totp-status')).toHaveTextContent('Off');
    const setUp = screen.getByRole('button', { name: 'Set up' });
    await user.click(setUp);

    const dialog = await screen.findByRole('dialog', { name: 'Set up two-step verification' });
    const qr = await within(dialog).findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;utf8,${encodeURIComponent(QR)}`);
    // No markup of the answer is put in the page.
    expect(dialog.querySelector('svg path[d="M0 0h1v1H0z"]')).toBeNull();
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    const code = within(dialog).getByRole('textbox', { name: /Code from the app/ });
    await user.type(code, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText('Enter the 6-digit code from your app.')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(
      await within(dialog).findByText('That code is not right. Check the time on your phone and try again.'),
    ).toBeInTheDocument();
    expect(code).toHaveFocus();

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const saved = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    const list = within(saved).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(within(saved).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(useNotificationStore.getState().current).toMatchObject({ title: 'Two-step verification is on' });

    expect(calls.filter((c) => c.path !== 'Me')).toEqual([
      { path: 'Totp/Start', body: undefined },
      { path: 'Totp/Confirm', body: { pending: 'sealed-1', code: '654321' } },
      { path: 'Totp/Confirm', body: { pending: 'sealed-1', code: '123456' } },
    ]);
    // The codes stay until the user says they saved them; then focus goes back to the button.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Save your recovery codes' })).toBeInTheDocument();
    await user.click(within(saved).getByRole('button', { name: 'I saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(setUp).toHaveFocus();
  });
});
