import { createTransport } from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/** Sends mail through the SMTP server of `smtpUrl` (smtp:// or smtps://, credentials in the URL). */
export function createMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  // Nodemailer waits up to 2 minutes to connect and 10 for a stalled server; mail is sent while a request
  // waits, so it gives up sooner. Settings in the URL's query (e.g. ?socketTimeout=) still win.
  // Pooled: invitations and reminders go out in batches, and a connection per message made each one
  // wait for a new SMTP handshake.
  const transport = createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send({ to, subject, text, html }) {
      try {
        await transport.sendMail({ from, to, subject, text, html });
      } catch (err) {
        // Nodemailer's own messages quote the server's reply, which names the recipient; only its codes
        // are kept, and the original is not attached as cause because loggers print causes too.
        const { code, responseCode } = (err ?? {}) as { code?: unknown; responseCode?: unknown };
        const detail = [code, responseCode].filter((part) => typeof part === 'string' || typeof part === 'number');
        throw new Error(`The mail could not be sent${detail.length ? ` (${detail.join(' ')})` : ''}.`);
      }
    },
    close() {
      transport.close();
    },
  };
}
