import type { User } from 'oidc-client-ts';
import type { AccountAccess } from '../contracts/account';
import type { GroupRoles } from '../contracts/permissions';

/** What the app reads from the signed-in user's ID token: the user only, no groups. */
export type TokenSession = {
  sub: string;
  email: string | undefined;
  givenName: string;
  idToken: string | undefined;
};

/**
 * The signed-in user as the app works with them: the token's user and their access in the current
 * group, as `GET /Account/Access` answers it (the spec's session shape, narrowed to the current group).
 */
export type Session = TokenSession & {
  familyName: string;
  /** The current group's entry only (`[current]`); empty without groups. */
  groupRoles: GroupRoles[];
  /** The current group only; empty without groups. */
  groupPKs: number[];
  /** Groups in which the user holds any role (a broker may hold thousands). */
  groupCount: number;
  /** False when the user holds no group: that login fails ('user without groupPK'). */
  hasGroups: boolean;
  portalAdministrator: boolean;
};

/** A user counts only with a non-expired token and a subject (spec 2 §4). */
export function isSignedIn(user: User | null | undefined): user is User {
  return !!user && !user.expired && !!user.profile.sub;
}

/** The token's part of the session. */
export function sessionOf(user: User): TokenSession {
  return {
    sub: user.profile.sub,
    email: user.profile.email,
    givenName: user.profile.given_name ?? '',
    idToken: user.id_token,
  };
}

/**
 * The one place token and access combine. Null when the access answer is another user's (a cache
 * left from a previous sign-in): it must never lend its groups to this one.
 */
export function withAccess(token: TokenSession, access: AccountAccess): Session | null {
  if (access.sub !== token.sub) return null;
  const current = access.current;
  return {
    ...token,
    email: token.email ?? access.email,
    givenName: token.givenName || access.givenName,
    familyName: access.familyName,
    groupRoles: current ? [{ GroupPK: current.GroupPK, roles: current.roles }] : [],
    groupPKs: current ? [current.GroupPK] : [],
    groupCount: access.groupCount,
    hasGroups: access.groupCount > 0 && current !== null,
    portalAdministrator: access.portalAdministrator,
  };
}
