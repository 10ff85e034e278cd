import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet, type JWTPayload } from 'jose';
import { AuthError, createTokenVerifier } from './verify-token';

const ISSUER = 'http://localhost:3000/idp';
const AUDIENCE = 'http://localhost:3000/api';

const { privateKey, publicKey } = await generateKeyPair('RS256');
const jwks: JSONWebKeySet = { keys: [{ ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256' }] };
const verify = createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, jwks });

const claims: JWTPayload = {
  email: 'broker@example.com',
  given_name: 'Brian',
  groupRoles: [
    { GroupPK: 2, roles: ['Broker'] },
    { GroupPK: 3, roles: ['Broker'] },
  ],
};

function sign(
  payload: JWTPayload = claims,
  opts: { iss?: string; aud?: string; exp?: string | number; typ?: string } = {},
) {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: opts.typ ?? 'at+jwt' })
    .setSubject('user-broker')
    .setIssuer(opts.iss ?? ISSUER)
    .setAudience(opts.aud ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? '15m')
    .sign(privateKey);
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

async function rejection(header: string | undefined): Promise<AuthError> {
  const error = await verify(header).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

describe('createTokenVerifier', () => {
  it('accepts a valid token and reads the caller from it', async () => {
    const user = await verify(`Bearer ${await sign()}`);
    // Group claims an external provider might add are not read: roles come from the database.
    expect(user).toEqual({ sub: 'user-broker', email: 'broker@example.com', givenName: 'Brian' });
  });

  it('takes a verified e-mail flag from an external provider, and nothing it was not given', async () => {
    const user = await verify(`Bearer ${await sign({ email: 'x@example.com', email_verified: true })}`);
    expect(user).toEqual({ sub: 'user-broker', email: 'x@example.com', emailVerified: true });
    const unverified = await verify(`Bearer ${await sign({ email: 'x@example.com', email_verified: 'true' })}`);
    expect(unverified).not.toHaveProperty('emailVerified');
  });

  it('rejects a missing or malformed header', async () => {
    expect((await rejection(undefined)).code).toBe('missing_token');
    expect((await rejection('')).code).toBe('missing_token');
    expect((await rejection('Basic dXNlcjpwYXNz')).code).toBe('missing_token');
    expect((await rejection(`${await sign()}`)).code).toBe('missing_token');
  });

  it('rejects a token from another issuer', async () => {
    const error = await rejection(`Bearer ${await sign(claims, { iss: 'http://evil.example/idp' })}`);
    expect(error.code).toBe('invalid_token');
    expect(error.statusCode).toBe(401);
  });

  it('rejects a token for another audience', async () => {
    expect((await rejection(`Bearer ${await sign(claims, { aud: 'portal-spa' })}`)).code).toBe('invalid_token');
  });

  it('rejects a signed JWT that is not an access token (an ID token has typ JWT)', async () => {
    expect((await rejection(`Bearer ${await sign(claims, { typ: 'JWT' })}`)).code).toBe('invalid_token');
  });

  it('rejects an expired token beyond the clock tolerance', async () => {
    const expiredAt = Math.floor(Date.now() / 1000) - 10;
    expect((await rejection(`Bearer ${await sign(claims, { exp: expiredAt })}`)).code).toBe('expired_token');
  });

  it('refuses a token whose sign-in is older than the absolute session limit, even unexpired', async () => {
    const limited = createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, jwks, sessionMaxSeconds: 12 * 3600 });
    const now = Math.floor(Date.now() / 1000);
    const recent = await sign({ ...claims, auth_time: now - 11 * 3600 });
    await expect(limited(`Bearer ${recent}`)).resolves.toMatchObject({ sub: 'user-broker' });
    const old = await sign({ ...claims, auth_time: now - 12 * 3600 - 60 });
    await expect(limited(`Bearer ${old}`)).rejects.toMatchObject({ code: 'expired_token' });
    // Without auth_time (some external providers) the provider's own sessions decide.
    await expect(limited(`Bearer ${await sign()}`)).resolves.toMatchObject({ sub: 'user-broker' });
  });

  it('rejects an unsigned token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const payload = { ...claims, sub: 'user-broker', iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + 600 };
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
    expect((await rejection(`Bearer ${unsigned}`)).code).toBe('invalid_token');
  });

  it('rejects an HS256 token, even one keyed with the public key', async () => {
    const publicJwk = jwks.keys[0];
    const secret = new TextEncoder().encode(JSON.stringify(publicJwk));
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
      .setSubject('user-broker')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime('15m')
      .sign(secret);
    expect((await rejection(`Bearer ${token}`)).code).toBe('invalid_token');
  });

  it('rejects a token signed by another key', async () => {
    const other = await generateKeyPair('RS256');
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setSubject('user-broker')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime('15m')
      .sign(other.privateKey);
    expect((await rejection(`Bearer ${token}`)).code).toBe('invalid_token');
  });

  it('rejects garbage', async () => {
    for (const garbage of ['garbage', 'a.b.c', '...', `${base64url({ alg: 'RS256' })}.e30.AAAA`]) {
      expect((await rejection(`Bearer ${garbage}`)).code).toBe('invalid_token');
    }
  });

  describe('a token verified once', () => {
    afterEach(() => vi.useRealTimers());

    it('is refused once it expires, although it was accepted before', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const header = `Bearer ${await sign(claims, { exp: Math.floor(Date.now() / 1000) + 30 })}`;
      expect((await verify(header)).sub).toBe('user-broker');
      vi.setSystemTime(Date.now() + 40_000);
      expect((await rejection(header)).code).toBe('expired_token');
    });

    it('still has its grant checked on every call, so a revoked grant is refused at once', async () => {
      let active = true;
      const grantChecks: string[] = [];
      const withGrants = createTokenVerifier({
        issuer: ISSUER,
        audience: AUDIENCE,
        jwks,
        isGrantActive: async (grantId) => {
          grantChecks.push(grantId);
          return active;
        },
      });
      const header = `Bearer ${await sign({ ...claims, gid: 'grant-1' })}`;
      expect((await withGrants(header)).sub).toBe('user-broker');
      expect((await withGrants(header)).sub).toBe('user-broker');
      active = false;
      const error = await withGrants(header).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AuthError);
      expect((error as AuthError).code).toBe('invalid_token');
      expect(grantChecks).toEqual(['grant-1', 'grant-1', 'grant-1']);
    });

    it('does not make a tampered copy of it valid', async () => {
      const token = await sign();
      expect((await verify(`Bearer ${token}`)).sub).toBe('user-broker');
      const [header, , signature] = token.split('.');
      const forged = `${header}.${base64url({ ...claims, sub: 'user-admin', iss: ISSUER, aud: AUDIENCE, exp: 4102444800 })}.${signature}`;
      expect((await rejection(`Bearer ${forged}`)).code).toBe('invalid_token');
    });
  });
});
