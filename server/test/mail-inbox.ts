import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type InboxMail = { to: string[]; subject: string; text: string; html: string; links: string[] };

export type TestInbox = {
  smtpUrl: string;
  /** Every message received so far, oldest first. */
  messages: InboxMail[];
  /** The first message (already here or still to come) to `to` whose subject matches. */
  waitForMail(to: string, opts?: { subject?: RegExp; timeoutMs?: number }): Promise<InboxMail>;
  close(): Promise<void>;
};

const URL_IN_TEXT = /https?:\/\/[^\s<>"')\]]+/g;

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((group) => group.value.map((a) => (a.address ?? '').toLowerCase())).filter(Boolean);
}

/** A real SMTP server on an ephemeral local port that keeps what it receives, for tests of sent mail. */
export async function startTestInbox(): Promise<TestInbox> {
  const messages: InboxMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          messages.push({
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            links: text.match(URL_IN_TEXT) ?? [],
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A client's broken connection arrives as an 'error' event, which would end the test run unheard.
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, { subject, timeoutMs = 5000 } = {}) {
      const wanted = to.toLowerCase();
      const find = () => messages.find((m) => m.to.includes(wanted) && (!subject || subject.test(m.subject)));
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching mail arrived within ${timeoutMs} ms.`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
