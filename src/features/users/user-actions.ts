import { endpoints } from '../../contracts/endpoints';
import { INVITATION_DAYS, type GroupUser } from '../../contracts/users';
import { nameOf } from './user-labels';

/** What can be done to a listed user, in menu order. */
export type UserAction =
  'changeRoles' | 'resendInvitation' | 'cancelInvitation' | 'deactivate' | 'reactivate' | 'resetMfa';

export const USER_ACTION_LABELS: Record<UserAction, string> = {
  changeRoles: 'Change roles',
  resendInvitation: 'Resend invitation',
  cancelInvitation: 'Cancel invitation',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  resetMfa: 'Reset MFA',
};

/** The actions a user's status (and second factor) allows. */
export function actionsFor(user: Pick<GroupUser, 'status' | 'mfaEnabled'>): UserAction[] {
  const byStatus: Record<GroupUser['status'], UserAction[]> = {
    invited: ['changeRoles', 'resendInvitation', 'cancelInvitation'],
    active: ['changeRoles', 'deactivate'],
    deactivated: ['changeRoles', 'reactivate'],
  };
  return [...byStatus[user.status], ...(user.mfaEnabled ? (['resetMfa'] as const) : [])];
}

/** The actions asked for in a confirmation dialog (Change roles has a dialog of its own, Resend none). */
export type ConfirmedAction = Extract<UserAction, 'cancelInvitation' | 'deactivate' | 'reactivate' | 'resetMfa'>;

export const isConfirmedAction = (action: UserAction): action is ConfirmedAction =>
  action === 'cancelInvitation' || action === 'deactivate' || action === 'reactivate' || action === 'resetMfa';

type Confirmation = {
  endpoint: typeof endpoints.deactivateUser;
  title: (user: GroupUser) => string;
  text: (user: GroupUser) => string;
  confirm: string;
  /** The button that leaves things as they are. */
  keep: string;
  destructive: boolean;
  /** The success notification. */
  done: (user: GroupUser) => string;
};

export const CONFIRMATIONS: Record<ConfirmedAction, Confirmation> = {
  cancelInvitation: {
    endpoint: endpoints.cancelInvitation,
    title: () => 'Cancel invitation?',
    text: (user) =>
      `The invitation to ${user.email} is withdrawn: its link stops working and they do not join this group.`,
    confirm: 'Cancel invitation',
    keep: 'Keep invitation',
    destructive: true,
    done: (user) => `Invitation to ${user.email} cancelled`,
  },
  deactivate: {
    endpoint: endpoints.deactivateUser,
    title: (user) => `Deactivate ${nameOf(user)}?`,
    text: (user) =>
      `${nameOf(user)} is signed out: their sessions end and every call they make is refused until they are reactivated. Their roles are kept.`,
    confirm: 'Deactivate',
    keep: 'Cancel',
    destructive: true,
    done: (user) => `${nameOf(user)} deactivated`,
  },
  reactivate: {
    endpoint: endpoints.reactivateUser,
    title: (user) => `Reactivate ${nameOf(user)}?`,
    text: (user) => `${nameOf(user)} can sign in again, with the roles they hold.`,
    confirm: 'Reactivate',
    keep: 'Cancel',
    destructive: false,
    done: (user) => `${nameOf(user)} reactivated`,
  },
  resetMfa: {
    endpoint: endpoints.resetUserMfa,
    title: (user) => `Reset MFA of ${nameOf(user)}?`,
    text: (user) =>
      `The second factor of ${nameOf(user)} is removed. They set up a new one the next time they sign in.`,
    confirm: 'Reset MFA',
    keep: 'Cancel',
    destructive: true,
    done: (user) => `MFA reset for ${nameOf(user)}`,
  },
};

/** The text of the invitation: how long its link works. */
export const INVITATION_HINT = `The invitation link works for ${INVITATION_DAYS} days.`;

/** The id of a row's actions button, which takes focus back when a dialog about the user closes. */
export const actionsButtonId = (userId: string) => `user-actions-${userId}`;
