import type { FastifyRequest } from 'fastify';
import {
  finishPasskeyRegistration,
  relyingPartyOf,
  removePasskey,
  securityNoticeMail,
  startPasskeyRegistration,
} from '../services/identity';
import type { Handlers } from './handler-types';

/** The relying party is the portal's public URL: its host names the passkeys, its origin signs with them. */
const relyingParty = (request: FastifyRequest) => relyingPartyOf(request.server.accountMail.publicUrl);

/** The caller's own passkeys (My Account): registration with WebAuthn, and removal. */
export const passkeyHandlers = {
  startPasskeyRegistration: async ({ db, user, request }) =>
    startPasskeyRegistration(db, await request.server.secretBox(), relyingParty(request), user.access.userId),

  finishPasskeyRegistration: async ({ db, user, body, request }) => {
    const passkey = await finishPasskeyRegistration(
      db,
      await request.server.secretBox(),
      relyingParty(request),
      user.access.userId,
      body,
    );
    // The notice does not undo the passkey when it cannot be sent: it is logged instead.
    const message = securityNoticeMail({ givenName: user.access.givenName, change: 'passkey-added' });
    await request.server.accountMail.mailer
      .send({ to: user.access.email, ...message })
      .catch((error: unknown) => request.log.warn({ err: error }, 'passkey notice could not be sent'));
    return { passkey };
  },

  removePasskey: async ({ db, user, body }) => {
    await removePasskey(db, user.access.userId, body.id);
    return { ok: true as const };
  },
} satisfies Handlers;
