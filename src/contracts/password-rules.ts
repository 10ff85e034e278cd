/** Password length rules (NIST SP 800-63B-4), shared so the browser can say them before the server refuses. */
export const PASSWORD_MIN_LENGTH = 15;
/** A password that is one of two factors may be shorter. */
export const PASSWORD_MIN_LENGTH_WITH_MFA = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The shortest password allowed for a user with or without a second factor. */
export function passwordMinLength(mfaEnrolled: boolean): number {
  return mfaEnrolled ? PASSWORD_MIN_LENGTH_WITH_MFA : PASSWORD_MIN_LENGTH;
}
