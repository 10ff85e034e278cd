import { SERVICE_PREFIX, type Service } from '../contracts/endpoint';
import { DEFAULT_IDLE_TIMEOUT_MINUTES, IDLE_TIMEOUT_META, idleWarningLeadMs } from '../contracts/session-limits';

const env = import.meta.env;
const origin = window.location.origin;

/** Relative bases resolve against the page origin so every client (and jsdom) gets an absolute URL. */
function absolute(url: string): string {
  return new URL(url, origin).href.replace(/\/$/, '');
}

/** Paths the identity provider sends the browser back to; the router serves them as public routes. */
export const AUTH_PATHS = {
  signinCallback: '/signin-oidc',
  silentRenew: '/silentrenew',
  logout: '/logout',
  logoutCallback: '/logout/callback',
} as const;

/** The server's IDLE_TIMEOUT_MINUTES, written into the page; the default without it (the dev server). */
function idleTimeoutMs(): number {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${IDLE_TIMEOUT_META}"]`)?.content;
  const minutes = Number(content);
  return (content && Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_IDLE_TIMEOUT_MINUTES) * 60_000;
}

const idleMs = idleTimeoutMs();

export const config = {
  oidc: {
    authority: env.VITE_OIDC_AUTHORITY || `${origin}/idp`,
    clientId: env.VITE_OIDC_CLIENT_ID || 'group-portal',
    scope: 'openid email profile offline_access enrollment.group mygroup.group',
    redirectUri: `${origin}${AUTH_PATHS.signinCallback}`,
    silentRedirectUri: `${origin}${AUTH_PATHS.silentRenew}`,
    postLogoutRedirectUri: `${origin}${AUTH_PATHS.logoutCallback}`,
  },
  api: {
    enrollment: absolute(env.VITE_ENROLLMENT_API || SERVICE_PREFIX.enrollment),
    member: absolute(env.VITE_MEMBER_API || SERVICE_PREFIX.member),
    finance: absolute(env.VITE_FINANCE_API || SERVICE_PREFIX.finance),
  } satisfies Record<Service, string>,
  session: { idleTimeoutMs: idleMs, idleWarningMs: idleWarningLeadMs(idleMs) },
  versionLabel: '20250724.2',
} as const;

/** Routes the identity provider returns to: no page views, no leftover clean-up while they run. */
export function isAuthCallbackPath(pathname: string): boolean {
  return (
    pathname === AUTH_PATHS.signinCallback ||
    pathname === AUTH_PATHS.silentRenew ||
    pathname === AUTH_PATHS.logoutCallback
  );
}
