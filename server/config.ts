import path from 'node:path';
import { DEFAULT_IDLE_TIMEOUT_MINUTES, DEFAULT_SESSION_MAX_HOURS } from '../src/contracts/session-limits';

/** Runtime settings, all from the environment (README lists them). */
export type AppConfig = {
  port: number;
  host: string;
  /** Origin the browser uses; the identity provider's issuer and redirect URIs derive from it. */
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  /** An external OpenID provider; when set the embedded one is off. */
  oidcAuthority?: string;
  oidcClientId: string;
  apiAudience: string;
  seedMembers: number;
  /** Serve the built SPA (npm start); off for API-only tests. */
  serveSpa: boolean;
  /** Folder of the built SPA; DIST_DIR, default dist/. */
  distDir: string;
  /** Period of the request-processing worker in ms; 0 turns it off (tests call it themselves). */
  processingIntervalMs: number;
  /** When set, POST /api/processing/run runs processing once for callers sending it (browser tests only). */
  processingTriggerToken?: string;
  /** Period of closing the open carrier batches into 834 files in ms; 0 turns it off (on demand only). */
  carrierFeedIntervalMs: number;
  /** Embedded database only: how often tables past the autovacuum thresholds are vacuumed; 0 turns it off. */
  maintenanceIntervalMs: number;
  logLevel: string;
  /** The first sign-in lock after 5 wrong passwords; each further one doubles (capped at 15 minutes). */
  signInLockSeconds: number;
  /**
   * Proxies whose X-Forwarded-For is believed (addresses, CIDRs or proxy-addr's names such as
   * `loopback`). Anyone else could claim any address and walk around the per-address sign-in lock.
   */
  trustProxy: string;
  /**
   * API calls without a valid token one client address may make per minute before it is answered 429
   * (ANONYMOUS_CALLS_PER_MINUTE, at least 1); past it those calls leave no audit row of their own.
   */
  anonymousCallsPerMinute: number;
  /** Serve Prometheus metrics at /metrics (METRICS=true); off by default. */
  metrics: boolean;
  /** When set, /metrics answers only to `Authorization: Bearer <token>`; required for an https PUBLIC_URL. */
  metricsToken?: string;
  /** After SIGTERM: how long /readyz answers 503 while requests are still served, before the listener closes. */
  shutdownDelayMs: number;
  /** After SIGTERM: the longest the process waits for in-flight work before it exits anyway. */
  shutdownTimeoutMs: number;
  /** Minutes without activity before the SPA signs the user out (fractions allowed, for tests). */
  idleTimeoutMinutes: number;
  /** Hours after sign-in past which no session, refresh token or access token is honoured. */
  sessionMaxHours: number;
  /** When > 0, the seed also grants the broker `bigbroker@example.com` this many generated groups (SEED_BROKER_GROUPS). */
  seedBrokerGroups: number;
  /**
   * Where e-mail goes (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587). Unset under `npm start`: an
   * embedded mail catcher takes the mail and shows it in a browsable inbox.
   */
  smtpUrl?: string;
  /** The From of every message (MAIL_FROM). */
  mailFrom: string;
  /**
   * 32-byte key (base64 or hex, SECRETS_KEY) that encrypts MFA secrets at rest. Unset: one is made once
   * and kept in the database beside the identity provider's keys (development and the demo).
   */
  secretsKey?: string;
};

const positive = (value: string | undefined, fallback: number) => {
  const n = value ? Number(value) : fallback;
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

const nonNegative = (value: string | undefined, fallback: number) => {
  const n = value ? Number(value) : fallback;
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const metrics = env.METRICS === 'true';
  const metricsToken = env.METRICS_TOKEN || undefined;
  // A production origin must not hand its metrics (routes, load, queue) to anyone who asks.
  if (metrics && !metricsToken && publicUrl.startsWith('https://'))
    throw new Error('METRICS=true with an https PUBLIC_URL needs METRICS_TOKEN');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    oidcAuthority: env.OIDC_AUTHORITY || undefined,
    oidcClientId: env.OIDC_CLIENT_ID ?? 'group-portal',
    apiAudience: env.OIDC_AUDIENCE ?? `${publicUrl}/api`,
    seedMembers: Number(env.SEED_MEMBERS ?? 0),
    serveSpa: env.SERVE_SPA !== 'false',
    distDir: path.resolve(env.DIST_DIR ?? 'dist'),
    processingIntervalMs: Math.max(0, Number(env.PROCESSING_INTERVAL_MS ?? 5000) || 0),
    processingTriggerToken: env.PROCESSING_TRIGGER_TOKEN || undefined,
    carrierFeedIntervalMs: nonNegative(env.CARRIER_FEED_INTERVAL_MS, 3_600_000),
    maintenanceIntervalMs: nonNegative(env.PGLITE_MAINTENANCE_INTERVAL_MS, 600_000),
    logLevel: env.LOG_LEVEL ?? 'info',
    signInLockSeconds: Math.max(1, Number(env.SIGN_IN_LOCK_SECONDS ?? 30) || 30),
    trustProxy: env.TRUST_PROXY ?? 'loopback',
    anonymousCallsPerMinute: Math.max(1, Math.floor(Number(env.ANONYMOUS_CALLS_PER_MINUTE ?? 60)) || 60),
    metrics,
    metricsToken,
    shutdownDelayMs: nonNegative(env.SHUTDOWN_DELAY_MS, 0),
    shutdownTimeoutMs: nonNegative(env.SHUTDOWN_TIMEOUT_MS, 30_000),
    idleTimeoutMinutes: positive(env.IDLE_TIMEOUT_MINUTES, DEFAULT_IDLE_TIMEOUT_MINUTES),
    sessionMaxHours: positive(env.SESSION_MAX_HOURS, DEFAULT_SESSION_MAX_HOURS),
    seedBrokerGroups: Math.max(0, Math.floor(Number(env.SEED_BROKER_GROUPS ?? 0)) || 0),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Benefits Portal <no-reply@localhost>',
    secretsKey: env.SECRETS_KEY || undefined,
  };
}
