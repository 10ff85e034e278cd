import type { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { migrationsFolder, migrationsSchema, type DatabaseDriver, type Db, type PoolStats } from './db/client';
import { registerIdentityProvider } from './idp/interactions';
import { createGrantCheck } from './idp/grant-check';
import { DEFAULT_THROTTLE_POLICY, lockedForSeconds, recordFailedSignIn } from './idp/sign-in-throttle';
import { AuthError, createTokenVerifier, type AuthUser } from './auth/verify-token';
import {
  createAccessResolver,
  createMailer,
  externalUserId,
  loadSecretBox,
  type AccountMail,
  type GroupDirectory,
  type Mailer,
  type SecretBox,
} from './services/identity';
import { logOptions } from './lib/log-options';
import { loadSpaPage } from './lib/spa-page';
import { HttpProblem } from './lib/problem';
import { registerHealthRoutes } from './plugins/health';
import { registerMetrics } from './plugins/metrics';
import { registerProblemHandling } from './plugins/problems';
import { apiSecurityHeaders, registerSecurityHeaders } from './plugins/security-headers';
import { registerSpaAssets } from './plugins/spa-assets';
import { apiRoutes } from './routes/api';
import { handlers as defaultHandlers } from './routes/handlers';
import { startProcessingWorker } from './services/processing';
import { startCarrierFeedWorker } from './services/carrier-feed';
import { startDatabaseMaintenance } from './services/maintenance';
import { startAuditMonthKeeper } from './services/audit';
import { processingTriggerRoutes } from './routes/processing-trigger';
import { createAnonymousCallLimit, startAnonymousCallWindowCloser } from './routes/anonymous-call-limit';
import {
  deleteExpiredIdempotencyKeys,
  IDEMPOTENCY_EXPIRY_INTERVAL_MS,
  IDEMPOTENCY_RETENTION_HOURS,
} from './routes/idempotency';
import { startIntervalWorker, type IntervalWorker } from './lib/interval-worker';
import type { Handlers } from './routes/handler-types';

declare module 'fastify' {
  interface FastifyInstance {
    /** How account messages (invitations, resets, security notices) leave, and the links' base URL. */
    accountMail: AccountMail;
    /** Every group's name and ID, cached beside the callers' access (the group chooser searches it). */
    groupDirectory: () => Promise<GroupDirectory>;
    /** The box sealing TOTP secrets and pending setups: SECRETS_KEY's key, or the stored one, as the IdP's. */
    secretBox(): Promise<SecretBox>;
    /**
     * The sign-in throttle for passwords checked outside the sign-in form (My Account): counted with
     * the app's own database, not a request's transaction, so a refused change still counts.
     */
    signInThrottle: {
      /** Read with the request's own database handle (a change runs in a transaction). */
      lockedForSeconds(db: Db, email: string, ip: string): Promise<number>;
      /** Counted once the answer is ready, after the change's transaction rolled back. */
      recordFailure(request: FastifyRequest, email: string): void;
    };
    /**
     * Begins shutdown: /readyz answers 503 and the processing worker claims nothing more, while
     * requests are still served. `close()` drains too; call this first to give the balancer time.
     */
    drain(): void;
  }
}

type BuildAppOptions = {
  config: AppConfig;
  db: Db;
  /** For the metrics: which driver, and the PostgreSQL pool's counts when there is one. */
  database?: { driver: DatabaseDriver; poolStats?: () => PoolStats };
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: Writable;
  handlers?: Handlers;
  /** The clock of the windows that calls without a valid token are counted in (tests move it). */
  clock?: () => number;
  /** Instead of SMTP_URL's. */
  mailer?: Mailer;
};

/** Paths of the SPA's own OIDC routes; the embedded provider only redirects back to these. */
function spaRedirects(publicUrl: string) {
  return {
    redirectUris: [`${publicUrl}/signin-oidc`, `${publicUrl}/silentrenew`],
    postLogoutRedirectUris: [`${publicUrl}/logout/callback`, `${publicUrl}/`],
  };
}

const signInPolicyOf = (config: AppConfig) => ({
  ...DEFAULT_THROTTLE_POLICY,
  baseLockSeconds: config.signInLockSeconds,
});

async function tokenVerifier(app: FastifyInstance, config: AppConfig, db: Db) {
  const sessionMaxSeconds = Math.round(config.sessionMaxHours * 3600);
  if (config.oidcAuthority) {
    const authority = config.oidcAuthority.replace(/\/$/, '');
    const discovery = (await (await fetch(`${authority}/.well-known/openid-configuration`)).json()) as {
      issuer: string;
      jwks_uri: string;
    };
    return createTokenVerifier({
      issuer: discovery.issuer,
      audience: config.apiAudience,
      jwks: new URL(discovery.jwks_uri),
      sessionMaxSeconds,
    });
  }
  const issuer = `${config.publicUrl}/idp`;
  const { jwks } = await registerIdentityProvider(app, {
    issuer,
    clientId: config.oidcClientId,
    apiAudience: config.apiAudience,
    db,
    signInPolicy: signInPolicyOf(config),
    sessionMaxSeconds,
    ...(config.secretsKey ? { secretsKey: config.secretsKey } : {}),
    ...spaRedirects(config.publicUrl),
  });
  return createTokenVerifier({
    issuer,
    audience: config.apiAudience,
    jwks,
    isGrantActive: createGrantCheck(db),
    sessionMaxSeconds,
  });
}

/** SMTP_URL's mailer; without one, sending answers that e-mail is not set up (npm start runs a catcher). */
function mailerOf(config: AppConfig): Mailer {
  if (config.smtpUrl) return createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  return {
    send: () => Promise.reject(new Error('E-mail is not set up: SMTP_URL is empty')),
    close: () => undefined,
  };
}

/** The whole server as one plugin tree: identity provider, API, OpenAPI docs and the built SPA. */
export async function buildApp({
  config,
  db,
  database = { driver: 'pglite' },
  logger = false,
  logStream,
  handlers = defaultHandlers,
  clock = Date.now,
  mailer,
}: BuildAppOptions) {
  const app = Fastify({
    logger: logger ? logOptions(config.logLevel, logStream) : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // One line per answer where Fastify writes two (arrival and end): logging was a third of a small
  // call's CPU. A route's own log level (the quiet probes) still applies through request.log.
  if (logger) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
      done();
    });
  }
  let worker: IntervalWorker | null = null;
  let draining = false;
  if (config.processingIntervalMs > 0) {
    app.addHook('onReady', async () => {
      if (draining) return;
      worker = startProcessingWorker(db, config.processingIntervalMs, (err, requestPK) =>
        app.log.error({ err, requestPK }, 'request processing failed'),
      );
    });
  }
  let carrierFeed: IntervalWorker | null = null;
  if (config.carrierFeedIntervalMs > 0) {
    app.addHook('onReady', async () => {
      if (draining) return;
      carrierFeed = startCarrierFeedWorker(db, config.carrierFeedIntervalMs, (err, employerPK) =>
        app.log.error({ err, employerPK }, 'closing a carrier batch failed'),
      );
    });
  }
  let maintenance: IntervalWorker | null = null;
  // PostgreSQL has its own autovacuum; the embedded database has none.
  if (database.driver === 'pglite' && config.maintenanceIntervalMs > 0) {
    app.addHook('onReady', async () => {
      if (draining) return;
      maintenance = startDatabaseMaintenance(
        db,
        config.maintenanceIntervalMs,
        ({ table, ms }) => app.log.info({ table, ms }, 'vacuumed and analyzed'),
        (err) => app.log.error({ err }, 'database maintenance failed'),
      );
    });
  }
  let auditMonthKeeper: IntervalWorker | null = null;
  app.addHook('onReady', async () => {
    if (draining) return;
    auditMonthKeeper = await startAuditMonthKeeper(
      db,
      (made) => app.log.info({ made }, 'audit months added'),
      (err) => app.log.error({ err }, 'adding audit months failed'),
    );
  });
  const anonymousPolicy = { callsPerWindow: config.anonymousCallsPerMinute, windowSeconds: 60 };
  let windowCloser: IntervalWorker | null = null;
  app.addHook('onReady', async () => {
    if (draining) return;
    windowCloser = startAnonymousCallWindowCloser(
      db,
      anonymousPolicy,
      clock,
      ({ throttled }) => {
        if (throttled > 0)
          app.log.warn({ addresses: throttled }, 'addresses went over the limit of calls without a token');
      },
      (err) => app.log.error({ err }, 'closing windows of calls without a token failed'),
    );
  });
  // Keys of retried writes answer for a day; any replica may forget the older ones.
  let keyExpiry: IntervalWorker | null = null;
  app.addHook('onReady', async () => {
    if (draining) return;
    keyExpiry = startIntervalWorker(
      IDEMPOTENCY_EXPIRY_INTERVAL_MS,
      () => deleteExpiredIdempotencyKeys(db, new Date(clock())),
      (err) => app.log.error({ err }, 'forgetting expired idempotency keys failed'),
    );
  });
  app.decorate('drain', () => {
    if (draining) return;
    draining = true;
    app.log.info('draining: not ready, no new processing');
    // Stops claiming at once; the request in hand is awaited when the app closes.
    void worker?.stop();
    void carrierFeed?.stop();
    void maintenance?.stop();
    void auditMonthKeeper?.stop();
    void windowCloser?.stop();
    void keyExpiry?.stop();
  });
  // Also when close() is called without drain() first (tests, a second signal).
  app.addHook('preClose', async () => app.drain());
  app.addHook('onClose', async () => {
    await worker?.stop();
    await carrierFeed?.stop();
    await maintenance?.stop();
    await auditMonthKeeper?.stop();
    await windowCloser?.stop();
    await keyExpiry?.stop();
  });
  const isDraining = () => draining;

  await registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    externalOrigins: config.oidcAuthority ? [new URL(config.oidcAuthority).origin] : [],
  });
  const spaPage = config.serveSpa
    ? await loadSpaPage(config.distDir, { idleTimeoutMinutes: config.idleTimeoutMinutes })
    : null;
  // Before any plugin, so every encapsulated context inherits the problem-body handlers.
  registerProblemHandling(app, { spaPage });
  // Before every other route: the metrics time only routes registered after them.
  if (config.metrics) {
    await registerMetrics(app, { db, ...database, token: config.metricsToken, isDraining });
  }
  await registerHealthRoutes(app, { db, migrationsFolder, migrationsSchema, isDraining, driver: database.driver });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Benefits portal API',
        version: '20250724.2',
        description:
          'Writes safe to retry: a POST or PUT of member data may carry an `Idempotency-Key` header (a quoted ' +
          'string of 1 to 255 printable characters, per caller). The first call with a key is applied and its ' +
          `answer kept for ${IDEMPOTENCY_RETENTION_HOURS} hours; a retry with the same key and request gets that ` +
          'answer again (success or refusal, with `Idempotent-Replayed: true`) without applying it twice. A ' +
          'retry while the first call still runs answers 409 with `Retry-After`; the same key with another ' +
          'request answers 422.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    hideUntagged: true,
    transform: jsonSchemaTransform,
  });
  // The docs page brings inline scripts of its own; it answers with its own CSP, hashes included.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Over plain HTTP (development) upgrading its requests to HTTPS would leave the page without assets.
    transformStaticCSP: (header) =>
      config.publicUrl.startsWith('https://') ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  const accountMailer = mailer ?? mailerOf(config);
  // Pooled SMTP connections stay open between messages: the app's own mailer ends with the app.
  if (!mailer) app.addHook('onClose', async () => accountMailer.close());
  app.decorate('accountMail', {
    mailer: accountMailer,
    publicUrl: config.publicUrl,
    externalSignIn: config.oidcAuthority !== undefined,
  });
  // Loaded here, not at a request: a request's change runs in a transaction, and the key is stored once.
  const secretBox = await loadSecretBox(db, config.secretsKey);
  app.decorate('secretBox', () => Promise.resolve(secretBox));
  const failedSignIns = new WeakMap<FastifyRequest, string>();
  app.decorate('signInThrottle', {
    lockedForSeconds: (handle: Db, email: string, ip: string) => lockedForSeconds(handle, email, ip),
    recordFailure: (request: FastifyRequest, email: string) => void failedSignIns.set(request, email),
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const email = failedSignIns.get(request);
    if (email !== undefined) {
      failedSignIns.delete(request);
      await recordFailedSignIn(db, email, request.ip, signInPolicyOf(config));
    }
    return payload;
  });
  const verify = await tokenVerifier(app, config, db);
  const access = createAccessResolver(db);
  app.decorate('groupDirectory', () => access.groupDirectory());
  const authenticate = async (authorization: string | undefined): Promise<AuthUser> => {
    let token;
    try {
      token = await verify(authorization);
    } catch (error) {
      if (error instanceof AuthError) throw new HttpProblem(401, 'Unauthorized', error.message);
      throw error;
    }
    // An external provider's subject is matched to a user of the portal, whose grants still apply.
    const userId = config.oidcAuthority ? await externalUserId(db, token) : token.sub;
    const user = userId ? await access.accessOf(userId) : null;
    // A deactivated (or removed) user's unexpired tokens stop working as soon as this replica sees it.
    if (!user || user.status !== 'active') throw new HttpProblem(401, 'Unauthorized', 'This account is not active.');
    return { ...token, sub: user.userId, groupRoles: user.groupRoles, access: user };
  };
  const anonymousCalls = createAnonymousCallLimit(db, anonymousPolicy, clock);
  await app.register(apiRoutes, {
    db,
    handlers,
    authenticate,
    anonymousCalls,
    securityHeaders: apiSecurityHeaders(config.publicUrl),
  });

  if (config.processingTriggerToken)
    await app.register(processingTriggerRoutes, { db, token: config.processingTriggerToken });

  if (spaPage) await registerSpaAssets(app, config.distDir);
  return app;
}
