import { vi } from 'vitest';
import { accountQueries } from '../../api/account-queries';
import type { Role } from '../../contracts/permissions';
import type { GroupUser } from '../../contracts/users';
import { accessOf, stubAccountApi } from '../../test/account-api';
import { testQueryClient } from '../../test/render-signed-in';

// For the Users screen's tests: the account calls of src/test/account-api and the /Users calls, so the
// screen runs through the real call layer with only fetch replaced.

export const EMPLOYER_PK = 3;

export const groupUser = (userId: string, patch: Partial<GroupUser> = {}): GroupUser => ({
  userId,
  email: `${userId}@example.com`,
  givenName: 'Ann',
  familyName: 'Lee',
  status: 'active',
  roles: ['HR'],
  lastSignInAt: '2026-03-04T15:30:00.000Z',
  mfaEnabled: true,
  invitationExpiresAt: null,
  ...patch,
});

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status < 400 ? 'application/json' : 'application/problem+json' },
  });

export const problem = (status: number, detail: string, errors?: Record<string, string[]>) =>
  json({ title: status === 400 ? 'Bad Request' : 'Conflict', status, detail, ...(errors ? { errors } : {}) }, status);

/** A call to /Users/<name>: its query (GET) or JSON body (POST). */
export type UsersCall = { path: string; query: Record<string, string>; body: unknown };

/**
 * The server for a user holding `roles` in group 3 (the test makes it the stored current group):
 * `/Users/<name>` calls go to `users(name, call)`, the rest to the account stub. Returns a query
 * client that knows the user's access, and the calls made.
 */
export function stubUsersApi(roles: Role[], users: (name: string, call: UsersCall) => Response | Promise<Response>) {
  const access = accessOf({ current: { GroupPK: EMPLOYER_PK, roles } });
  const account = stubAccountApi({ access: () => access });
  const calls: UsersCall[] = [];
  globalThis.fetch = vi.fn<typeof fetch>(async (input, init) => {
    const request = input as Request;
    const url = new URL(request.url);
    const name = url.pathname.match(/^\/api\/enrollment\/Users\/(.+)$/)?.[1];
    if (!name) return account(input, init);
    const text = request.method === 'GET' ? '' : await request.text();
    const call = { path: name, query: Object.fromEntries(url.searchParams), body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    return users(name, call);
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(accountQueries.access(EMPLOYER_PK).queryKey, access);
  return { queryClient, calls };
}
