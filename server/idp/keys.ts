import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';
import { z } from 'zod';

/** Secrets of the development identity provider: the token signing key and the cookie signing keys. */
type KeyMaterial = {
  signingKeys: JWK[];
  cookieKeys: string[];
};

const keyFileSchema = z.object({
  signingKeys: z
    .array(z.looseObject({ kty: z.literal('RSA'), kid: z.string(), alg: z.literal('RS256'), d: z.string() }))
    .min(1),
  cookieKeys: z.array(z.string().min(32)).min(1),
});

async function generateKeyMaterial(): Promise<KeyMaterial> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return {
    signingKeys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }],
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

async function readKeyFile(keyFile: string): Promise<KeyMaterial | undefined> {
  let text: string;
  try {
    text = await readFile(keyFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // A corrupt file must not be silently replaced: that would invalidate every token in circulation
  // without anyone knowing why.
  const parsed = keyFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`Identity provider key file ${keyFile} is not valid: ${parsed.error.message}`);
  return parsed.data as KeyMaterial;
}

/**
 * Reads the key file, creating it on first start so tokens and sessions survive restarts.
 * Without a file the keys live only as long as the process.
 */
export async function loadOrCreateKeyMaterial(keyFile?: string): Promise<KeyMaterial> {
  if (!keyFile) return generateKeyMaterial();
  const existing = await readKeyFile(keyFile);
  if (existing) return existing;

  const created = await generateKeyMaterial();
  await mkdir(dirname(keyFile), { recursive: true });
  // Write then rename, so a crash mid-write never leaves a half file behind.
  const temporary = `${keyFile}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, keyFile);
  return created;
}

const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

export function publicKeySet(keys: readonly JWK[]): JSONWebKeySet {
  return {
    keys: keys.map((key) => Object.fromEntries(Object.entries(key).filter(([name]) => !PRIVATE_MEMBERS.has(name)))),
  };
}
