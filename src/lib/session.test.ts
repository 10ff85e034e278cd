import type { User } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { isSignedIn, sessionOf } from './session';

const userWith = (profile: Record<string, unknown>, expired = false) =>
  ({ profile: { sub: 'u1', ...profile }, expired, id_token: 'id-1' }) as unknown as User;

describe('sessionOf', () => {
  it('reads the group roles, unique groups and given name of the ID token', () => {
    const session = sessionOf(
      userWith({
        given_name: 'Bea',
        'enrollment.group': '2,3',
        groupRoles: [
          { GroupPK: 2, roles: ['Broker', 'Unknown'] },
          { GroupPK: 3, roles: ['Broker'] },
          { GroupPK: 2, roles: ['HR'] },
        ],
      }),
    );
    expect(session.givenName).toBe('Bea');
    expect(session.groupPKs).toEqual([2, 3]);
    expect(session.groupRoles[0]).toEqual({ GroupPK: 2, roles: ['Broker'] });
    expect(session.hasGroups).toBe(true);
  });

  it('has no groups without enrollment.group and mygroup.group claims', () => {
    const session = sessionOf(userWith({ groupRoles: [] }));
    expect(session.hasGroups).toBe(false);
    expect(session.groupPKs).toEqual([]);
  });

  it('accepts mygroup.group alone', () => {
    expect(sessionOf(userWith({ 'mygroup.group': '4' })).hasGroups).toBe(true);
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
