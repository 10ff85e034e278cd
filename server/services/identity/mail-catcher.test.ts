import { once } from 'node:events';
import { request } from 'node:http';
import { connect, createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailCatcherOptionsFromEnv, startMailCatcher, type MailCatcher } from './mail-catcher';
import { passwordResetMail } from './mail-messages';
import { createMailer } from './mailer';

// fetch() will not send a Host header of our choosing; node:http will.
function get(url: string, host?: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: host ? { host } : {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function freePort(): Promise<number> {
  const server = createServer();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    }),
  );
}

describe('mail catcher', () => {
  let catcher: MailCatcher;

  beforeAll(async () => {
    catcher = await startMailCatcher({ smtpPort: 0, webPort: 0 });
  });
  afterAll(async () => {
    await catcher.close();
  });

  it('reads its ports from the environment, defaulting to 1025 and 1080', () => {
    expect(mailCatcherOptionsFromEnv({})).toEqual({ smtpPort: 1025, webPort: 1080 });
    expect(mailCatcherOptionsFromEnv({ MAIL_CATCHER_SMTP_PORT: '2525', MAIL_CATCHER_WEB_PORT: '8025' })).toEqual({
      smtpPort: 2525,
      webPort: 8025,
    });
    expect(mailCatcherOptionsFromEnv({ MAIL_CATCHER_SMTP_PORT: 'x', MAIL_CATCHER_WEB_PORT: '70000' })).toEqual({
      smtpPort: 1025,
      webPort: 1080,
    });
  });

  it('listens on 127.0.0.1 only', () => {
    expect(catcher.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    expect(catcher.inboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('shows mail sent through the mailer in its inbox', async () => {
    const link = 'http://localhost:3000/reset-password#t=dGhpcyBpcyBvbmx5IGEgdGVzdCB0b2tlbiwgbm90IHJlYWw';
    const mailer = createMailer({ smtpUrl: catcher.smtpUrl, from: 'Benefits Portal <no-reply@localhost>' });
    await mailer.send({ to: 'kai@example.com', ...passwordResetMail({ givenName: 'Kai', link, expiresMinutes: 30 }) });
    mailer.close();

    const list = await get(catcher.inboxUrl);
    expect(list.status).toBe(200);
    expect(list.headers['content-security-policy']).toContain("default-src 'none'");
    expect(list.body).toContain('Reset your Benefits Portal password');
    expect(list.body).toContain('kai@example.com');

    const json = JSON.parse((await get(new URL('/messages.json', catcher.inboxUrl).href)).body) as {
      id: number;
      to: string;
      subject: string;
      links: string[];
    }[];
    const caught = json.find((m) => m.to === 'kai@example.com');
    expect(caught?.subject).toBe('Reset your Benefits Portal password');
    expect(caught?.links).toEqual([link]);

    const message = await get(new URL(`/messages/${caught?.id}`, catcher.inboxUrl).href);
    expect(message.body).toContain(`<a href="${link}">${link}</a>`);
    const html = await get(new URL(`/messages/${caught?.id}/html`, catcher.inboxUrl).href);
    expect(html.body).toContain(`href="${link}"`);
    expect(html.headers['content-security-policy']).toContain('sandbox');
  });

  it('survives a client that drops its connection', async () => {
    const { port } = new URL(catcher.smtpUrl);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'data'); // the greeting
    // smtp-server is quiet about a reset outside a transaction; inside one it emits 'error'.
    socket.write('EHLO client.test\r\n');
    await once(socket, 'data');
    socket.write('MAIL FROM:<sender@example.com>\r\n');
    await once(socket, 'data');
    socket.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const mailer = createMailer({ smtpUrl: catcher.smtpUrl, from: 'no-reply@localhost' });
    await mailer.send({ to: 'after.reset@example.com', subject: 'still here', text: 'x', html: '<p>x</p>' });
    mailer.close();
    expect((await get(catcher.inboxUrl)).body).toContain('still here');
  });

  it('answers only to its own host names (no DNS rebinding)', async () => {
    const { port } = new URL(catcher.inboxUrl);
    expect((await get(catcher.inboxUrl, `localhost:${port}`)).status).toBe(200);
    expect((await get(catcher.inboxUrl, `attacker.example:${port}`)).status).toBe(421);
    expect((await get(new URL('/messages/999', catcher.inboxUrl).href)).status).toBe(404);
  });

  it('says which port is taken, and leaves nothing listening', async () => {
    const { port } = new URL(catcher.smtpUrl);
    await expect(startMailCatcher({ smtpPort: Number(port), webPort: 0 })).rejects.toThrow(
      new RegExp(`SMTP server could not listen on 127\\.0\\.0\\.1:${port} \\(EADDRINUSE\\)`),
    );
    // When the web inbox cannot start, the SMTP server it had started is closed again.
    const webPort = Number(new URL(catcher.inboxUrl).port);
    const smtpPort = await freePort();
    await expect(startMailCatcher({ smtpPort, webPort })).rejects.toThrow(/web inbox could not listen/);
    const again = await startMailCatcher({ smtpPort, webPort: 0 });
    expect(again.smtpUrl).toBe(`smtp://127.0.0.1:${smtpPort}`);
    await again.close();
  });
});
