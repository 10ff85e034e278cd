import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

type Params = { N: number; r: number; p: number };
type Parsed = { params: Params; salt: Buffer; hash: Buffer };

// OWASP's scrypt minimum (N=2^14 with r=8 uses 16 MiB per hash). The encoding names the parameters, so
// stronger ones can come later without breaking the hashes already stored.
const PARAMS: Params = { N: 16384, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;
// Bounds on what a stored string may ask for, so a corrupt row cannot make one sign-in eat the server.
const MAX_N = 1 << 20;
const MAX_R = 32;
const MAX_P = 16;

const ENCODED = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

function parse(encoded: string): Parsed | null {
  const match = ENCODED.exec(encoded);
  if (!match) return null;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const powerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX_N || r < 1 || r > MAX_R || p < 1 || p > MAX_P) return null;
  const salt = Buffer.from(match[4] ?? '', 'base64');
  const hash = Buffer.from(match[5] ?? '', 'base64');
  if (salt.length < 8 || hash.length < 16 || hash.length > 64) return null;
  return { params: { N, r, p }, salt, hash };
}

// The hash of a random password nobody knows, checked when there is no hash, so that an unknown account
// costs the same time as a wrong password.
const DECOY = parse(
  'scrypt$N=16384,r=8,p=1$gWJaz1Fd1TxTdhBRAj+1gA==$AQetdwPcSIqPZyV985LdhyCIal0mUsmGjsbeQLuhZ6c=',
) as Parsed;

function derive(password: string, salt: Buffer, keyLength: number, params: Params): Promise<Buffer> {
  // Passwords typed on different devices may differ in Unicode form; NFKC makes them one (NIST 800-63B).
  const normalised = password.normalize('NFKC');
  // maxmem above the 128*N*r scrypt needs: Node's default (32 MiB) would refuse N=2^15 and up.
  const options = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(normalised, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** A new salted scrypt hash of the password, as `scrypt$N=…,r=…,p=…$<salt b64>$<hash b64>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, KEY_BYTES, PARAMS);
  const { N, r, p } = PARAMS;
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/**
 * Whether the password matches the stored hash, compared in constant time. With no hash (unknown user,
 * or one without a password) or an unreadable one, scrypt still runs against a decoy and the answer is false.
 */
export async function verifyPassword(password: string, encoded: string | null): Promise<boolean> {
  const stored = encoded === null ? null : parse(encoded);
  const target = stored ?? DECOY;
  const candidate = await derive(password, target.salt, target.hash.length, target.params);
  const same = timingSafeEqual(candidate, target.hash);
  return stored !== null && same;
}
