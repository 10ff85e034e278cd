import type { User } from 'oidc-client-ts';
import { z } from 'zod';
import { ROLES, type GroupRoles, type Role } from '../contracts/permissions';

/** What the app reads from the signed-in user's ID token claims. */
export type Session = {
  sub: string;
  email: string | undefined;
  givenName: string;
  idToken: string | undefined;
  groupRoles: GroupRoles[];
  /** Unique groups of groupRoles, in claim order: the selectable employer groups. */
  groupPKs: number[];
  /** False when neither `enrollment.group` nor `mygroup.group` is present: that login fails. */
  hasGroups: boolean;
};

const groupRolesClaim = z.array(
  z.object({ GroupPK: z.coerce.number().int().positive(), roles: z.array(z.string()).catch([]) }),
);

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

function parseGroupRoles(claim: unknown): GroupRoles[] {
  const parsed = groupRolesClaim.safeParse(claim);
  if (!parsed.success) return [];
  return parsed.data.map((g) => ({ GroupPK: g.GroupPK, roles: g.roles.filter(isRole) }));
}

function hasGroupClaim(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return value !== undefined && value !== null && String(value).trim() !== '';
}

/** A user counts only with a non-expired token and a subject (spec 2 §4). */
export function isSignedIn(user: User | null | undefined): user is User {
  return !!user && !user.expired && !!user.profile.sub;
}

export function sessionOf(user: User): Session {
  const profile = user.profile as Record<string, unknown>;
  const groupRoles = parseGroupRoles(profile.groupRoles);
  return {
    sub: user.profile.sub,
    email: user.profile.email,
    givenName: user.profile.given_name ?? '',
    idToken: user.id_token,
    groupRoles,
    groupPKs: [...new Set(groupRoles.map((g) => g.GroupPK))],
    hasGroups: hasGroupClaim(profile['enrollment.group']) || hasGroupClaim(profile['mygroup.group']),
  };
}
