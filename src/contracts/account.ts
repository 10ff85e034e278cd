import { z } from 'zod';
import { id, knownCountText, pagedList, pk, text } from './common';
import { ROLES } from './permissions';

// The signed-in user's own access: who they are and which employer groups they may work in. Tokens
// carry the user only; groups and roles come from these calls, so a broker of thousands of groups
// gets a small token and a role change applies without signing in again.

export const role = z.enum(ROLES);

/** Groups per page of the group chooser and the home screen's cards. */
export const GROUP_CHOICE_PAGE_SIZE = 12;
/** The chooser's search matches the group's name or its group ID. */
export const GROUP_SEARCH_MAX = 100;

export const accountAccessQuery = z.object({
  /** The group the browser last worked in; the answer's current group is it when the user still holds a role there. */
  employerPK: pk.optional(),
});

/** One group the user works in, with the roles held there (the spec's groupRoles entry). */
export const groupRolesEntry = z.object({ GroupPK: id, roles: z.array(role) });

export const accountAccess = z.object({
  sub: z.string(),
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  /** Groups in which the user holds any role; 0 is the spec's 'user without groupPK'. */
  groupCount: z.number().int().nonnegative(),
  /** The asked group when held, else the user's first group by group ID; null without groups. */
  current: groupRolesEntry.nullable(),
  /** The operator role: every group, and the Users screen's powers reserved to it. */
  portalAdministrator: z.boolean(),
});
export type AccountAccess = z.infer<typeof accountAccess>;

export const accountGroupsQuery = z.object({
  search: text(GROUP_SEARCH_MAX).optional(),
  /** Zero-based on the wire. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  recordsPerPage: z.coerce.number().int().min(1).max(50).default(GROUP_CHOICE_PAGE_SIZE),
  knownCount: knownCountText,
});
export type AccountGroupsQuery = z.input<typeof accountGroupsQuery>;

export const groupChoice = z.object({
  employerPK: id,
  employerName: z.string(),
  employerID: z.string(),
  roles: z.array(role),
});
export type GroupChoice = z.infer<typeof groupChoice>;

export const accountGroups = pagedList(groupChoice);
export type AccountGroups = z.infer<typeof accountGroups>;
