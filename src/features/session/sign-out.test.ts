import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Each case gets fresh modules (a tab signs out once), with the sign-in library's calls recorded.
async function freshSignOut(order: string[]) {
  vi.resetModules();
  const { userManager } = await import('../../lib/auth');
  vi.spyOn(userManager, 'removeUser').mockImplementation(async () => {
    order.push('removeUser');
    window.sessionStorage.removeItem('oidc.user:issuer:client');
  });
  vi.spyOn(userManager, 'getUser').mockResolvedValue(null);
  vi.spyOn(userManager, 'signoutRedirect').mockImplementation(async () => {
    order.push('signoutRedirect');
  });
  return import('./sign-out');
}

describe('signOut', () => {
  let order: string[];
  let posted: unknown[];

  beforeEach(() => {
    order = [];
    posted = [];
    window.sessionStorage.setItem('oidc.user:issuer:client', '{"access_token":"t"}');
    window.sessionStorage.setItem('benefits-portal.enrollment-form.1', '{}');
    vi.stubGlobal(
      'BroadcastChannel',
      class {
        postMessage(message: unknown) {
          posted.push(message);
        }
        close() {}
        addEventListener() {}
        removeEventListener() {}
      },
    );
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
  });

  it('told by another tab: drops this tab’s user before its data, leaves the provider to that tab', async () => {
    const { signOut } = await freshSignOut(order);
    const queryClient = new QueryClient();
    vi.spyOn(queryClient, 'clear').mockImplementation(() => void order.push('clear'));

    await expect(signOut(queryClient, { tellOtherTabs: false })).resolves.toBe('here');

    expect(order).toEqual(['removeUser', 'clear']);
    expect(posted).toEqual([]);
    expect(Object.keys(window.sessionStorage)).toEqual([]);
  });

  it('logging out here: tells the other tabs and ends the session at the provider', async () => {
    const { signOut } = await freshSignOut(order);
    const queryClient = new QueryClient();

    await expect(signOut(queryClient, { reason: 'inactivity' })).resolves.toBe('provider');

    expect(posted).toEqual([{ type: 'signed-out', reason: 'inactivity', from: expect.any(String) }]);
    expect(order).toEqual(['signoutRedirect']);
    // The app's own data is gone; the provider's request stays for the callback.
    expect(window.sessionStorage.getItem('benefits-portal.enrollment-form.1')).toBeNull();
  });
});
