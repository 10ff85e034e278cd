import { createHash, randomBytes } from 'node:crypto';

// Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand is not misread.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_COUNT = 10;
const CODE_BYTES = 10; // 80 bits: 16 characters of 5 bits
const NORMALISED = /^[0-9A-HJKMNP-TV-Z]{16}$/;

function encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

// 80 random bits cannot be guessed offline from their hash, so a fast hash suffices (unlike passwords).
const hash = (normalised: string) => createHash('sha256').update(normalised).digest('hex');

/** Ten one-time codes shown once as `ABCD-EFGH-JKMN-PQRS`, and the hashes to store for them. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const raw = new Set<string>();
  while (raw.size < CODE_COUNT) raw.add(encode(randomBytes(CODE_BYTES)));
  const codes = [...raw].map((code) => code.match(/.{4}/g)?.join('-') ?? code);
  return { codes, hashes: [...raw].map(hash) };
}

/**
 * The stored hash for a code the user typed, or null when it cannot be a code. Case, spaces and dashes
 * do not matter, and O, I and L are read as 0, 1 and 1, as Crockford's decoding does.
 */
export function recoveryCodeHash(input: string): string | null {
  if (input.length > 64) return null;
  const normalised = input.toUpperCase().replace(/[\s-]/g, '').replaceAll('O', '0').replace(/[IL]/g, '1');
  return NORMALISED.test(normalised) ? hash(normalised) : null;
}
