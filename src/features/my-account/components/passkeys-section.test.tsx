import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyAccount, PasskeySummary } from '../../../contracts/my-account';
import { useNotificationStore } from '../../../stores/notification-store';
import { renderSignedIn } from '../../../test/render-signed-in';
import { PasskeysSection } from './passkeys-section';

const browser = vi.hoisted(() => ({
  startRegistration: vi.fn(),
  browserSupportsWebAuthn: vi.fn(() => true),
}));
vi.mock('@simplewebauthn/browser', () => browser);

const LAPTOP: PasskeySummary = {
  id: 'cred-1',
  name: 'Laptop',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: '2026-03-04T10:00:00.000Z',
};

const accountWith = (passkeys: PasskeySummary[]): MyAccount => ({
  email: 'ann@example.com',
  givenName: 'Ann',
  familyName: 'Lee',
  totpEnabled: false,
  recoveryCodesLeft: 0,
  passkeys,
  mfaRequired: false,
  sessions: [],
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status < 400 ? 'application/json' : 'application/problem+json' },
  });

type Call = { path: string; body: unknown };

/** The My Account calls: `answer` decides per path (after /api/enrollment/Account/). */
function stubApi(answer: (path: string, body: unknown) => Response) {
  const calls: Call[] = [];
  globalThis.fetch = vi.fn<typeof fetch>(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname.replace(/^\/api\/enrollment\/Account\//, '');
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    calls.push({ path, body });
    return answer(path, body);
  });
  return calls;
}

const section = () => screen.findByRole('region', { name: 'Passkeys' });

beforeEach(() => {
  useNotificationStore.setState({ current: null });
  browser.startRegistration.mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('PasskeysSection', () => {
  it('lists the passkeys with when they were added and last used', async () => {
    const never = { ...LAPTOP, id: 'cred-2', name: 'Key', lastUsedAt: null };
    stubApi(() => json(accountWith([LAPTOP, never])));
    renderSignedIn(<PasskeysSection />);
    const list = await within(await section()).findByRole('list', { name: 'Your passkeys' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Laptop');
    expect(items[0]).toHaveTextContent('Added Mar 1, 2026 · Last used Mar 4, 2026');
    expect(items[1]).toHaveTextContent('Never used');
  });

  it('adds a passkey: the options go to the browser, its answer and the name to the server', async () => {
    const user = userEvent.setup();
    let passkeys: PasskeySummary[] = [];
    const calls = stubApi((path) => {
      if (path === 'Me') return json(accountWith(passkeys));
      if (path === 'Passkeys/Start') return json({ options: { challenge: 'abc' }, pending: 'sealed' });
      passkeys = [{ ...LAPTOP, name: 'Work laptop', lastUsedAt: null }];
      return json({ passkey: passkeys[0] });
    });
    browser.startRegistration.mockResolvedValue({ id: 'cred-1', response: {} });
    renderSignedIn(<PasskeysSection />);
    const region = await section();
    expect(await within(region).findByText('You have no passkeys yet.')).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    const name = within(dialog).getByRole('textbox', { name: 'Passkey name' });
    expect(name).toHaveValue('Passkey');
    await user.clear(name);
    await user.type(name, 'Work laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(region).findByText('Work laptop')).toBeInTheDocument();
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'abc' } });
    expect(calls.find((c) => c.path === 'Passkeys/Finish')?.body).toEqual({
      pending: 'sealed',
      name: 'Work laptop',
      response: { id: 'cred-1', response: {} },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when the browser prompt was cancelled, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = stubApi((path) =>
      path === 'Me' ? json(accountWith([])) : json({ options: { challenge: 'abc' }, pending: 'sealed' }),
    );
    browser.startRegistration.mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    renderSignedIn(<PasskeysSection />);
    await user.click(await within(await section()).findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/cancelled or timed out/);
    expect(calls.some((c) => c.path === 'Passkeys/Finish')).toBe(false);
  });

  it('removes a passkey after a confirmation, and shows a refusal in the dialog', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const calls = stubApi((path) => {
      if (path === 'Me') return json(accountWith([LAPTOP]));
      if (refuse) return json({ title: 'Conflict', status: 409, detail: 'This is your only second factor.' }, 409);
      return json({ ok: true });
    });
    renderSignedIn(<PasskeysSection />);
    await user.click(await within(await section()).findByRole('button', { name: 'Remove passkey Laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove passkey “Laptop”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This is your only second factor.');
    expect(calls.find((c) => c.path === 'Passkeys/Remove')?.body).toEqual({ id: 'cred-1' });

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
