import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { BRAND } from '../../src/contracts/brand';
import { PASSWORD_MIN_LENGTH } from '../../src/contracts/password-rules';
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';
import {
  acceptInvitation,
  activeUserByEmail,
  checkTotp,
  completePasswordReset,
  createResetLink,
  findUsableLink,
  groupsRequireMfa,
  hashPassword,
  newTotpSecret,
  normalEmail,
  passwordProblems,
  passwordResetMail,
  RESET_LINK_MINUTES,
  resetPath,
  securityNoticeMail,
  totpQrSvg,
  totpUri,
  useRecoveryCode,
  useTotpCode,
  type AccountMail,
  type SecretBox,
  type SecurityChange,
  openPending,
  sealPending,
} from '../services/identity';
import {
  enrolTotpPage,
  forgotPasswordPage,
  recoveryCodesPage,
  resetPasswordPage,
  setUpAccountPage,
} from './account-pages';
import { messagePage, PAGE_CSP } from './pages';
import {
  lockedForSeconds,
  lockMessage,
  recordFailedSignIn,
  recordResetRequest,
  recordSuccessfulSignIn,
  resetRequestLockedFor,
  resetWaitMessage,
  type ThrottlePolicy,
} from './sign-in-throttle';

/** What the account pages need from the identity provider plugin. */
export type AccountDeps = {
  db: Db;
  box: SecretBox;
  /** How mail leaves; undefined where the app has no mailer (the provider's own tests). */
  mail: () => AccountMail | undefined;
  mountPath: string;
  signInPolicy: ThrottlePolicy;
  log: FastifyBaseLogger;
};

type Form = Record<string, string> | undefined;

const PORTAL_HOME = '/';
/** Minutes the steps of a form may take. */
const PENDING_SECONDS = 30 * 60;
const MAX_EMAIL_LENGTH = 254;
const PASSWORDS_DIFFER = 'The passwords do not match.';
const WRONG_CODE = 'That code is not right. Check the time on your device and enter the newest code.';

export function sendPage(reply: FastifyReply, html: string, status = 200, csp = PAGE_CSP): FastifyReply {
  return (
    reply
      .code(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', csp)
      // The link token is in the path: it must not leave in a Referer.
      .header('Referrer-Policy', 'no-referrer')
      .send(html)
  );
}

/** An audit row: no password, code, secret or token ever goes in `detail`. */
export async function audit(db: Db, actor: string, action: string, detail: Record<string, unknown>): Promise<void> {
  await db.insert(auditEvents).values({ actor, action, detail });
}

/** Sends a message without failing the request that caused it; a failure is logged without the address. */
export function sendMail(
  deps: AccountDeps,
  to: string,
  message: { subject: string; text: string; html: string },
): Promise<void> {
  const mail = deps.mail();
  if (!mail) {
    deps.log.warn('account mail not sent: no mailer');
    return Promise.resolve();
  }
  return mail.mailer.send({ to, ...message }).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'account mail could not be sent');
  });
}

export function sendNotice(deps: AccountDeps, user: { email: string; givenName: string }, change: SecurityChange) {
  return sendMail(deps, user.email, securityNoticeMail({ givenName: user.givenName, change }));
}

/** The QR code and the enrolment page's other parts for a TOTP secret. */
export async function totpQr(secret: string, email: string): Promise<string> {
  return totpQrSvg(totpUri({ secret, accountName: email, issuer: BRAND.productName }));
}

type InvitationState = {
  userId: string;
  passwordHash: string;
  totpSecret: string;
  /** A group requires a second factor, or the password is shorter than allowed without one. */
  mustEnrol: boolean;
  requiredBecause?: string;
};

function passwordCheck(form: Form, user: { email: string; mfaEnrolled: boolean }) {
  const password = form?.password ?? '';
  const problems = passwordProblems(password, user);
  if (password !== (form?.confirm ?? '')) problems.push(PASSWORDS_DIFFER);
  return { password, problems };
}

/** Invitation, forgotten password and reset pages; register inside the form-parsing scope. */
export function registerAccountRoutes(pages: FastifyInstance, deps: AccountDeps): void {
  const { db, box, mountPath } = deps;

  const invalidInvitation = (reply: FastifyReply) =>
    sendPage(
      reply,
      messagePage({
        title: 'Invitation no longer valid',
        message: 'This invitation link is no longer valid. Ask your administrator for a new one.',
      }),
      400,
    );
  const invalidReset = (reply: FastifyReply) =>
    sendPage(
      reply,
      messagePage({
        title: 'Link no longer valid',
        message: 'This password reset link is no longer valid. Ask for a new one from the sign-in page.',
        link: { href: `${mountPath}/forgot-password`, text: 'Ask for a new link' },
      }),
      400,
    );

  // ---------------------------------------------------------------------------------------------
  // Accepting an invitation: a password, then a second factor (required or offered), then the codes.

  pages.get<{ Params: { token: string } }>('/invitation/:token', async (request, reply) => {
    const link = await findUsableLink(db, request.params.token, 'invitation');
    if (!link) return invalidInvitation(reply);
    const action = `${mountPath}/invitation/${encodeURIComponent(request.params.token)}`;
    return sendPage(reply, setUpAccountPage({ action, email: link.email }));
  });

  pages.post<{ Params: { token: string }; Body: Form }>('/invitation/:token', async (request, reply) => {
    const link = await findUsableLink(db, request.params.token, 'invitation');
    if (!link) return invalidInvitation(reply);
    const action = `${mountPath}/invitation/${encodeURIComponent(request.params.token)}`;
    const form = request.body;

    if (!form?.pending) {
      // Step 1: the password. It may be as short as 8 characters only if a second factor follows.
      const { password, problems } = passwordCheck(form, { email: link.email, mfaEnrolled: true });
      if (problems.length > 0) return sendPage(reply, setUpAccountPage({ action, email: link.email, problems }));
      const groupRequires = await groupsRequireMfa(db, link.userId);
      const short = [...password.normalize('NFKC')].length < PASSWORD_MIN_LENGTH;
      const state: InvitationState = {
        userId: link.userId,
        passwordHash: await hashPassword(password),
        totpSecret: newTotpSecret(),
        mustEnrol: groupRequires || short,
        ...(groupRequires
          ? { requiredBecause: 'Your group requires two-step verification.' }
          : short
            ? {
                requiredBecause: `Your password is shorter than ${PASSWORD_MIN_LENGTH} characters, so two-step verification is required.`,
              }
            : {}),
      };
      return sendPage(reply, await invitationEnrolPage(action, link.email, state, link.tokenHash));
    }

    const state = openPending<InvitationState>(box, form.pending, 'invitation', link.tokenHash);
    if (!state || state.userId !== link.userId) {
      return sendPage(
        reply,
        setUpAccountPage({ action, email: link.email, problems: ['This page expired. Choose your password again.'] }),
      );
    }

    let totp: { sealedSecret: string; step: number } | undefined;
    if (form.skip === 'yes' && !state.mustEnrol) {
      totp = undefined;
    } else {
      const check = checkTotp(form.code ?? '', state.totpSecret, null);
      if (!check.ok) {
        const error = form.skip === 'yes' ? 'Two-step verification is required. Enter the 6-digit code.' : WRONG_CODE;
        return sendPage(reply, await invitationEnrolPage(action, link.email, state, link.tokenHash, error));
      }
      totp = { sealedSecret: box.seal(state.totpSecret), step: check.step };
    }

    const accepted = await acceptInvitation(db, {
      tokenHash: link.tokenHash,
      userId: link.userId,
      passwordHash: state.passwordHash,
      ...(totp ? { totp } : {}),
    });
    if (!accepted) return invalidInvitation(reply);
    await audit(db, link.userId, 'account.invitation-accepted', { ip: request.ip, mfa: Boolean(totp) });
    if (!totp) {
      return sendPage(
        reply,
        messagePage({
          title: 'Your account is ready',
          message: 'Your account is set up. Sign in with your e-mail address and new password.',
          link: { href: PORTAL_HOME, text: 'Continue to sign in' },
        }),
      );
    }
    await audit(db, link.userId, 'account.mfa-enrolled', { ip: request.ip });
    await sendNotice(deps, link, 'mfa-enrolled');
    return sendPage(
      reply,
      recoveryCodesPage({
        codes: accepted.recoveryCodes,
        next: { href: PORTAL_HOME, text: 'Continue to sign in' },
      }),
    );
  });

  async function invitationEnrolPage(
    action: string,
    email: string,
    state: InvitationState,
    tokenHash: string,
    error?: string,
  ): Promise<string> {
    return enrolTotpPage({
      action,
      pending: sealPending(box, 'invitation', tokenHash, state, PENDING_SECONDS),
      qrSvg: await totpQr(state.totpSecret, email),
      secret: state.totpSecret,
      canSkip: !state.mustEnrol,
      ...(state.requiredBecause ? { requiredBecause: state.requiredBecause } : {}),
      ...(error ? { error } : {}),
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Forgotten password: the same answer whether or not the account exists.

  const forgotAction = `${mountPath}/forgot-password`;

  pages.get('/forgot-password', async (_request, reply) =>
    sendPage(reply, forgotPasswordPage({ action: forgotAction })),
  );

  pages.post<{ Body: Form }>('/forgot-password', async (request, reply) => {
    const typed = (request.body?.email ?? '').slice(0, MAX_EMAIL_LENGTH);
    const email = normalEmail(typed);
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
      return sendPage(
        reply,
        forgotPasswordPage({ action: forgotAction, email: typed, error: 'Enter your e-mail address.' }),
      );
    }
    const wait = await resetRequestLockedFor(db, email, request.ip);
    if (wait > 0) {
      return sendPage(
        reply,
        forgotPasswordPage({ action: forgotAction, email: typed, error: resetWaitMessage(wait) }),
        429,
      );
    }
    await recordResetRequest(db, email, request.ip);
    await audit(db, email, 'account.password-reset-requested', { ip: request.ip });
    const user = await activeUserByEmail(db, email);
    if (user) {
      const token = await createResetLink(db, user.userId);
      const mail = deps.mail();
      if (mail) {
        // Not awaited: the answer must not take longer for a real account than for an unknown one.
        void sendMail(
          deps,
          user.email,
          passwordResetMail({
            givenName: user.givenName,
            link: `${mail.publicUrl}${resetPath(token)}`,
            expiresMinutes: RESET_LINK_MINUTES,
          }),
        );
      }
    }
    return sendPage(
      reply,
      messagePage({
        title: 'Check your e-mail',
        message: `If an account exists for that address, we sent a link to choose a new password. The link works once and expires in ${RESET_LINK_MINUTES} minutes.`,
        link: { href: PORTAL_HOME, text: 'Return to sign in' },
      }),
    );
  });

  // ---------------------------------------------------------------------------------------------
  // Reset through the e-mailed link: with two-step verification, the link alone is not enough.

  pages.get<{ Params: { token: string } }>('/reset/:token', async (request, reply) => {
    const link = await findUsableLink(db, request.params.token, 'reset');
    if (!link) return invalidReset(reply);
    const action = `${mountPath}/reset/${encodeURIComponent(request.params.token)}`;
    return sendPage(reply, resetPasswordPage({ action, email: link.email, withSecondFactor: link.hasTotp }));
  });

  pages.post<{ Params: { token: string }; Body: Form }>('/reset/:token', async (request, reply) => {
    const link = await findUsableLink(db, request.params.token, 'reset');
    if (!link) return invalidReset(reply);
    const action = `${mountPath}/reset/${encodeURIComponent(request.params.token)}`;
    const form = request.body;
    const page = (opts: { problems?: string[]; factorError?: string }, status = 200) =>
      sendPage(
        reply,
        resetPasswordPage({ action, email: link.email, withSecondFactor: link.hasTotp, ...opts }),
        status,
      );

    const { password, problems } = passwordCheck(form, { email: link.email, mfaEnrolled: link.hasTotp });
    if (problems.length > 0) return page({ problems });

    let usedRecoveryCode = false;
    if (link.hasTotp) {
      const locked = await lockedForSeconds(db, link.email, request.ip);
      if (locked > 0) {
        await audit(db, link.email, 'signin.refused', { ip: request.ip });
        return page({ factorError: lockMessage(locked) }, 429);
      }
      const code = (form?.code ?? '').trim();
      const recovery = (form?.recovery ?? '').trim();
      usedRecoveryCode = !code && recovery !== '';
      const factor = usedRecoveryCode ? 'recovery-code' : 'totp';
      const ok = usedRecoveryCode
        ? await useRecoveryCode(db, link.userId, recovery)
        : await useTotpCode(db, box, link.userId, code);
      if (!ok) {
        const lockedNow = await recordFailedSignIn(db, link.email, request.ip, deps.signInPolicy);
        await audit(db, link.email, 'signin.failed', { ip: request.ip, factor });
        return lockedNow > 0
          ? page({ factorError: lockMessage(lockedNow) }, 429)
          : page({ factorError: 'Enter the 6-digit code from your authenticator app, or a recovery code.' });
      }
    }

    const changed = await completePasswordReset(db, {
      tokenHash: link.tokenHash,
      userId: link.userId,
      passwordHash: await hashPassword(password),
    });
    if (!changed) return invalidReset(reply);
    await recordSuccessfulSignIn(db, link.email);
    await audit(db, link.userId, 'account.password-reset', { ip: request.ip });
    await sendNotice(deps, link, 'password-changed');
    if (usedRecoveryCode) {
      await audit(db, link.userId, 'account.recovery-code-used', { ip: request.ip });
      await sendNotice(deps, link, 'recovery-code-used');
    }
    return sendPage(
      reply,
      messagePage({
        title: 'Password changed',
        message: 'Your password was changed. Sign in with it.',
        link: { href: PORTAL_HOME, text: 'Sign in' },
      }),
    );
  });
}
