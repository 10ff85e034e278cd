import type { User } from 'oidc-client-ts';
import { vi } from 'vitest';
import type { MyAccount } from '../../../contracts/my-account';
import { userManager } from '../../../lib/auth';

// For the My Account tests: fetch replaced by the /Account/... calls, so the sections run through the
// real call layer.

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status < 400 ? 'application/json' : 'application/problem+json' },
  });

export const problem = (status: number, detail: string, errors?: Record<string, string[]>) =>
  json({ title: status === 400 ? 'Bad Request' : 'Conflict', status, detail, ...(errors ? { errors } : {}) }, status);

export const myAccountAnswer = (patch: Partial<MyAccount> = {}): MyAccount => ({
  email: 'bea@example.com',
  givenName: 'Bea',
  familyName: 'Lane',
  totpEnabled: false,
  recoveryCodesLeft: 0,
  passkeys: [],
  mfaRequired: false,
  sessions: [],
  ...patch,
});

/** A call to /Account/<path>: its JSON body (POST). */
export type AccountCall = { path: string; body: unknown };

/** Replaces fetch: `/api/enrollment/Account/<path>` goes to `answer`; returns the calls made. */
export function stubMyAccountApi(answer: (path: string, body: unknown) => Response | Promise<Response>) {
  const calls: AccountCall[] = [];
  globalThis.fetch = vi.fn<typeof fetch>(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname.replace(/^\/api\/enrollment\/Account\//, '');
    const text = request.method === 'GET' ? '' : await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ path, body });
    return answer(path, body);
  });
  vi.spyOn(userManager, 'getUser').mockResolvedValue({ access_token: 'token-1' } as User);
  return calls;
}
