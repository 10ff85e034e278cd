import { describe, expect, it } from 'vitest';
import { invitationMail, passwordResetMail, securityNoticeMail } from './mail-messages';

const link = 'https://portal.example.com/invitation#t=abc';

describe('mail messages', () => {
  it('escapes every value in the HTML part', () => {
    const mail = invitationMail({ givenName: '<b>Sam</b>', link, invitedBy: 'A & "B" <script>', expiresDays: 7 });
    expect(mail.html).not.toContain('<b>Sam</b>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hello &lt;b&gt;Sam&lt;/b&gt;,');
    expect(mail.html).toContain('A &amp; &quot;B&quot; &lt;script&gt; invited you');
    // The text part is plain text: nothing to escape.
    expect(mail.text).toContain('A & "B" <script> invited you');
  });

  it('escapes the link in its attribute', () => {
    const mail = passwordResetMail({
      givenName: 'Kai',
      link: 'https://portal.example.com/r?a=1&b=2',
      expiresMinutes: 30,
    });
    expect(mail.html).toContain('href="https://portal.example.com/r?a=1&amp;b=2"');
  });

  it('refuses a link that is not one http(s) URL, without quoting it', () => {
    for (const bad of [
      'javascript:alert(1)',
      'https://a.example/x https://b.example/y',
      '/relative/path',
      'https://a.example/"onmouseover',
    ])
      expect(() => passwordResetMail({ givenName: 'Kai', link: bad, expiresMinutes: 30 })).toThrow(
        /^A mail link must be one http\(s\) URL\.$/,
      );
  });

  it('greets without a name when there is none', () => {
    expect(securityNoticeMail({ givenName: '  ', change: 'password-changed' }).text).toMatch(/^Hello,\n/);
  });

  it('names only the product, the recipient and the inviter', () => {
    const mail = invitationMail({ givenName: 'Sam', link, invitedBy: 'Avery Quinn', expiresDays: 1 });
    expect(mail.text).toBe(
      [
        'Hello Sam,',
        'Avery Quinn invited you to Benefits Portal. Use the link below to set up your account.',
        `Accept the invitation:\n${link}`,
        'The link works once and expires in 1 day.',
        "If you weren't expecting this invitation, you can ignore this e-mail.",
        '— Benefits Portal',
      ].join('\n\n'),
    );
  });
});
