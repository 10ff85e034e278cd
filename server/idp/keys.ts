import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';
import { z } from 'zod';
import type { Db } from '../db/client';
import { idpSecrets } from '../db/schema';

/** Secrets of the development identity provider: the token signing key and the cookie signing keys. */
type KeyMaterial = {
  signingKeys: JWK[];
  cookieKeys: string[];
};

const KEY_MATERIAL = 'key-material';

const keyMaterialSchema = z.object({
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

async function readKeyMaterial(db: Db): Promise<KeyMaterial | undefined> {
  const [row] = await db.select({ value: idpSecrets.value }).from(idpSecrets).where(eq(idpSecrets.name, KEY_MATERIAL));
  if (!row) return undefined;
  // Corrupt keys must not be silently replaced: that would invalidate every token in circulation
  // without anyone knowing why.
  const parsed = keyMaterialSchema.safeParse(row.value);
  if (!parsed.success) throw new Error(`Identity provider keys in idp_secrets are not valid: ${parsed.error.message}`);
  return parsed.data as KeyMaterial;
}

/**
 * The keys kept in the database, created by whichever replica starts first: every replica signs
 * and verifies with the same keys, and tokens and session cookies survive restarts.
 */
export async function loadOrCreateKeyMaterial(db: Db): Promise<KeyMaterial> {
  const existing = await readKeyMaterial(db);
  if (existing) return existing;
  const created = await generateKeyMaterial();
  // Two replicas starting at once both generate; the first insert wins and both read it back.
  await db.insert(idpSecrets).values({ name: KEY_MATERIAL, value: created }).onConflictDoNothing();
  const stored = await readKeyMaterial(db);
  if (!stored) throw new Error('Identity provider keys could not be stored');
  return stored;
}

const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

export function publicKeySet(keys: readonly JWK[]): JSONWebKeySet {
  return {
    keys: keys.map((key) => Object.fromEntries(Object.entries(key).filter(([name]) => !PRIVATE_MEMBERS.has(name)))),
  };
}
