import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../lib/html';
import { startTestInbox, type TestInbox } from '../../test/mail-inbox';
import { invitationMail, passwordResetMail, securityNoticeMail, type SecurityChange } from './mail-messages';
import { createMailer, type Mailer } from './mailer';

const URL_ANYWHERE = /https?:\/\/[^\s<>"')]+/g;
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe('mailer', () => {
  let inbox: TestInbox;
  let mailer: Mailer;

  beforeAll(async () => {
    inbox = await startTestInbox();
    mailer = createMailer({ smtpUrl: inbox.smtpUrl, from: 'Benefits Portal <no-reply@portal.test>' });
  });
  afterAll(async () => {
    mailer.close();
    await inbox.close();
  });

  it('delivers an invitation holding its link exactly once', async () => {
    const link = 'http://localhost:3000/invitation#t=Q2hhbmdlIG1lIGlmIHlvdSBjYW4gcmVhZCB0aGlzIQ';
    await mailer.send({
      to: 'new.user@example.com',
      ...invitationMail({ givenName: 'Sam', link, invitedBy: 'Avery Quinn', expiresDays: 7 }),
    });
    const mail = await inbox.waitForMail('new.user@example.com', { subject: /invited/ });
    expect(mail.subject).toBe("You're invited to Benefits Portal");
    expect(mail.links).toEqual([link]);
    expect(count(mail.text, link)).toBe(1);
    expect(count(mail.html, escapeHtml(link))).toBe(1);
    expect(mail.html.match(URL_ANYWHERE)).toEqual([link]);
    expect(mail.text).toContain('Hello Sam,');
    expect(mail.text).toContain('Avery Quinn invited you to Benefits Portal');
    expect(mail.text).toContain('expires in 7 days');
  });

  it('delivers a password reset holding its link exactly once', async () => {
    const link = 'https://portal.example.com/reset-password#t=Zm9yIHRoZSB0ZXN0IG9ubHkgKioqKioqKioqKioqKioq';
    await mailer.send({
      to: 'Member.Admin@Example.com',
      ...passwordResetMail({ givenName: 'Kai', link, expiresMinutes: 30 }),
    });
    const mail = await inbox.waitForMail('member.admin@example.com', { subject: /Reset/ });
    expect(mail.subject).toBe('Reset your Benefits Portal password');
    expect(mail.links).toEqual([link]);
    expect(count(mail.html, link)).toBe(1);
    expect(mail.html.match(URL_ANYWHERE)).toEqual([link]);
    expect(mail.text).toContain('expires in 30 minutes');
  });

  const changes: [SecurityChange, string][] = [
    ['password-changed', 'Security notice: your password was changed'],
    ['mfa-enrolled', 'Security notice: two-step verification was set up'],
    ['mfa-reset', 'Security notice: your two-step verification was reset'],
    ['mfa-removed', 'Security notice: two-step verification was turned off'],
    ['recovery-code-used', 'Security notice: a recovery code was used'],
    ['passkey-added', 'Security notice: a passkey was added'],
  ];
  it.each(changes)('delivers the %s notice with no link', async (change, subject) => {
    const to = `${change}@example.com`;
    await mailer.send({ to, ...securityNoticeMail({ givenName: 'Kai', change }) });
    const mail = await inbox.waitForMail(to);
    expect(mail.subject).toBe(subject);
    expect(mail.links).toEqual([]);
    expect(mail.html.match(URL_ANYWHERE)).toBeNull();
    expect(mail.text).toContain("If this wasn't you, contact your group administrator.");
    expect(mail.html).toContain('If this wasn&#39;t you, contact your group administrator.');
  });

  it('throws an error that names no address when the server is gone', async () => {
    const gone = await startTestInbox();
    await gone.close();
    const dead = createMailer({ smtpUrl: gone.smtpUrl, from: 'no-reply@portal.test' });
    const error = await dead.send({ to: 'secret.person@example.com', subject: 's', text: 't', html: '<p>t</p>' }).then(
      () => null,
      (err: Error) => err,
    );
    dead.close();
    expect(error?.message).toMatch(/^The mail could not be sent/);
    expect(error?.message).not.toMatch(/@|example|127\.0\.0\.1/);
    expect(error?.cause).toBeUndefined();
  });
});
