import { createRequire } from 'node:module';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_LENGTH_WITH_MFA,
} from '../../../src/contracts/password-rules';

type LanguageCommon = typeof import('@zxcvbn-ts/language-common');

let commonPasswords: Set<string> | undefined;

// The package decompresses its ~50,000 passwords (and keyboard graphs) when imported: tens of
// milliseconds and some megabytes that only a password change needs, so it is required on first use.
function isCommon(password: string): boolean {
  if (!commonPasswords) {
    const { dictionary } = createRequire(import.meta.url)('@zxcvbn-ts/language-common') as LanguageCommon;
    commonPasswords = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  }
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) return true;
  // The usual ways to stretch a common password past the length rule: digits or symbols around it
  // ("Password2025!"), or the word said again ("passwordpassword123").
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (core.length === 0 || commonPasswords.has(core)) return core.length > 0;
  for (let size = 1; size <= core.length / 2; size++) {
    if (core.length % size === 0 && core.slice(0, size).repeat(core.length / size) === core) {
      return commonPasswords.has(core.slice(0, size)) || size <= 3;
    }
  }
  return false;
}

function containsEmail(password: string, email: string): boolean {
  const lowerPassword = password.toLowerCase();
  const lowerEmail = email.trim().toLowerCase();
  if (!lowerEmail) return false;
  const at = lowerEmail.lastIndexOf('@');
  const local = at > 0 ? lowerEmail.slice(0, at) : '';
  // Shorter local parts ("al@…") would refuse too many unrelated passwords.
  return lowerPassword.includes(lowerEmail) || (local.length >= 3 && lowerPassword.includes(local));
}

/**
 * What is wrong with a new password under NIST SP 800-63B-4 (empty when it is acceptable): length,
 * a list of common passwords, the user's e-mail, one repeated character. No composition rules, by design.
 */
export function passwordProblems(password: string, user: { email: string; mfaEnrolled: boolean }): string[] {
  // Counted as the hash sees it: NFKC-normalised, in code points (NIST counts each as one character).
  const normalised = password.normalize('NFKC');
  const length = [...normalised].length;
  const min = user.mfaEnrolled ? PASSWORD_MIN_LENGTH_WITH_MFA : PASSWORD_MIN_LENGTH;
  const problems: string[] = [];
  if (length < min) problems.push(`Use at least ${min} characters.`);
  if (length > PASSWORD_MAX_LENGTH) problems.push(`Use at most ${PASSWORD_MAX_LENGTH} characters.`);
  if (length > 0 && /^(.)\1*$/su.test(normalised)) problems.push('The password must not be one character repeated.');
  else if (isCommon(normalised)) problems.push('This password is too common. Choose another.');
  if (containsEmail(normalised, user.email)) problems.push('The password must not contain your e-mail address.');
  return problems;
}
