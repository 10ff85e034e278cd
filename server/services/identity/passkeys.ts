import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { PasskeySummary } from '../../../src/contracts/my-account';
import type { Db } from '../../db/client';
import { userPasskeys, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/problem';
import type { SecretBox } from './secret-box';
import { groupsRequireMfa } from './users';

// Passkeys (WebAuthn credentials) as a second factor: phishing-resistant, since the browser binds every
// signature to the origin. Registered from My Account (the API), used at sign-in (the identity provider).

/** The relying party: the portal's public URL, as the browser sees it. */
export type RelyingParty = { rpID: string; origin: string };

export const RP_NAME = 'Benefits Portal';
/** Seconds between the registration options and the browser's answer. */
export const PASSKEY_REGISTRATION_SECONDS = 5 * 60;
/** More than anyone needs; keeps the options (excludeCredentials) small. */
export const MAX_PASSKEYS = 20;
/** What the browser may spend asking the authenticator (WebAuthn `timeout`). */
const CEREMONY_TIMEOUT_MS = 2 * 60 * 1000;
const REGISTRATION_PURPOSE = 'passkey-registration';

export const PASSKEY_NOT_VERIFIED = 'The passkey could not be verified. Try adding it again.';
export const PASSKEY_EXPIRED = 'Adding the passkey took too long or was started elsewhere. Start again.';

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const summaryColumns = {
  id: userPasskeys.credentialId,
  name: userPasskeys.name,
  createdAt: userPasskeys.createdAt,
  lastUsedAt: userPasskeys.lastUsedAt,
};

function summaryOf(row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }): PasskeySummary {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The user's passkeys, oldest first, as My Account shows them. */
export async function listPasskeys(db: Db, userId: string): Promise<PasskeySummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .orderBy(asc(userPasskeys.createdAt), asc(userPasskeys.credentialId));
  return rows.map(summaryOf);
}

export async function hasPasskeys(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.userId, userId));
  return (row?.n ?? 0) > 0;
}

async function credentialsOf(db: Db, userId: string) {
  return db
    .select({ id: userPasskeys.credentialId, transports: userPasskeys.transports })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId));
}

// ---- Registration (My Account) ----

/** What the sealed registration state holds: whose it is, the challenge, until when. */
type RegistrationPending = { p: typeof REGISTRATION_PURPOSE; u: string; c: string; e: number };

export function sealRegistration(box: SecretBox, userId: string, challenge: string, now = Date.now()): string {
  const state: RegistrationPending = {
    p: REGISTRATION_PURPOSE,
    u: userId,
    c: challenge,
    e: now + PASSKEY_REGISTRATION_SECONDS * 1000,
  };
  return box.seal(JSON.stringify(state));
}

/** The challenge of this user's registration in progress; undefined when altered, someone else's or expired. */
export function openRegistration(box: SecretBox, sealed: string, userId: string, now = Date.now()): string | undefined {
  let state: Partial<RegistrationPending>;
  try {
    state = JSON.parse(box.open(sealed)) as Partial<RegistrationPending>;
  } catch {
    return undefined;
  }
  if (state.p !== REGISTRATION_PURPOSE || state.u !== userId || !(typeof state.e === 'number' && state.e > now))
    return undefined;
  return typeof state.c === 'string' && state.c ? state.c : undefined;
}

/** WebAuthn creation options for a new passkey of the user, and the sealed state to hand back with the answer. */
export async function startPasskeyRegistration(
  db: Db,
  box: SecretBox,
  rp: RelyingParty,
  userId: string,
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON & Record<string, unknown>; pending: string }> {
  const [user] = await db
    .select({ email: users.email, givenName: users.givenName, familyName: users.familyName })
    .from(users)
    .where(eq(users.userId, userId));
  if (!user) throw notFound('Your account was not found.');
  const existing = await credentialsOf(db, userId);
  if (existing.length >= MAX_PASSKEYS)
    throw conflict(`You have ${MAX_PASSKEYS} passkeys, the most allowed. Remove one before adding another.`);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: `${user.givenName} ${user.familyName}`.trim(),
    // The same user handle every time: an authenticator replaces its old passkey for us instead of adding one.
    userID: new Uint8Array(Buffer.from(userId, 'utf8')),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  // The contract carries WebAuthn JSON as a plain object; the browser library reads it as the same type.
  return { options: { ...options }, pending: sealRegistration(box, userId, options.challenge) };
}

/**
 * Checks the browser's answer against the challenge of the sealed state and keeps the passkey.
 * Anything wrong with the answer is the caller's mistake (400), never a server error.
 */
export async function finishPasskeyRegistration(
  db: Db,
  box: SecretBox,
  rp: RelyingParty,
  userId: string,
  input: { pending: string; response: Record<string, unknown>; name: string },
): Promise<PasskeySummary> {
  const challenge = openRegistration(box, input.pending, userId);
  if (!challenge) throw badRequest(PASSKEY_EXPIRED);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
  } catch {
    throw badRequest(PASSKEY_NOT_VERIFIED);
  }
  if (!verification.verified) throw badRequest(PASSKEY_NOT_VERIFIED);
  const { credential } = verification.registrationInfo;
  const [row] = await db
    .insert(userPasskeys)
    .values({
      credentialId: credential.id,
      userId,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: input.name.trim(),
    })
    .onConflictDoNothing()
    .returning(summaryColumns);
  if (!row) throw conflict('This passkey is already registered.');
  return summaryOf(row);
}

/**
 * Removes one of the user's own passkeys (404 for anyone else's). The last second factor of a user whose
 * group requires one stays (409): the user row is locked so two removals cannot both pass the check.
 */
export async function removePasskey(db: Db, userId: string, credentialId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ hasTotp: sql<boolean>`${users.totpSecret} is not null` })
      .from(users)
      .where(eq(users.userId, userId))
      .for('update');
    const own = await credentialsOf(tx, userId);
    if (!user || !own.some((passkey) => passkey.id === credentialId)) throw notFound('That passkey was not found.');
    if (!user.hasTotp && own.length === 1 && (await groupsRequireMfa(tx, userId))) {
      throw conflict(
        'Your group requires two-step verification and this is your only second factor. Add another passkey or an authenticator app first.',
      );
    }
    await tx
      .delete(userPasskeys)
      .where(and(eq(userPasskeys.userId, userId), eq(userPasskeys.credentialId, credentialId)));
  });
}

// ---- Sign-in (the identity provider's second step) ----

/**
 * WebAuthn request options for the user's passkeys, or undefined when the user has none. A challenge
 * already sealed into the sign-in page is reused, so a page shown again still matches its state.
 */
export async function passkeySignInOptions(
  db: Db,
  rp: RelyingParty,
  userId: string,
  challenge?: string,
): Promise<PublicKeyCredentialRequestOptionsJSON | undefined> {
  const credentials = await credentialsOf(db, userId);
  if (credentials.length === 0) return undefined;
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: credentials.map(({ id, transports }) => ({ id, transports })),
    userVerification: 'preferred',
    timeout: CEREMONY_TIMEOUT_MS,
    ...(challenge ? { challenge } : {}),
  });
}

/** The browser's answer as posted by the sign-in page (JSON text), or undefined when it is not one. */
function parseAssertion(posted: unknown): AuthenticationResponseJSON | undefined {
  if (typeof posted !== 'string' || posted.length === 0 || posted.length > 8192) return undefined;
  try {
    const value = JSON.parse(posted) as unknown;
    if (!value || typeof value !== 'object') return undefined;
    const { id, response } = value as { id?: unknown; response?: unknown };
    return typeof id === 'string' && response && typeof response === 'object'
      ? (value as AuthenticationResponseJSON)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks a passkey signature of the user over the challenge of the sign-in page. On success the
 * signature counter and the last use are stored; the counter only moves forward, so a cloned
 * authenticator replaying an older count is refused.
 */
export async function verifyPasskeySignIn(
  db: Db,
  rp: RelyingParty,
  userId: string,
  challenge: string,
  posted: unknown,
): Promise<boolean> {
  const assertion = parseAssertion(posted);
  if (!assertion) return false;
  const [stored] = await db
    .select()
    .from(userPasskeys)
    .where(and(eq(userPasskeys.userId, userId), eq(userPasskeys.credentialId, assertion.id)));
  if (!stored) return false;
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(stored.publicKey),
        counter: stored.counter,
        transports: stored.transports,
      },
      requireUserVerification: false,
    });
  } catch {
    return false;
  }
  if (!verification.verified) return false;
  const { newCounter } = verification.authenticationInfo;
  const used = await db
    .update(userPasskeys)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(userPasskeys.credentialId, stored.credentialId),
        // Authenticators without a counter always say 0; one with a counter must have moved on.
        sql`((${newCounter} = 0 and ${userPasskeys.counter} = 0) or ${userPasskeys.counter} < ${newCounter})`,
      ),
    )
    .returning({ id: userPasskeys.credentialId });
  return used.length === 1;
}
