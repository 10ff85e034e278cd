import type { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AddressObject } from 'mailparser';
import { BRAND } from '../../../src/contracts/brand';
import { escapeHtml } from '../../lib/html';

// smtp-server + mailparser with a small inbox of our own rather than maildev: maildev 3 installs and runs
// in process, but brings ~270 packages (jsdom, socket.io, an MCP server, a second zod and nodemailer), and
// its API's CORS setting defaults to every origin with credentials, which would let any page open in the
// developer's browser read the password-reset links it holds.

const HOST = '127.0.0.1';
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

export type MailCatcherOptions = {
  /** 0 picks a free port (tests). */
  smtpPort: number;
  webPort: number;
  /** The oldest messages are dropped past this many. */
  maxMessages?: number;
};

export type MailCatcher = { smtpUrl: string; inboxUrl: string; close(): Promise<void> };

type Caught = { id: number; date: Date; from: string; to: string; subject: string; text: string; html: string };

/** MAIL_CATCHER_SMTP_PORT (default 1025) and MAIL_CATCHER_WEB_PORT (default 1080). */
export function mailCatcherOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): MailCatcherOptions {
  const port = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return value && Number.isInteger(n) && n >= 0 && n <= 65535 ? n : fallback;
  };
  return { smtpPort: port(env.MAIL_CATCHER_SMTP_PORT, 1025), webPort: port(env.MAIL_CATCHER_WEB_PORT, 1080) };
}

const addressText = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).map((a) => a.text).join(', ');

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:${BRAND.fontFamily};margin:24px;color:#202124}table{border-collapse:collapse;width:100%}
td,th{text-align:left;padding:6px 10px;border-bottom:1px solid #ddd}pre{white-space:pre-wrap;background:#f4f6f8;padding:12px}
iframe{width:100%;height:480px;border:1px solid #ddd}</style></head><body>${body}</body></html>`;

const linkify = (text: string) => escapeHtml(text).replace(URL_IN_TEXT, (url) => `<a href="${url}">${url}</a>`);

function listening(
  server: EventEmitter & { listen(port: number, host: string, cb: () => void): unknown },
  port: number,
  what: string,
) {
  return new Promise<void>((resolve, reject) => {
    const failed = (err: NodeJS.ErrnoException) =>
      reject(new Error(`The mail catcher's ${what} could not listen on ${HOST}:${port} (${err.code ?? err.message}).`));
    server.once('error', failed);
    server.listen(port, HOST, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/**
 * The development mail catcher (`npm start` without SMTP_URL): an SMTP server that accepts any mail and
 * a web inbox to read it, both on 127.0.0.1 only. Mail is kept in memory, never delivered.
 */
export async function startMailCatcher({
  smtpPort,
  webPort,
  maxMessages = 200,
}: MailCatcherOptions): Promise<MailCatcher> {
  // Loaded here, not with the server: a server that sends through SMTP_URL never needs them (9 MB of heap).
  const [{ SMTPServer }, { simpleParser }] = await Promise.all([import('smtp-server'), import('mailparser')]);
  const messages: Caught[] = [];
  let nextId = 1;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push({
            id: nextId++,
            date: new Date(),
            from: addressText(mail.from),
            to: addressText(mail.to),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          if (messages.length > maxMessages) messages.splice(0, messages.length - maxMessages);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });

  let allowedHosts: Set<string> = new Set();
  const web = createServer((req: IncomingMessage, res: ServerResponse) => {
    const send = (
      status: number,
      type: string,
      body: string,
      csp = "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'",
    ) => {
      res.writeHead(status, {
        'content-type': type,
        'content-security-policy': csp,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
      });
      res.end(body);
    };
    // Refusing other Host names stops a DNS-rebinding page from reading the inbox (it holds reset links).
    if (!allowedHosts.has(req.headers.host ?? '')) return send(421, 'text/plain; charset=utf-8', 'Unknown host.');
    if (req.method !== 'GET') return send(405, 'text/plain; charset=utf-8', 'Method not allowed.');
    const path = new URL(req.url ?? '/', 'http://inbox').pathname;
    if (path === '/') {
      const rows = [...messages]
        .reverse()
        .map(
          (m) =>
            `<tr><td>${escapeHtml(m.date.toISOString())}</td><td>${escapeHtml(m.to)}</td><td><a href="/messages/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td></tr>`,
        )
        .join('');
      const table = rows
        ? `<table><tr><th>Received</th><th>To</th><th>Subject</th></tr>${rows}</table>`
        : '<p>No mail yet.</p>';
      return send(200, 'text/html; charset=utf-8', page('Mail catcher', `<h1>Mail catcher</h1>${table}`));
    }
    if (path === '/messages.json') {
      const body = messages.map((m) => ({ ...m, links: m.text.match(URL_IN_TEXT) ?? [] }));
      return send(200, 'application/json; charset=utf-8', JSON.stringify(body));
    }
    const match = /^\/messages\/(\d+)(\/html)?$/.exec(path);
    const message = match && messages.find((m) => m.id === Number(match[1]));
    if (!match || !message) return send(404, 'text/plain; charset=utf-8', 'Not found.');
    if (match[2]) {
      // The mail's own HTML, framed by the message page: no scripts, and its links open outside the frame.
      return send(
        200,
        'text/html; charset=utf-8',
        message.html,
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox allow-popups allow-popups-to-escape-sandbox",
      );
    }
    const html = message.html
      ? `<h2>HTML</h2><iframe src="/messages/${message.id}/html" title="HTML part"></iframe>`
      : '';
    return send(
      200,
      'text/html; charset=utf-8',
      page(
        message.subject,
        `<p><a href="/">All mail</a></p><h1>${escapeHtml(message.subject || '(no subject)')}</h1>
<p>From: ${escapeHtml(message.from)}<br>To: ${escapeHtml(message.to)}<br>Received: ${escapeHtml(message.date.toISOString())}</p>
<h2>Text</h2><pre>${linkify(message.text)}</pre>${html}`,
      ),
    );
  });

  await listening(smtp, smtpPort, 'SMTP server');
  try {
    await listening(web, webPort, 'web inbox');
  } catch (err) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw err;
  }
  // smtp-server reports a client's broken connection as an 'error' event, which would end the process
  // with no listener; the catcher has nothing to do about one.
  smtp.on('error', () => {});
  const boundSmtp = (smtp.server.address() as AddressInfo).port;
  const boundWeb = (web.address() as AddressInfo).port;
  allowedHosts = new Set([`${HOST}:${boundWeb}`, `localhost:${boundWeb}`]);

  return {
    smtpUrl: `smtp://${HOST}:${boundSmtp}`,
    inboxUrl: `http://${HOST}:${boundWeb}/`,
    async close() {
      web.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => web.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
