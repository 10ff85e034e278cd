import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

const PERIOD_SECONDS = 30;

/** A new TOTP secret: 20 random bytes (160 bits, RFC 4226's recommendation) in base32. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri({
  secret,
  accountName,
  issuer,
}: {
  secret: string;
  accountName: string;
  issuer: string;
}): string {
  return generateURI({ issuer, label: accountName, secret });
}

/** The URI as an SVG QR code, to show inline while the user sets up an authenticator. */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

export type TotpCheck = { ok: true; step: number } | { ok: false };

/**
 * Checks a 6-digit code against the current 30-second step and one step either side (clock drift). A code
 * whose step is at or before `lastUsedStep` is refused, so a code cannot be used twice; store the
 * returned step as the new `lastUsedStep`.
 */
export function checkTotp(code: string, secret: string, lastUsedStep: number | null): TotpCheck {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return { ok: false };
  const epoch = Math.floor(Date.now() / 1000);
  const currentStep = Math.floor(epoch / PERIOD_SECONDS);
  // otplib throws when afterTimeStep lies past the window; nothing in the window can be accepted then.
  if (lastUsedStep !== null && lastUsedStep >= currentStep + 1) return { ok: false };
  const result = verifySync({
    secret,
    token,
    epoch,
    period: PERIOD_SECONDS,
    epochTolerance: PERIOD_SECONDS,
    afterTimeStep: lastUsedStep !== null && lastUsedStep >= 0 ? lastUsedStep : undefined,
  });
  // The result type also covers HOTP, which has no time step.
  return result.valid && 'timeStep' in result ? { ok: true, step: result.timeStep } : { ok: false };
}
