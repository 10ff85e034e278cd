import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { AuthContextProps } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountQueries } from '../api/account-queries';
import { resetAppState, useAppStore } from '../stores/app-store';
import { accessOf, callsTo, stubAccountApi } from '../test/account-api';
import { signedInAuth, SignedInProviders, testQueryClient } from '../test/render-signed-in';
import { useCurrentRoles, useEmployerPK, useSession } from './use-session';

let queryClient: QueryClient;

function renderSession(auth: AuthContextProps = signedInAuth()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SignedInProviders auth={auth} queryClient={queryClient}>
      {children}
    </SignedInProviders>
  );
  return renderHook(() => ({ session: useSession(), employerPK: useEmployerPK(), roles: useCurrentRoles() }), {
    wrapper,
  });
}

/** The server: group 3 (Broker) and 4 (HR, Auditor); the first group when none or another is asked. */
const access = (employerPK: number | null) =>
  accessOf({
    groupCount: 2,
    current: employerPK === 4 ? { GroupPK: 4, roles: ['HR', 'Auditor'] } : { GroupPK: 3, roles: ['Broker'] },
  });

beforeEach(() => {
  queryClient = testQueryClient();
});

afterEach(() => {
  vi.restoreAllMocks();
  resetAppState();
  sessionStorage.clear();
  queryClient.clear();
});

describe('useSession', () => {
  it('combines the token’s user with the server’s access in the stored group', async () => {
    const fetchMock = stubAccountApi({ access });
    useAppStore.getState().setCurrentEmployer(4);
    const { result } = renderSession();

    await waitFor(() => expect(result.current.session).not.toBeNull());
    expect(result.current.session).toMatchObject({
      sub: 'u1',
      givenName: 'Bea',
      familyName: 'Broker',
      idToken: 'id-1',
      groupPKs: [4],
      groupRoles: [{ GroupPK: 4, roles: ['HR', 'Auditor'] }],
      groupCount: 2,
      hasGroups: true,
    });
    expect(result.current.employerPK).toBe(4);
    expect(result.current.roles).toEqual(['HR', 'Auditor']);
    expect(callsTo(fetchMock, '/Account/Access')[0]?.searchParams.get('employerPK')).toBe('4');
  });

  it('reads the answer the guard fetched without asking again', async () => {
    const fetchMock = stubAccountApi({ access });
    useAppStore.getState().setCurrentEmployer(3);
    queryClient.setQueryData(accountQueries.access(3).queryKey, access(3));
    const { result } = renderSession();
    expect(result.current.employerPK).toBe(3);
    expect(result.current.roles).toEqual(['Broker']);
    expect(callsTo(fetchMock, '/Account/Access')).toHaveLength(0);
  });

  it('keeps the previous group and its roles together until the switched-to group is answered', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    stubAccountApi({ access });
    useAppStore.getState().setCurrentEmployer(3);
    queryClient.setQueryData(accountQueries.access(3).queryKey, access(3));
    const { result } = renderSession();

    const fetchMock = stubAccountApi({ access });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input) => {
      await held;
      return answer(input);
    });
    act(() => useAppStore.getState().setCurrentEmployer(4));
    expect(result.current.employerPK).toBe(3);
    expect(result.current.roles).toEqual(['Broker']);

    release();
    await waitFor(() => expect(result.current.employerPK).toBe(4));
    expect(result.current.roles).toEqual(['HR', 'Auditor']);
  });

  it('is null while signed out, and asks the server nothing', () => {
    const fetchMock = stubAccountApi({ access });
    const signedOut = { user: null, isAuthenticated: false } as unknown as AuthContextProps;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SignedInProviders auth={signedOut} queryClient={queryClient}>
        {children}
      </SignedInProviders>
    );
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
