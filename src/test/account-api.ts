import type { User } from 'oidc-client-ts';
import { vi } from 'vitest';
import type { AccountAccess, AccountGroups, GroupChoice } from '../contracts/account';
import { userManager } from '../lib/auth';

// A stand-in for the server's account calls (and the employer details the group cards read), so
// tests drive the screens through the real call layer: fetch is replaced, nothing else.

export const accessOf = (patch: Partial<AccountAccess> = {}): AccountAccess => ({
  sub: 'u1',
  email: 'bea@example.com',
  givenName: 'Bea',
  familyName: 'Broker',
  groupCount: 2,
  current: { GroupPK: 3, roles: ['Broker'] },
  portalAdministrator: false,
  ...patch,
});

export const groupChoice = (employerPK: number, patch: Partial<GroupChoice> = {}): GroupChoice => ({
  employerPK,
  employerName: `Group ${employerPK}`,
  employerID: `G${String(employerPK).padStart(6, '0')}`,
  roles: ['Broker'],
  ...patch,
});

/** Pages the groups the way the server does: name or group ID contains the search, zero-based pages. */
export function pageOfGroups(groups: readonly GroupChoice[], params: URLSearchParams): AccountGroups {
  const search = (params.get('search') ?? '').toLowerCase();
  const page = Number(params.get('page') ?? 0);
  const size = Number(params.get('recordsPerPage') ?? 12);
  const matching = groups.filter(
    (g) => g.employerName.toLowerCase().includes(search) || g.employerID.toLowerCase().includes(search),
  );
  return { list: matching.slice(page * size, (page + 1) * size), recordCount: matching.length };
}

type AccountApi = {
  /** The access answer for the asked employerPK (null: none asked). */
  access?: (employerPK: number | null) => AccountAccess;
  groups?: readonly GroupChoice[];
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Replaces fetch with the account calls; returns the mock, whose calls are the Requests sent. */
export function stubAccountApi({ access = () => accessOf(), groups = [] }: AccountApi = {}) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL((input as Request).url);
    const params = url.searchParams;
    if (url.pathname === '/api/enrollment/Account/Access') {
      const asked = params.get('employerPK');
      return json(access(asked === null ? null : Number(asked)));
    }
    if (url.pathname === '/api/enrollment/Account/Groups') return json(pageOfGroups(groups, params));
    if (url.pathname === '/api/enrollment/Employer/EmployerDetails') {
      const pk = Number(params.get('employerPK'));
      const group = groups.find((g) => g.employerPK === pk) ?? groupChoice(pk);
      return json({ ...group, employerLogo: 'data:image/png;base64,AAAA' });
    }
    return json({ title: 'Not Found', status: 404 }, 404);
  });
  globalThis.fetch = fetchMock;
  vi.spyOn(userManager, 'getUser').mockResolvedValue({ access_token: 'token-1' } as User);
  return fetchMock;
}

/** The URLs of the calls made to `path` (e.g. '/Account/Groups'). */
export function callsTo(fetchMock: ReturnType<typeof stubAccountApi>, path: string): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL((input as Request).url))
    .filter((url) => url.pathname === `/api/enrollment${path}`);
}
