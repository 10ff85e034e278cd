import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { errors, type Interaction, type KoaContextWithOIDC, type Provider } from 'oidc-provider';
import {
  checkTotp,
  enrolTotp,
  factorUser,
  groupsRequireMfa,
  loadSecretBox,
  newTotpSecret,
  passkeySignInOptions,
  recordSignIn,
  relyingPartyOf,
  useRecoveryCode,
  useTotpCode,
  verifyCredentials,
  verifyPasskeySignIn,
  type AccountMail,
  type RelyingParty,
  type SecretBox,
  openPending,
  sealPending,
} from '../services/identity';
import type { Db } from '../db/client';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_DETAIL,
  databaseUnavailableReason,
} from '../db/database-unavailable';
import { auditEvents } from '../db/schema';
import { purgeExpiredModels } from './database-adapter';
import {
  DEFAULT_THROTTLE_POLICY,
  lockedForSeconds,
  lockMessage,
  recordFailedSignIn,
  recordSuccessfulSignIn,
  type ThrottlePolicy,
} from './sign-in-throttle';
import { createIdentityProvider, type IdentityProviderOptions } from './provider';
import { loginPage, messagePage, PAGE_CSP, PASSKEY_PAGE_CSP } from './pages';
import { audit, registerAccountRoutes, sendNotice, sendPage, totpQr, type AccountDeps } from './account-routes';
import { enrolTotpPage, recoveryCodesPage, verifyPage } from './account-pages';
import { loadPasskeyAssets, passkeyScriptTags, registerPasskeyAssets, type PasskeyAssets } from './passkey-assets';
import { SIGNED_OUT_INACTIVITY, SIGNED_OUT_PARAM } from '../../src/contracts/session-limits';

type IdpPluginOptions = {
  provider: Provider;
  /** The first-party client whose consent is granted without asking. */
  clientId: string;
  db: Db;
  signInPolicy: ThrottlePolicy;
  box: SecretBox;
  mail: () => AccountMail | undefined;
  /** The portal's public origin and host: what passkeys are bound to. */
  relyingParty: RelyingParty;
  passkeyAssets: PasskeyAssets;
};

/** Seconds between a correct password and its second factor. */
const SECOND_FACTOR_SECONDS = 10 * 60;
const WRONG_CODE = 'That code is not right. Enter the newest code from your authenticator app.';
const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it was used already.';
const WRONG_PASSKEY = 'That passkey could not be verified. Try again, or use another way.';

/**
 * The first factor passed, waiting for the second: sealed into the page, bound to the interaction. With
 * passkeys, the WebAuthn challenge the page's options carry.
 */
type SignInPending = { userId: string; passwordOkAt: number; challenge?: string };
type VerifyPageOptions = {
  /** The sealed state the page was posted with: shown again, its expiry does not move. */
  sealed?: string;
  hasTotp: boolean;
  error?: string;
  recovery?: boolean;
  passkeyError?: string;
  /** Options already made for this state's challenge (else made again from it). */
  options?: Awaited<ReturnType<typeof passkeySignInOptions>>;
};
type EnrolPending = SignInPending & { totpSecret: string };

const INVALID_CREDENTIALS = 'Invalid email or password.';
const MAX_EMAIL_LENGTH = 254;

/** Failed and refused sign-ins go to the audit trail: the address typed and where it came from. */
async function auditSignIn(db: Db, action: 'signin.failed' | 'signin.refused', email: string, ip: string) {
  await db.insert(auditEvents).values({ actor: email.trim().toLowerCase(), action, detail: { ip } });
}
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

function sendExpired(reply: FastifyReply): FastifyReply {
  return sendPage(
    reply,
    messagePage({
      title: 'Sign-in expired',
      message: 'This sign-in page is no longer valid. Return to the portal and sign in again.',
      link: { href: '/', text: 'Return to the portal' },
    }),
    400,
  );
}

/** The pending interaction for this uid, or undefined when the browser has none (expired, other tab, replay). */
async function findInteraction(
  provider: Provider,
  request: FastifyRequest<{ Params: { uid: string } }>,
  reply: FastifyReply,
): Promise<Interaction | undefined> {
  try {
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    return interaction.uid === request.params.uid ? interaction : undefined;
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return undefined;
    throw error;
  }
}

/** Grants everything the first-party portal asked for, so its users never see a consent screen. */
async function grantConsent(provider: Provider, interaction: Interaction): Promise<string> {
  const { details } = interaction.prompt;
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params.client_id;
  if (!accountId || !clientId) throw new Error('consent prompt without an authenticated session');

  const grant =
    (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
    new provider.Grant({ accountId, clientId });

  const missingOIDCScope = details.missingOIDCScope as string[] | undefined;
  const missingOIDCClaims = details.missingOIDCClaims as string[] | undefined;
  const missingResourceScopes = details.missingResourceScopes as Record<string, string[]> | undefined;
  if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
  if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  return grant.save();
}

/**
 * The identity provider under its path prefix: our login page for interactions, the provider itself
 * for everything else. Register with `{ prefix }` equal to the issuer's path.
 */
const idpPlugin: FastifyPluginAsync<IdpPluginOptions> = async (
  app,
  { provider, clientId, db, signInPolicy, box, mail, relyingParty, passkeyAssets },
) => {
  const mountPath = app.prefix;
  if (!mountPath) throw new Error('idpPlugin must be registered with a prefix equal to the issuer path');
  const loginAction = (uid: string) => `${mountPath}/interaction/${encodeURIComponent(uid)}/login`;
  const verifyAction = (uid: string) => `${mountPath}/interaction/${encodeURIComponent(uid)}/verify`;
  const enrolAction = (uid: string) => `${mountPath}/interaction/${encodeURIComponent(uid)}/enrol`;
  const passkeyAction = (uid: string) => `${mountPath}/interaction/${encodeURIComponent(uid)}/passkey`;
  const forgotPasswordHref = `${mountPath}/forgot-password`;
  const deps: AccountDeps = { db, box, mail, mountPath, signInPolicy, log: app.log };

  /**
   * The second-factor page: "Use a passkey" when the state carries a challenge and the user still has
   * passkeys (then the page loads its two script files, and its CSP allows them), the code forms with TOTP.
   */
  const sendVerifyPage = async (
    reply: FastifyReply,
    uid: string,
    pending: SignInPending,
    opts: VerifyPageOptions,
    status = 200,
  ): Promise<FastifyReply> => {
    const options =
      opts.options ??
      (pending.challenge ? await passkeySignInOptions(db, relyingParty, pending.userId, pending.challenge) : undefined);
    const html = verifyPage({
      action: verifyAction(uid),
      pending: opts.sealed ?? sealPending(box, 'signin', uid, pending, SECOND_FACTOR_SECONDS),
      totp: opts.hasTotp,
      ...(opts.error ? { error: opts.error } : {}),
      ...(opts.recovery ? { recovery: true } : {}),
      ...(options
        ? {
            passkey: {
              action: passkeyAction(uid),
              options: JSON.stringify(options),
              scripts: passkeyScriptTags(passkeyAssets),
              ...(opts.passkeyError ? { error: opts.passkeyError } : {}),
            },
          }
        : {}),
    });
    return sendPage(reply, html, status, options ? PASSKEY_PAGE_CSP : PAGE_CSP);
  };
  const enrolPageFor = async (uid: string, pending: EnrolPending, email: string, error?: string) =>
    enrolTotpPage({
      action: enrolAction(uid),
      pending: sealPending(box, 'signin-enrol', uid, pending, SECOND_FACTOR_SECONDS),
      qrSvg: await totpQr(pending.totpSecret, email),
      secret: pending.totpSecret,
      canSkip: false,
      requiredBecause: 'Your group requires two-step verification. Set it up to continue.',
      ...(error ? { error } : {}),
    });
  /** The sign-in is complete: the provider carries on with the authorization request. */
  const finishLogin = (request: FastifyRequest, reply: FastifyReply, userId: string): Promise<string> =>
    provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: userId } },
      { mergeWithLastSubmission: false },
    );

  await app.register(async (pages) => {
    // Own form parser, scoped here, so whatever body parsers the app registers do not matter.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    pages.get<{ Params: { uid: string } }>('/interaction/:uid', async (request, reply) => {
      const interaction = await findInteraction(provider, request, reply);
      if (!interaction) return sendExpired(reply);

      switch (interaction.prompt.name) {
        case 'login':
          return sendPage(
            reply,
            loginPage({
              action: loginAction(interaction.uid),
              forgotPasswordHref,
              signedOutForInactivity: interaction.params[SIGNED_OUT_PARAM] === SIGNED_OUT_INACTIVITY,
            }),
          );
        case 'consent': {
          if (interaction.params.client_id !== clientId) {
            return sendPage(
              reply,
              messagePage({ title: 'Sign-in problem', message: 'This application is not known to the portal.' }),
              400,
            );
          }
          const grantId = await grantConsent(provider, interaction);
          const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
          return reply.redirect(returnTo, 303);
        }
        default:
          return sendExpired(reply);
      }
    });

    pages.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
      '/interaction/:uid/login',
      async (request, reply) => {
        const interaction = await findInteraction(provider, request, reply);
        if (!interaction || interaction.prompt.name !== 'login') return sendExpired(reply);

        const email = (request.body?.email ?? '').slice(0, MAX_EMAIL_LENGTH);
        const password = request.body?.password ?? '';
        const page = (error: string, status = 200) =>
          sendPage(
            reply,
            loginPage({ action: loginAction(interaction.uid), forgotPasswordHref, email, error }),
            status,
          );
        if (!email || !password) return page(INVALID_CREDENTIALS);

        // A locked account or address is refused before its password is even looked at.
        const locked = await lockedForSeconds(db, email, request.ip);
        if (locked > 0) {
          await auditSignIn(db, 'signin.refused', email, request.ip);
          return page(lockMessage(locked), 429);
        }
        const account = await verifyCredentials(db, email, password);
        if (!account) {
          const lockedNow = await recordFailedSignIn(db, email, request.ip, signInPolicy);
          await auditSignIn(db, 'signin.failed', email, request.ip);
          return lockedNow > 0 ? page(lockMessage(lockedNow), 429) : page(INVALID_CREDENTIALS);
        }
        // With a second factor to come, the account's failure count stays until it is given: a correct
        // password must not reset the count of wrong codes.
        const factors = await factorUser(db, account.userId);
        const options = await passkeySignInOptions(db, relyingParty, account.userId);
        const pending: SignInPending = {
          userId: account.userId,
          passwordOkAt: Date.now(),
          ...(options ? { challenge: options.challenge } : {}),
        };
        if (factors?.hasTotp || options) {
          return sendVerifyPage(reply, interaction.uid, pending, {
            hasTotp: factors?.hasTotp ?? false,
            ...(options ? { options } : {}),
          });
        }
        if (await groupsRequireMfa(db, account.userId)) {
          return sendPage(
            reply,
            await enrolPageFor(interaction.uid, { ...pending, totpSecret: newTotpSecret() }, account.email),
          );
        }

        await recordSuccessfulSignIn(db, email);
        await recordSignIn(db, account.userId);
        return reply.redirect(await finishLogin(request, reply, account.userId), 303);
      },
    );

    pages.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
      '/interaction/:uid/verify',
      async (request, reply) => {
        const interaction = await findInteraction(provider, request, reply);
        if (!interaction || interaction.prompt.name !== 'login') return sendExpired(reply);
        const pending = openPending<SignInPending>(box, request.body?.pending, 'signin', interaction.uid);
        const user = pending ? await factorUser(db, pending.userId) : undefined;
        if (!pending || !user || user.status !== 'active' || !user.hasTotp) return sendExpired(reply);

        const recovery = request.body?.recovery !== undefined && request.body.code === undefined;
        const factor = recovery ? 'recovery-code' : 'totp';
        const page = (error: string, status = 200) =>
          sendVerifyPage(
            reply,
            interaction.uid,
            pending,
            { sealed: request.body?.pending ?? '', hasTotp: true, error, recovery },
            status,
          );

        const locked = await lockedForSeconds(db, user.email, request.ip);
        if (locked > 0) {
          await audit(db, user.email, 'signin.refused', { ip: request.ip, factor });
          return page(lockMessage(locked), 429);
        }
        const ok = recovery
          ? await useRecoveryCode(db, user.userId, request.body?.recovery ?? '')
          : await useTotpCode(db, box, user.userId, request.body?.code ?? '');
        if (!ok) {
          const lockedNow = await recordFailedSignIn(db, user.email, request.ip, signInPolicy);
          await audit(db, user.email, 'signin.failed', { ip: request.ip, factor });
          return lockedNow > 0 ? page(lockMessage(lockedNow), 429) : page(recovery ? WRONG_RECOVERY_CODE : WRONG_CODE);
        }
        await recordSuccessfulSignIn(db, user.email);
        await recordSignIn(db, user.userId);
        if (recovery) {
          await audit(db, user.userId, 'account.recovery-code-used', { ip: request.ip });
          await sendNotice(deps, user, 'recovery-code-used');
        }
        return reply.redirect(await finishLogin(request, reply, user.userId), 303);
      },
    );

    // The passkey's answer to the challenge of the page (posted by its script): counted like a code.
    pages.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
      '/interaction/:uid/passkey',
      async (request, reply) => {
        const interaction = await findInteraction(provider, request, reply);
        if (!interaction || interaction.prompt.name !== 'login') return sendExpired(reply);
        const pending = openPending<SignInPending>(box, request.body?.pending, 'signin', interaction.uid);
        const user = pending?.challenge ? await factorUser(db, pending.userId) : undefined;
        if (!pending?.challenge || !user || user.status !== 'active') return sendExpired(reply);

        const factor = 'passkey';
        const page = (passkeyError: string, status = 200) =>
          sendVerifyPage(
            reply,
            interaction.uid,
            pending,
            { sealed: request.body?.pending ?? '', hasTotp: user.hasTotp, passkeyError },
            status,
          );

        const locked = await lockedForSeconds(db, user.email, request.ip);
        if (locked > 0) {
          await audit(db, user.email, 'signin.refused', { ip: request.ip, factor });
          return page(lockMessage(locked), 429);
        }
        const ok = await verifyPasskeySignIn(db, relyingParty, user.userId, pending.challenge, request.body?.response);
        if (!ok) {
          const lockedNow = await recordFailedSignIn(db, user.email, request.ip, signInPolicy);
          await audit(db, user.email, 'signin.failed', { ip: request.ip, factor });
          return lockedNow > 0 ? page(lockMessage(lockedNow), 429) : page(WRONG_PASSKEY);
        }
        await recordSuccessfulSignIn(db, user.email);
        await recordSignIn(db, user.userId);
        return reply.redirect(await finishLogin(request, reply, user.userId), 303);
      },
    );

    // A user whose group requires a second factor and who has none sets one up before going on.
    pages.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
      '/interaction/:uid/enrol',
      async (request, reply) => {
        const interaction = await findInteraction(provider, request, reply);
        if (!interaction || interaction.prompt.name !== 'login') return sendExpired(reply);
        const pending = openPending<EnrolPending>(box, request.body?.pending, 'signin-enrol', interaction.uid);
        const user = pending ? await factorUser(db, pending.userId) : undefined;
        if (!pending || !user || user.status !== 'active') return sendExpired(reply);
        // Set up meanwhile (another tab): the code of that app is asked for instead.
        if (user.hasTotp) {
          const { userId, passwordOkAt } = pending;
          return sendVerifyPage(reply, interaction.uid, { userId, passwordOkAt }, { hasTotp: true });
        }

        const check = checkTotp(request.body?.code ?? '', pending.totpSecret, null);
        if (!check.ok) return sendPage(reply, await enrolPageFor(interaction.uid, pending, user.email, WRONG_CODE));
        const codes = await enrolTotp(db, user.userId, {
          sealedSecret: box.seal(pending.totpSecret),
          step: check.step,
        });
        if (!codes) return sendExpired(reply);
        await audit(db, user.userId, 'account.mfa-enrolled', { ip: request.ip });
        await sendNotice(deps, user, 'mfa-enrolled');
        await recordSuccessfulSignIn(db, user.email);
        await recordSignIn(db, user.userId);
        const returnTo = await finishLogin(request, reply, user.userId);
        return sendPage(reply, recoveryCodesPage({ codes, next: { href: returnTo, text: 'Continue' } }));
      },
    );

    registerAccountRoutes(pages, deps);
    registerPasskeyAssets(pages, passkeyAssets, mountPath);
  });

  await app.register(async (passthrough) => {
    // The provider reads request bodies itself: leave the stream untouched.
    passthrough.removeAllContentTypeParsers();
    passthrough.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const handle = provider.callback();
    passthrough.all('/*', async (request, reply) => {
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? '';
      if (!url.startsWith(`${mountPath}/`)) return reply.code(404).send();

      reply.hijack();
      // The provider routes on the path below the mount point and rebuilds its public URLs from the
      // prefix that originalUrl adds, the same contract Express mounting gives it.
      raw.originalUrl = url;
      raw.url = url.slice(mountPath.length);
      await handle(raw, reply.raw);
    });
  });
};

/**
 * The provider answers a failure it did not expect as a 500 server_error: a database that cannot be
 * reached becomes a 503 to retry instead, as on the API. Its error pages say so (renderError in
 * provider.ts); a JSON answer is replaced here.
 */
function answerDatabaseUnavailable(ctx: KoaContextWithOIDC) {
  ctx.status = 503;
  ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
  if (!ctx.type.includes('html')) {
    ctx.body = { error: 'temporarily_unavailable', error_description: DATABASE_UNAVAILABLE_DETAIL };
  }
}

/**
 * Creates the development identity provider and mounts it under the issuer's path (e.g. /idp).
 * Returns the public key set the API verifies access tokens with.
 */
export async function registerIdentityProvider(
  app: FastifyInstance,
  opts: IdentityProviderOptions,
): Promise<{ jwks: JSONWebKeySet; provider: Provider }> {
  const prefix = new URL(opts.issuer).pathname.replace(/\/$/, '');
  if (!prefix) throw new Error('The identity provider issuer needs a path, e.g. http://localhost:3000/idp');

  const { provider, jwks } = await createIdentityProvider(opts);
  provider.on('server_error', (ctx, error) => {
    const unavailable = databaseUnavailableReason(error);
    if (!unavailable) return app.log.error({ err: error }, 'identity provider error');
    app.log.warn({ reason: unavailable }, 'database unavailable');
    answerDatabaseUnavailable(ctx as KoaContextWithOIDC);
  });
  // Expired rows are never read again; any replica may reclaim them.
  const purge = setInterval(() => {
    purgeExpiredModels(opts.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'purging expired identity provider rows failed'),
    );
  }, PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  const box = await loadSecretBox(opts.db, opts.secretsKey);
  // The app's mailer (decorated before the provider is registered); a bare provider has none.
  const mail = () => opts.mail ?? (app.hasDecorator('accountMail') ? app.accountMail : undefined);
  await app.register(idpPlugin, {
    prefix,
    provider,
    clientId: opts.clientId,
    db: opts.db,
    signInPolicy: opts.signInPolicy ?? DEFAULT_THROTTLE_POLICY,
    box,
    mail,
    relyingParty: relyingPartyOf(opts.issuer),
    passkeyAssets: loadPasskeyAssets(prefix),
  });
  return { jwks, provider };
}
