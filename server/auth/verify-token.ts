import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';
import type { GroupRoles } from '../../src/contracts/permissions';
import type { UserAccess } from '../services/identity';

/** The caller as a verified access token names them: the user, not their groups. */
export type TokenUser = {
  sub: string;
  email?: string;
  givenName?: string;
  /** An external provider's `email_verified`: only a verified e-mail may match a user of the portal. */
  emailVerified?: boolean;
  /** The embedded provider's grant the token was issued under (`gid`): names the caller's session. */
  grantId?: string;
};

/** The caller of an API request: the token's user with the roles the database holds for them now. */
export type AuthUser = TokenUser & { groupRoles: GroupRoles[]; access: UserAccess };

type AuthErrorCode = 'missing_token' | 'invalid_token' | 'expired_token';

/** A request without a usable access token; the API answers 401. */
export class AuthError extends Error {
  readonly statusCode = 401;

  constructor(
    readonly code: AuthErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AuthError';
  }
}

type TokenVerifierOptions = {
  issuer: string;
  audience: string;
  /** The embedded provider's key set, or the jwks_uri of an external provider. */
  jwks: JSONWebKeySet | URL;
  /** The embedded provider only: whether the token's grant (`gid` claim) still exists. */
  isGrantActive?: (grantId: string) => Promise<boolean>;
  /** Absolute session limit: a token whose `auth_time` (the sign-in) is older is refused. */
  sessionMaxSeconds?: number;
  now?: () => number;
};

const CLOCK_TOLERANCE_SECONDS = 5;
/**
 * A token whose signature and claims were checked is remembered for this long (never past its `exp`),
 * so a busy caller's calls skip the RSA verification. It delays only the effect of removing a signing
 * key from the key set; revocation is the grant check's, which still runs on every call.
 */
const VERIFIED_TTL_MS = 60_000;
const MAX_VERIFIED = 10_000;

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function toTokenUser(payload: JWTPayload): TokenUser {
  if (!payload.sub) throw new AuthError('invalid_token', 'Access token has no subject');
  const grantId = optionalString(payload.gid);
  return {
    sub: payload.sub,
    email: optionalString(payload.email),
    givenName: optionalString(payload.given_name),
    ...(payload.email_verified === true ? { emailVerified: true } : {}),
    ...(grantId ? { grantId } : {}),
  };
}

/**
 * Returns a function that turns an Authorization header into the caller, or throws AuthError.
 * Only RS256 is accepted, so neither unsigned nor HMAC tokens can pass.
 */
export function createTokenVerifier(
  opts: TokenVerifierOptions,
): (authorizationHeader: string | undefined) => Promise<TokenUser> {
  const keys = opts.jwks instanceof URL ? createRemoteJWKSet(opts.jwks) : createLocalJWKSet(opts.jwks);
  const verified = new Map<string, { payload: JWTPayload; until: number }>();

  const verifyJwt = async (token: string): Promise<JWTPayload> => {
    const now = Date.now();
    const known = verified.get(token);
    if (known && known.until > now) return known.payload;
    if (known) verified.delete(token);
    const { payload } = await jwtVerify(token, keys, {
      issuer: opts.issuer,
      audience: opts.audience,
      algorithms: ['RS256'],
      // RFC 9068: an ID token or any other JWT signed by the same key is not an access token.
      typ: 'at+jwt',
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp'],
    });
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(token, { payload, until: Math.min(now + VERIFIED_TTL_MS, (payload.exp ?? 0) * 1000) });
    return payload;
  };

  return async (authorizationHeader) => {
    const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(authorizationHeader ?? '');
    if (!match?.[1]) throw new AuthError('missing_token', 'Missing bearer token');

    try {
      const payload = await verifyJwt(match[1]);
      // Tokens without auth_time (some external providers) are bounded by their provider's sessions.
      const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : undefined;
      if (opts.sessionMaxSeconds !== undefined && authTime !== undefined) {
        const nowSeconds = (opts.now ?? Date.now)() / 1000;
        if (nowSeconds - authTime > opts.sessionMaxSeconds + CLOCK_TOLERANCE_SECONDS) {
          throw new AuthError('expired_token', 'The session has reached its time limit; sign in again');
        }
      }
      if (opts.isGrantActive) {
        const grantId = optionalString(payload.gid);
        if (!grantId || !(await opts.isGrantActive(grantId))) {
          throw new AuthError('invalid_token', 'Access token was revoked');
        }
      }
      return toTokenUser(payload);
    } catch (error) {
      if (error instanceof AuthError) throw error;
      // The key set being unreachable is the server's problem, not the caller's: no 401 for that.
      if (error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError)) throw error;
      if (error instanceof joseErrors.JWTExpired) {
        throw new AuthError('expired_token', 'Access token has expired', { cause: error });
      }
      throw new AuthError('invalid_token', 'Access token is not valid', { cause: error });
    }
  };
}
