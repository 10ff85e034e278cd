import type { User } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import type { AccountAccess } from '../contracts/account';
import { isSignedIn, sessionOf, withAccess } from './session';

const userWith = (profile: Record<string, unknown>, expired = false) =>
  ({ profile: { sub: 'u1', ...profile }, expired, id_token: 'id-1' }) as unknown as User;

const access = (patch: Partial<AccountAccess> = {}): AccountAccess => ({
  sub: 'u1',
  email: 'bea@example.com',
  givenName: 'Beatrice',
  familyName: 'Broker',
  groupCount: 5000,
  current: { GroupPK: 3, roles: ['Broker'] },
  portalAdministrator: false,
  ...patch,
});

describe('sessionOf', () => {
  it('reads the user of the ID token and ignores any group claim', () => {
    const session = sessionOf(
      userWith({
        given_name: 'Bea',
        email: 'bea@example.com',
        'enrollment.group': '2,3',
        groupRoles: [{ GroupPK: 2, roles: ['Broker'] }],
      }),
    );
    expect(session).toEqual({ sub: 'u1', email: 'bea@example.com', givenName: 'Bea', idToken: 'id-1' });
  });
});

describe('withAccess', () => {
  const token = sessionOf(userWith({ given_name: 'Bea' }));

  it('holds the current group of the access answer as the only group of the session', () => {
    const session = withAccess(token, access());
    expect(session).toMatchObject({
      sub: 'u1',
      givenName: 'Bea',
      familyName: 'Broker',
      idToken: 'id-1',
      email: 'bea@example.com',
      groupRoles: [{ GroupPK: 3, roles: ['Broker'] }],
      groupPKs: [3],
      groupCount: 5000,
      hasGroups: true,
      portalAdministrator: false,
    });
  });

  it('has no groups when the user holds none', () => {
    const session = withAccess(token, access({ groupCount: 0, current: null }));
    expect(session).toMatchObject({ groupRoles: [], groupPKs: [], groupCount: 0, hasGroups: false });
  });

  it('takes the given name from the access answer when the token has none', () => {
    expect(withAccess(sessionOf(userWith({})), access())?.givenName).toBe('Beatrice');
  });

  it('refuses the access answer of another user', () => {
    expect(withAccess(token, access({ sub: 'someone-else' }))).toBeNull();
  });
});

describe('isSignedIn', () => {
  it('needs a non-expired token and a subject', () => {
    expect(isSignedIn(userWith({}))).toBe(true);
    expect(isSignedIn(userWith({}, true))).toBe(false);
    expect(isSignedIn(userWith({ sub: '' }))).toBe(false);
    expect(isSignedIn(null)).toBe(false);
  });
});
