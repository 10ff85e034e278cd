// The identity domain: users, their grants and the caller's own access.
export { ACCESS_VERSION_CHECK_MS, bumpAccessVersion, createAccessResolver, ownSubscriberOf } from './access';
export type { AccessResolver, GroupDirectory, UserAccess } from './access';
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
export { mailCatcherOptionsFromEnv, startMailCatcher } from './mail-catcher';
export { loadSecretBox } from './secrets-key';
export type { SecretBox } from './secret-box';
export { newTotpSecret, totpQrSvg, totpUri, checkTotp } from './totp';
export { passwordProblems } from './password-policy';
export { electionsReceivedMail, enrollmentReminderMail, passwordResetMail, securityNoticeMail } from './mail-messages';
export { sendElectionsReceived } from './member-mail';
export { EMPLOYEE_INVITE_BATCH, inviteEmployees } from './employee-invitations';
export type { SecurityChange } from './mail-messages';
export { enrolTotp, factorUser, useRecoveryCode, useTotpCode } from './second-factor';
export type { FactorUser } from './second-factor';
export {
  acceptInvitation,
  activeUserByEmail,
  completePasswordReset,
  createResetLink,
  findUsableLink,
  RESET_LINK_MINUTES,
  resetPath,
} from './account-links';
export type { LinkUser } from './account-links';
export { createSecretBox } from './secret-box';
export {
  changePassword,
  confirmTotpSetup,
  myAccount,
  MY_ACCOUNT_MESSAGES,
  newRecoveryCodes,
  signOutOtherSessions,
  signOutSession,
  startTotpSetup,
} from './my-account';
export type { AccountCaller } from './my-account';
export {
  finishPasskeyRegistration,
  hasPasskeys,
  listPasskeys,
  passkeySignInOptions,
  relyingPartyOf,
  removePasskey,
  startPasskeyRegistration,
  verifyPasskeySignIn,
} from './passkeys';
export type { RelyingParty } from './passkeys';
export { openPending, sealPending } from './pending-state';
