import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpSecrets } from '../../db/schema';
import { createSecretBox, parseSecretsKey, type SecretBox } from './secret-box';

const SECRETS_KEY = 'secrets-key';

async function readStoredKey(db: Db): Promise<Buffer | undefined> {
  const [row] = await db.select({ value: idpSecrets.value }).from(idpSecrets).where(eq(idpSecrets.name, SECRETS_KEY));
  if (!row) return undefined;
  const key = typeof row.value.key === 'string' ? Buffer.from(row.value.key, 'base64url') : undefined;
  // A corrupt key is never replaced: every sealed TOTP secret would become unreadable without a word.
  if (key?.length !== 32) throw new Error('The secrets key in idp_secrets is not valid.');
  return key;
}

/**
 * The box that seals TOTP secrets and the pending state of multi-step forms: SECRETS_KEY's key, or
 * without one a key made once and kept in idp_secrets, the same for every replica (the first insert
 * wins and all read it back).
 */
export async function loadSecretBox(db: Db, configuredKey?: string): Promise<SecretBox> {
  if (configuredKey) return createSecretBox(parseSecretsKey(configuredKey));
  const existing = await readStoredKey(db);
  if (existing) return createSecretBox(existing);
  await db
    .insert(idpSecrets)
    .values({ name: SECRETS_KEY, value: { key: randomBytes(32).toString('base64url') } })
    .onConflictDoNothing();
  const stored = await readStoredKey(db);
  if (!stored) throw new Error('The secrets key could not be stored.');
  return createSecretBox(stored);
}
