import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { JSONWebKeySet } from 'jose';
import type { Db } from '../db/client';
import { DATABASE_UNAVAILABLE_DETAIL, isDatabaseUnavailable } from '../db/database-unavailable';
import { findActiveUser, type AccountMail } from '../services/identity';
import { databaseAdapter } from './database-adapter';
import { loadOrCreateKeyMaterial, publicKeySet } from './keys';
import type { ThrottlePolicy } from './sign-in-throttle';
import { logoutPage, messagePage, PAGE_CSP } from './pages';
import { DEFAULT_SESSION_MAX_HOURS, SIGNED_OUT_PARAM } from '../../src/contracts/session-limits';

export type IdentityProviderOptions = {
  /** Issuer URL including the mount path, e.g. http://localhost:3000/idp. */
  issuer: string;
  clientId: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** Resource indicator and `aud` of access tokens; must be an absolute URI. */
  apiAudience: string;
  /** Holds the provider's keys, sessions, grants and tokens, so every replica shares them. */
  db: Db;
  /** Sign-in lockout; the default locks an account for 30 s after 5 failures in 15 minutes. */
  signInPolicy?: ThrottlePolicy;
  /** Absolute limit from sign-in (SESSION_MAX_HOURS); no session or refresh token outlives it. */
  sessionMaxSeconds?: number;
  /** SECRETS_KEY: seals TOTP secrets and the state between sign-in steps. Unset: one kept in idp_secrets. */
  secretsKey?: string | undefined;
  /** How account mail leaves; defaults to the app's `accountMail`. */
  mail?: AccountMail;
};

const ACCESS_TOKEN_TTL = 15 * 60;
const DEFAULT_SESSION_MAX_SECONDS = DEFAULT_SESSION_MAX_HOURS * 60 * 60;

/**
 * The spec's sign-in scopes; they are also the API's scopes, so the access token carries them. They no
 * longer bring group claims: a user's groups and roles are read from the database on each API call
 * (GET /Account/Access and /Account/Groups for the SPA), so a broker of thousands of groups gets a
 * small token and a role change applies without signing in again.
 */
const GROUP_SCOPES = ['enrollment.group', 'mygroup.group'] as const;

const epochSeconds = () => Math.floor(Date.now() / 1000);

/** The sign-in time behind a token request: the code's or the refresh token's `auth_time`. */
function signInTimeOf(ctx: KoaContextWithOIDC | undefined): number | undefined {
  const entities = ctx?.oidc?.entities as
    { AuthorizationCode?: { authTime?: number }; RefreshToken?: { authTime?: number } } | undefined;
  return entities?.RefreshToken?.authTime ?? entities?.AuthorizationCode?.authTime;
}

export async function createIdentityProvider(
  opts: IdentityProviderOptions,
): Promise<{ provider: Provider; jwks: JSONWebKeySet }> {
  const issuer = new URL(opts.issuer);
  const mountPath = issuer.pathname.replace(/\/$/, '');
  const portalHome = new URL('/', issuer).href;
  const { signingKeys, cookieKeys } = await loadOrCreateKeyMaterial(opts.db);
  const sessionMax = opts.sessionMaxSeconds ?? DEFAULT_SESSION_MAX_SECONDS;
  // Seconds left of the absolute limit for a sign-in at `authTime` (at least 1: the provider wants a positive TTL).
  const leftOf = (authTime: number | undefined) =>
    authTime === undefined ? sessionMax : Math.max(1, Math.min(sessionMax, authTime + sessionMax - epochSeconds()));

  const configuration: Configuration = {
    adapter: databaseAdapter(opts.db),
    clients: [
      {
        client_id: opts.clientId,
        client_name: 'Benefits portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: opts.redirectUris,
        post_logout_redirect_uris: opts.postLogoutRedirectUris,
      },
    ],
    jwks: { keys: signingKeys },
    cookies: { keys: cookieKeys },
    scopes: ['openid', 'offline_access', 'email', 'profile', ...GROUP_SCOPES],
    claims: {
      // given_name rides on openid because the portal's sign-in scopes (spec 2 §6) have no profile,
      // yet the top bar shows the user's given name.
      openid: ['sub', 'given_name'],
      email: ['email'],
      profile: ['given_name', 'family_name', 'name'],
      'enrollment.group': [],
      'mygroup.group': [],
    },
    // The access token is audienced to the API, so userinfo cannot serve the SPA; the ID token carries the claims.
    conformIdTokenClaims: false,
    // A deactivated user is no account: their sessions and refresh tokens stop working at once.
    async findAccount(_ctx, sub) {
      const account = await findActiveUser(opts.db, sub);
      if (!account) return undefined;
      return {
        accountId: account.userId,
        claims: () => ({
          sub: account.userId,
          email: account.email,
          given_name: account.givenName,
          family_name: account.familyName,
          name: `${account.givenName} ${account.familyName}`,
        }),
      };
    },
    async extraTokenClaims(ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await findActiveUser(opts.db, token.accountId);
      if (!account) return undefined;
      const authTime = signInTimeOf(ctx);
      // `gid` lets the API refuse the token once its grant is revoked (logout, refresh-token reuse).
      return {
        email: account.email,
        // Proven when the invitation mailed to it was accepted; a portal behind this provider may match on it.
        email_verified: true,
        given_name: account.givenName,
        ...(token.grantId ? { gid: token.grantId } : {}),
        // The sign-in time, so the API refuses tokens past the absolute session limit.
        ...(authTime === undefined ? {} : { auth_time: authTime }),
      };
    },
    interactions: {
      url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`,
    },
    // Browsers send Origin on same-origin POSTs too; allow exactly the client's own origins.
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris.some((uri) => new URL(uri).origin === origin),
    pkce: { required: () => true },
    rotateRefreshToken: true,
    // The SPA renews through the refresh token whether or not it asks for offline_access; without
    // offline_access the refresh token still ends with the provider session.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL,
      Interaction: 30 * 60,
      // The session is saved again on every use, each time with this TTL: counted from the sign-in,
      // so use never stretches it past the absolute limit.
      Session: (_ctx, session) => leftOf((session as { loginTs?: number }).loginTs),
      Grant: 24 * 60 * 60,
      // From the sign-in too; rotation hands on no more than the remaining lifetime.
      RefreshToken: (ctx, token) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken as { remainingTTL: number } | undefined;
        const left = leftOf((token as { authTime?: number }).authTime);
        return rotated ? Math.max(1, Math.min(rotated.remainingTTL, left)) : left;
      },
    },
    // The SPA's sign-in after an idle logoff asks the sign-in page to say so.
    extraParams: [SIGNED_OUT_PARAM],
    renderError(ctx, out, error) {
      ctx.type = 'html';
      ctx.set('Content-Security-Policy', PAGE_CSP);
      // The status and Retry-After of a database away are set where the provider reports the error.
      const unavailable = isDatabaseUnavailable(error);
      ctx.body = messagePage({
        title: unavailable ? 'Sign-in unavailable' : 'Sign-in problem',
        message: unavailable
          ? DATABASE_UNAVAILABLE_DETAIL
          : (out.error_description ?? out.error ?? 'Something went wrong.'),
        link: { href: portalHome, text: 'Return to the portal' },
      });
    },
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) =>
          token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx: KoaContextWithOIDC, form: string) {
          const { html, csp } = logoutPage(form);
          ctx.type = 'html';
          ctx.set('Content-Security-Policy', csp);
          ctx.body = html;
        },
        postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.type = 'html';
          ctx.set('Content-Security-Policy', PAGE_CSP);
          ctx.body = messagePage({
            title: 'Signed out',
            message: 'You have been signed out.',
            link: { href: portalHome, text: 'Return to the portal' },
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        // The SPA never sends `resource`: every token request is for the API.
        defaultResource: () => opts.apiAudience,
        // Without this, an openid request would get an opaque userinfo token instead of the API's JWT.
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx: unknown, resourceIndicator: string) {
          if (resourceIndicator !== opts.apiAudience) throw new errors.InvalidTarget();
          return {
            scope: GROUP_SCOPES.join(' '),
            audience: opts.apiAudience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
  };

  // The issuer string is used verbatim: it must equal the `iss` the API verifies.
  const provider = new Provider(opts.issuer, configuration);
  // X-Forwarded-* decide the URLs the provider builds when it sits behind a proxy or the dev server.
  provider.proxy = true;

  return { provider, jwks: publicKeySet(signingKeys) };
}
