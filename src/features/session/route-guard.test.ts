import type { User } from 'oidc-client-ts';
import type { AuthContextProps } from 'react-oidc-context';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAppState, useAppStore } from '../../stores/app-store';
import { requireSession } from './route-guard';
import { AccessDeniedError, NoGroupsError } from './route-guard-outcomes';

const authWith = (profile: Record<string, unknown>) =>
  ({
    user: { profile: { sub: 'u1', ...profile }, expired: false, id_token: 'id-1' } as unknown as User,
  }) as AuthContextProps;

const broker = authWith({
  'enrollment.group': '3,4',
  groupRoles: [
    { GroupPK: 3, roles: ['Broker'] },
    { GroupPK: 4, roles: ['HR'] },
  ],
});

const home = { pathname: '/', href: '/' };

afterEach(() => {
  vi.restoreAllMocks();
  resetAppState();
  sessionStorage.clear();
});

describe('requireSession', () => {
  it('puts the session and the first group into the context at first sign-in', async () => {
    const context = await requireSession(broker, home);
    expect(context.session.groupPKs).toEqual([3, 4]);
    expect(context.employerPK).toBe(3);
    expect(useAppStore.getState().employer.currentEmployerPK).toBe(3);
  });

  it('keeps the chosen group while the user still belongs to it', async () => {
    useAppStore.getState().setCurrentEmployer(4);
    expect((await requireSession(broker, home)).employerPK).toBe(4);
  });

  it('drops a chosen group the user no longer belongs to', async () => {
    useAppStore.getState().setCurrentEmployer(9);
    expect((await requireSession(broker, home)).employerPK).toBe(3);
  });

  it('checks the area against the roles of the current group', async () => {
    useAppStore.getState().setCurrentEmployer(4);
    await expect(requireSession(broker, { pathname: '/claim-search', href: '/claim-search' })).rejects.toBeInstanceOf(
      AccessDeniedError,
    );
  });

  it('lets no user without a group through', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(requireSession(authWith({ groupRoles: [] }), home)).rejects.toBeInstanceOf(NoGroupsError);
    await expect(requireSession(authWith({ 'mygroup.group': '4' }), home)).rejects.toBeInstanceOf(NoGroupsError);
  });
});
