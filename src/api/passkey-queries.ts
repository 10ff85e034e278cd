import { myAccountQueries } from './my-account-queries';

/**
 * The passkeys are part of the caller's My Account answer (`myAccount.passkeys`): the same query and
 * key as the rest of My Account, so one answer serves every section and a passkey added or removed
 * makes all of it stale.
 */
export const passkeyQueries = {
  all: myAccountQueries.all,
  myAccount: myAccountQueries.me,
};
