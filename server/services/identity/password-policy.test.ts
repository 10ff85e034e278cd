import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_LENGTH_WITH_MFA,
} from '../../../src/contracts/password-rules';
import { passwordProblems } from './password-policy';

const user = { email: 'jordan.lee@example.com', mfaEnrolled: false };

describe('password policy', () => {
  it('shares its limits with the browser', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH_WITH_MFA, PASSWORD_MAX_LENGTH]).toEqual([15, 8, 128]);
  });

  it('accepts a long password with no composition rules', () => {
    expect(passwordProblems('walnut orbit tangerine', user)).toEqual([]);
    expect(passwordProblems('alllowercaseletters', user)).toEqual([]);
  });

  it('asks for 15 characters, or 8 with a second factor', () => {
    expect(passwordProblems('fourteen chars', user)).toEqual(['Use at least 15 characters.']);
    expect(passwordProblems('fifteen chars!!', user)).toEqual([]);
    expect(passwordProblems('tangelo', { ...user, mfaEnrolled: true })).toEqual(['Use at least 8 characters.']);
    expect(passwordProblems('tangelo7', { ...user, mfaEnrolled: true })).toEqual([]);
  });

  it('counts code points, not UTF-16 units', () => {
    // 14 emoji are 28 UTF-16 units but 14 characters.
    expect(passwordProblems('🦊'.repeat(7) + '🐙'.repeat(7), user)).toEqual(['Use at least 15 characters.']);
  });

  it('refuses more than 128 characters', () => {
    const long = Array.from({ length: 128 }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join('');
    expect(passwordProblems(long, user)).toEqual([]);
    expect(passwordProblems(`${long}c`, user)).toEqual(['Use at most 128 characters.']);
    // A few characters said over and over is as weak as one.
    expect(passwordProblems('ab'.repeat(8), user)).toEqual(['This password is too common. Choose another.']);
  });

  it('refuses common passwords, whatever their case', () => {
    const mfa = { ...user, mfaEnrolled: true };
    expect(passwordProblems('password', mfa)).toEqual(['This password is too common. Choose another.']);
    expect(passwordProblems('PassWord', mfa)).toEqual(['This password is too common. Choose another.']);
    expect(passwordProblems('qwertyuiop', mfa)).toEqual(['This password is too common. Choose another.']);
    expect(passwordProblems('passwordpassword', user)).toEqual(['This password is too common. Choose another.']);
  });

  it('refuses a common password stretched with digits, symbols or by repeating it', () => {
    const common = ['This password is too common. Choose another.'];
    expect(passwordProblems('passwordpassword123', user)).toEqual(common);
    expect(passwordProblems('2025!!Password2025!!', user)).toEqual(common);
    expect(passwordProblems('abcabcabcabcabc1', user)).toEqual(common);
    // A long phrase that merely contains a common word is fine.
    expect(passwordProblems('correct horse battery staple', user)).toEqual([]);
  });

  it("refuses the user's e-mail or its local part", () => {
    const message = 'The password must not contain your e-mail address.';
    expect(passwordProblems('my name is Jordan.Lee, hello', user)).toEqual([message]);
    expect(passwordProblems('JORDAN.LEE@EXAMPLE.COM', user)).toEqual([message]);
    // A local part under 3 characters would refuse too much.
    expect(passwordProblems('al is my name, hello', { email: 'al@example.com', mfaEnrolled: false })).toEqual([]);
  });

  it('refuses one character repeated', () => {
    expect(passwordProblems('a'.repeat(20), user)).toEqual(['The password must not be one character repeated.']);
    expect(passwordProblems('1'.repeat(8), { ...user, mfaEnrolled: true })).toEqual([
      'The password must not be one character repeated.',
    ]);
  });

  it('lists every problem', () => {
    expect(passwordProblems('jordan', { email: 'jordan@example.com', mfaEnrolled: false })).toEqual([
      'Use at least 15 characters.',
      'This password is too common. Choose another.',
      'The password must not contain your e-mail address.',
    ]);
  });
});
