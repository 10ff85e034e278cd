// The identity domain: users, their grants and the caller's own access.
export { ACCESS_VERSION_CHECK_MS, bumpAccessVersion, createAccessResolver } from './access';
export type { AccessResolver, UserAccess } from './access';
export { accountAccess, accountGroups } from './account';
export { hashPassword, verifyPassword } from './password-hash';
export { externalUserId, findActiveUser, normalEmail, recordSignIn, verifyCredentials } from './sign-in';
export type { SignInUser } from './sign-in';
export {
  cancelInvitation,
  changeUserRoles,
  deactivateUser,
  groupsRequireMfa,
  invitationPath,
  inviteUser,
  reactivateUser,
  resendInvitation,
  resetUserMfa,
  userList,
  userListRows,
} from './users';
export type { AccountMail, UserAdmin } from './users';
export { createMailer } from './mailer';
export type { Mailer } from './mailer';
export { startMailCatcher } from './mail-catcher';
