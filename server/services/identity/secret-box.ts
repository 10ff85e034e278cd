import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const B64URL = /^[A-Za-z0-9_-]*$/;

export type SecretBox = {
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url): a fresh random IV each time, so equal secrets look different. */
  seal(plain: string): string;
  /** The plain text of a sealed value; throws when it was altered or sealed under another key. */
  open(sealed: string): string;
};

/** AES-256-GCM for small secrets kept in the database (TOTP secrets): the key lives outside it. */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secrets key must be 32 bytes.');
  const secretKey = Buffer.from(key);
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', secretKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION || !parts.slice(1).every((p) => B64URL.test(p)))
        throw new Error('Sealed secret is malformed.');
      const [iv, tag, body] = parts.slice(1).map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('Sealed secret is malformed.');
      const decipher = createDecipheriv('aes-256-gcm', secretKey, iv, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        throw new Error('Sealed secret failed authentication: it was altered or sealed under another key.');
      }
    },
  };
}

/** The 32-byte key from SECRETS_KEY: 64 hex characters, or base64 (or base64url) of 32 bytes. */
export function parseSecretsKey(text: string): Buffer {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) {
    const key = Buffer.from(value.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
    if (key.length === 32) return key;
  }
  // Never echoes the value: it is the key, or a near miss of it.
  throw new Error(
    'SECRETS_KEY must be 64 hex characters or the base64 of 32 random bytes (e.g. `openssl rand -base64 32`).',
  );
}
