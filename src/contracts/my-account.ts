import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './password-rules';

// My Account: the signed-in user's own password, second factors and sessions.

const secret = z
  .string()
  .min(1, 'Required.')
  .max(PASSWORD_MAX_LENGTH * 4);

export const accountSession = z.object({
  /** Opaque; names the session to sign it out. */
  id: z.string(),
  signedInAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  /** The session this browser is signed in with. */
  current: z.boolean(),
});

export const passkeySummary = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummary>;

export const myAccount = z.object({
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  totpEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int().nonnegative(),
  passkeys: z.array(passkeySummary),
  /** Whether a group of the user requires a second factor (then the last one cannot be removed). */
  mfaRequired: z.boolean(),
  sessions: z.array(accountSession),
});
export type MyAccount = z.infer<typeof myAccount>;

export const changePasswordBody = z
  .object({
    currentPassword: secret,
    newPassword: z
      .string()
      .min(1, 'Required.')
      .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** A sealed, short-lived setup in progress (the server's; the browser only hands it back). */
const pending = z.string().min(1).max(4096);

export const totpSetup = z.object({ qrSvg: z.string(), secret: z.string(), pending });
export type TotpSetup = z.infer<typeof totpSetup>;
export const confirmTotpBody = z.object({
  pending,
  code: z
    .string()
    .max(16, 'Enter the 6-digit code from your app.')
    .trim()
    .regex(/^\d{3} ?\d{3}$/, 'Enter the 6-digit code from your app.'),
});
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

/** WebAuthn options and responses are the browser API's JSON forms, checked by the WebAuthn library. */
const webauthnJson = z.record(z.string().max(64), z.unknown());
export const passkeyRegistrationStart = z.object({ options: webauthnJson, pending });
export const passkeyRegistrationFinishBody = z.object({
  pending,
  response: webauthnJson,
  name: z.string().trim().min(1, 'Name the passkey.').max(60, 'At most 60 characters.'),
});
export const passkeyAnswer = z.object({ passkey: passkeySummary });
export const removePasskeyBody = z.object({ id: z.string().min(1).max(512) });
export type PasskeyRegistrationFinishBody = z.input<typeof passkeyRegistrationFinishBody>;
export type RemovePasskeyBody = z.input<typeof removePasskeyBody>;
export const signOutSessionBody = z.object({ id: z.string().min(1).max(200) });
