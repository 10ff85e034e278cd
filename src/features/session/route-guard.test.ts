import { QueryClient } from '@tanstack/react-query';
import type { User } from 'oidc-client-ts';
import type { AuthContextProps } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountQueries } from '../../api/account-queries';
import { resetAppState, useAppStore } from '../../stores/app-store';
import { accessOf, callsTo, stubAccountApi } from '../../test/account-api';
import { requireSession } from './route-guard';
import { AccessDeniedError, NoGroupsError } from './route-guard-outcomes';

// The token carries the user only: no group claims at all.
const auth = (sub = 'u1') =>
  ({
    user: { profile: { sub, given_name: 'Bea' }, expired: false, id_token: 'id-1' } as unknown as User,
  }) as AuthContextProps;

const home = { pathname: '/', href: '/' };
const claimSearch = { pathname: '/claim-search', href: '/claim-search' };

/** The server: the broker holds 3 (Broker) and 4 (HR); an unknown or lost group answers the first. */
const brokerAccess = (employerPK: number | null) =>
  accessOf({
    groupCount: 2,
    current: employerPK === 4 ? { GroupPK: 4, roles: ['HR'] } : { GroupPK: 3, roles: ['Broker'] },
  });

let queryClient: QueryClient;

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

afterEach(() => {
  vi.restoreAllMocks();
  resetAppState();
  sessionStorage.clear();
  queryClient.clear();
});

describe('requireSession', () => {
  it('asks the server without a group at first sign-in and makes the answered group current', async () => {
    const fetchMock = stubAccountApi({ access: brokerAccess });
    const context = await requireSession(auth(), home, queryClient);

    expect(callsTo(fetchMock, '/Account/Access')[0]?.searchParams.has('employerPK')).toBe(false);
    expect(context.employerPK).toBe(3);
    expect(context.session).toMatchObject({
      sub: 'u1',
      givenName: 'Bea',
      familyName: 'Broker',
      groupRoles: [{ GroupPK: 3, roles: ['Broker'] }],
      groupPKs: [3],
      groupCount: 2,
      hasGroups: true,
      portalAdministrator: false,
    });
    expect(useAppStore.getState().employer.currentEmployerPK).toBe(3);
  });

  it('sends the stored group and keeps it when the server answers it as current', async () => {
    const fetchMock = stubAccountApi({ access: brokerAccess });
    useAppStore.getState().setCurrentEmployer(4);
    expect((await requireSession(auth(), home, queryClient)).employerPK).toBe(4);
    expect(callsTo(fetchMock, '/Account/Access')[0]?.searchParams.get('employerPK')).toBe('4');
  });

  it('takes the server’s current group when the stored one is no longer the user’s', async () => {
    stubAccountApi({ access: brokerAccess });
    useAppStore.getState().setCurrentEmployer(9);
    const context = await requireSession(auth(), home, queryClient);
    expect(context.employerPK).toBe(3);
    expect(useAppStore.getState().employer.currentEmployerPK).toBe(3);
    // The screens read the access under the group now stored: it is there without another call.
    expect(queryClient.getQueryData(accountQueries.access(3).queryKey)?.current?.GroupPK).toBe(3);
  });

  it('checks the area against the roles the server answers for the current group', async () => {
    stubAccountApi({ access: brokerAccess });
    useAppStore.getState().setCurrentEmployer(4);
    await expect(requireSession(auth(), claimSearch, queryClient)).rejects.toBeInstanceOf(AccessDeniedError);
  });

  it('grants a Portal Administrator every area', async () => {
    stubAccountApi({
      access: () => accessOf({ current: { GroupPK: 3, roles: ['Portal Administrator'] }, portalAdministrator: true }),
    });
    const context = await requireSession(auth(), claimSearch, queryClient);
    expect(context.session.portalAdministrator).toBe(true);
  });

  it('reuses a fresh answer, and asks again once it is a few seconds old (a role change applies)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const fetchMock = stubAccountApi({ access: brokerAccess });
      await requireSession(auth(), home, queryClient);
      await requireSession(auth(), home, queryClient);
      expect(callsTo(fetchMock, '/Account/Access')).toHaveLength(1);
      vi.setSystemTime(Date.now() + 6_000);
      await requireSession(auth(), home, queryClient);
      expect(callsTo(fetchMock, '/Account/Access')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never takes an answer cached for another user', async () => {
    queryClient.setQueryData(accountQueries.access(null).queryKey, accessOf({ sub: 'u1' }));
    const fetchMock = stubAccountApi({ access: () => accessOf({ sub: 'u2', current: { GroupPK: 7, roles: ['HR'] } }) });
    const context = await requireSession(auth('u2'), home, queryClient);
    expect(context.employerPK).toBe(7);
    expect(callsTo(fetchMock, '/Account/Access')).toHaveLength(1);
  });

  it('lets no user without a group through, and reports it once per user', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubAccountApi({ access: () => accessOf({ sub: 'lonely', groupCount: 0, current: null }) });
    await expect(requireSession(auth('lonely'), home, queryClient)).rejects.toBeInstanceOf(NoGroupsError);
    queryClient.clear();
    await expect(requireSession(auth('lonely'), home, queryClient)).rejects.toBeInstanceOf(NoGroupsError);
    expect(error.mock.calls.filter(([message]) => message === 'user without groupPK')).toHaveLength(1);
    expect(useAppStore.getState().employer.currentEmployerPK).toBeNull();
  });
});
