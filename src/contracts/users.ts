import { z } from 'zod';
import { id, knownCountText, pagedList, pk, text } from './common';
import { ROLES, type Role } from './permissions';

// The Users screen: a group's users, their roles there, invitations and deactivation.

/** invited: the invitation is not accepted yet; deactivated: signs in no more, calls are refused. */
export const USER_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const userStatus = z.enum(USER_STATUSES);

/**
 * Roles given on the Users screen. Not the operator role, nor Member: a Member's grant names their own
 * subscriber record and comes with the employee's invitation.
 */
export const GRANTABLE_ROLES = ROLES.filter((role) => role !== 'Portal Administrator' && role !== 'Member') as Exclude<
  Role,
  'Portal Administrator' | 'Member'
>[];
/** Granted by the Portal Administrator only. */
export const OPERATOR_ONLY_ROLES: readonly Role[] = ['Broker'];

export const USER_PAGE_SIZE = 25;
/** The Users list's search: part of a name or e-mail. */
export const USER_SEARCH_MAX = 100;
export const USER_SORT_FIELDS = ['name', 'email', 'status', 'lastSignInAt'] as const;
export const INVITATION_DAYS = 7;

/** A user's opaque id (the `sub` of their tokens). */
export const userId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Unknown user.');

const grantableRole = z.enum(GRANTABLE_ROLES as [Role, ...Role[]]);
const roleList = z
  .array(grantableRole)
  .max(GRANTABLE_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, 'Each role once.');

const personName = (label: string) =>
  text(60).trim().min(1, `${label} is required.`).max(60, `${label} is at most 60 characters.`);

export const userEmail = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'E-mail is required.')
  .max(254, 'E-mail is at most 254 characters.')
  .pipe(z.email('Enter a valid e-mail address.'));

export const userListQuery = z.object({
  employerPK: pk,
  /** Part of the name or e-mail. */
  search: text(USER_SEARCH_MAX).trim().optional(),
  status: userStatus.or(z.literal('')).optional(),
  sort: z.enum(USER_SORT_FIELDS).default('name'),
  order: z.enum(['ASC', 'DESC']).default('ASC'),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  recordsPerPage: z.coerce.number().int().min(1).max(100).default(USER_PAGE_SIZE),
  knownCount: knownCountText,
});
export type UserListQuery = z.input<typeof userListQuery>;

export const groupUser = z.object({
  userId: z.string(),
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  status: userStatus,
  /** Roles in the listed group. */
  roles: z.array(z.enum(ROLES)),
  /** ISO timestamp, or null when the user never signed in. */
  lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
  mfaEnabled: z.boolean(),
  /** Until when the pending invitation can be accepted (invited users). */
  invitationExpiresAt: z.iso.datetime({ offset: true }).nullable(),
});
export type GroupUser = z.infer<typeof groupUser>;

export const userList = pagedList(groupUser);
export type UserList = z.infer<typeof userList>;

export const inviteUserBody = z.object({
  employerPK: id,
  email: userEmail,
  givenName: personName('First name'),
  familyName: personName('Last name'),
  roles: roleList.min(1, 'Choose at least one role.'),
});
export type InviteUserBody = z.input<typeof inviteUserBody>;

/** A call about one user of the group. */
export const groupUserBody = z.object({ employerPK: id, userId });
export type GroupUserBody = z.input<typeof groupUserBody>;

/** The user's roles in the group become exactly these; none removes them from the group. */
export const changeUserRolesBody = groupUserBody.extend({ roles: roleList });
export type ChangeUserRolesBody = z.input<typeof changeUserRolesBody>;

export const userAnswer = z.object({ user: groupUser.nullable() });
export type UserAnswer = z.infer<typeof userAnswer>;

export const USER_MESSAGES = {
  lastGroupAdmin: 'A group needs at least one GroupAdmin: make someone else GroupAdmin first.',
  operatorOnlyRole: 'Only a Portal Administrator can grant the Broker role.',
  firstGroupAdmin: 'Only a Portal Administrator can make the first GroupAdmin of a group.',
  otherGroups:
    'This user also works in groups you do not administer. Remove their roles in this group instead, or ask a Portal Administrator.',
  notInGroup: 'This user has no role in this group.',
  notInvited: 'This user has already accepted the invitation.',
  ownAccount: 'You cannot deactivate or remove your own account.',
} as const;
