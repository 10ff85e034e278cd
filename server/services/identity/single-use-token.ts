import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
// base64url of 32 bytes, unpadded.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A token for a link sent by e-mail (invitation, password reset). Only its hash is stored, so a copy of
 * the database opens no account; 256 random bits need no slow hash.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: sha256Hex(token) };
}

/** The stored hash for a token from a link, or null when the input cannot be one of ours. */
export function linkTokenHash(token: string): string | null {
  return TOKEN_SHAPE.test(token) ? sha256Hex(token) : null;
}
