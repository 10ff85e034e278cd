import type { GroupUser, UserStatus } from '../../contracts/users';

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  invited: 'Invited',
  active: 'Active',
  deactivated: 'Deactivated',
};

/** The user's name as listed; an invitation not accepted yet may have only the e-mail. */
export function nameOf(user: Pick<GroupUser, 'givenName' | 'familyName' | 'email'>): string {
  return `${user.givenName} ${user.familyName}`.trim() || user.email;
}

const SIGN_IN_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The last sign-in as date and time in the user's locale and zone; "Never" when there was none. */
export function lastSignInLabel(lastSignInAt: string | null): string {
  return lastSignInAt === null ? 'Never' : SIGN_IN_FORMAT.format(new Date(lastSignInAt));
}

export const mfaLabel = (mfaEnabled: boolean) => (mfaEnabled ? 'On' : 'Off');
