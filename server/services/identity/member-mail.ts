import type { FastifyBaseLogger } from 'fastify';
import type { UserAccess } from './access';
import { electionsReceivedMail } from './mail-messages';
import type { AccountMail } from './users';

/**
 * Tells the member their elections arrived. The elections are stored whatever the mail does: a
 * failed send is logged (without the address) and the member still sees the statement on screen.
 */
export async function sendElectionsReceived(mail: AccountMail, member: UserAccess, log: FastifyBaseLogger) {
  try {
    await mail.mailer.send({
      to: member.email,
      ...electionsReceivedMail({ givenName: member.givenName, link: `${mail.publicUrl}/my-enrollment` }),
    });
  } catch (err) {
    // The error's text may quote the recipient: only its code is logged.
    log.warn({ code: (err as { code?: unknown }).code }, 'the elections-received mail could not be sent');
  }
}
