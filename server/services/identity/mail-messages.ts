import { BRAND } from '../../../src/contracts/brand';
import { escapeHtml } from '../../lib/html';

/** A message's subject and its two bodies; the caller adds the recipient. */
export type MailContent = { subject: string; text: string; html: string };

export type SecurityChange =
  'password-changed' | 'mfa-enrolled' | 'mfa-reset' | 'mfa-removed' | 'recovery-code-used' | 'passkey-added';

const PRODUCT = BRAND.productName;
const IF_NOT_YOU = "If this wasn't you, contact your group administrator.";

// Mail leaves our systems in the clear: it carries no member data (PHI), only the product name and the
// recipient's own first name, and at most one link, which is the single-use one.

function greeting(givenName: string): string {
  const name = givenName.trim();
  return name ? `Hello ${name},` : 'Hello,';
}

function checkedLink(link: string): string {
  // The URL is never put in the message: it holds the token.
  if (!/^https?:\/\/[^\s<>"']+$/.test(link)) throw new Error('A mail link must be one http(s) URL.');
  return link;
}

type Body = { givenName: string; paragraphs: string[]; action?: { label: string; link: string }; after?: string[] };

function render({ givenName, paragraphs, action, after = [] }: Body): { text: string; html: string } {
  const text = [
    greeting(givenName),
    ...paragraphs,
    ...(action ? [`${action.label}:\n${action.link}`] : []),
    ...after,
    `— ${PRODUCT}`,
  ].join('\n\n');
  const p = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  // The link appears once, as the button's target: a second copy as visible text would be a second link.
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.link)}" style="background:${BRAND.primary};color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>`
    : '';
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${escapeHtml(PRODUCT)}</title></head>`,
    `<body style="margin:0;padding:24px;background:${BRAND.background};font-family:Arial,Helvetica,sans-serif;color:#202124">`,
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">',
    p(greeting(givenName)),
    ...paragraphs.map(p),
    button,
    ...after.map(p),
    `<p style="margin:24px 0 0;color:#5f6368">— ${escapeHtml(PRODUCT)}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
  return { text, html };
}

/** The invitation to a new user: whom it is from, and the link to set up the account. */
export function invitationMail({
  givenName,
  link,
  invitedBy,
  expiresDays,
  externalSignIn = false,
}: {
  givenName: string;
  link: string;
  invitedBy: string;
  expiresDays: number;
  /** The portal signs in through the organisation's own provider: the link is the portal, not a one-time link. */
  externalSignIn?: boolean;
}): MailContent {
  return {
    subject: `You're invited to ${PRODUCT}`,
    ...render({
      givenName,
      paragraphs: [
        externalSignIn
          ? `${invitedBy.trim()} invited you to ${PRODUCT}. Open it with the link below and sign in with your organisation's account.`
          : `${invitedBy.trim()} invited you to ${PRODUCT}. Use the link below to set up your account.`,
      ],
      action: { label: externalSignIn ? `Open ${PRODUCT}` : 'Accept the invitation', link: checkedLink(link) },
      after: [
        ...(externalSignIn
          ? []
          : [`The link works once and expires in ${expiresDays} ${expiresDays === 1 ? 'day' : 'days'}.`]),
        "If you weren't expecting this invitation, you can ignore this e-mail.",
      ],
    }),
  };
}

/** The link to choose a new password, sent on request. */
export function passwordResetMail({
  givenName,
  link,
  expiresMinutes,
}: {
  givenName: string;
  link: string;
  expiresMinutes: number;
}): MailContent {
  return {
    subject: `Reset your ${PRODUCT} password`,
    ...render({
      givenName,
      paragraphs: [
        `Someone asked to reset the password of your ${PRODUCT} account. Use the link below to choose a new one.`,
      ],
      action: { label: 'Choose a new password', link: checkedLink(link) },
      after: [
        `The link works once and expires in ${expiresMinutes} minutes.`,
        "If you didn't ask for this, you can ignore this e-mail: your password stays as it is.",
      ],
    }),
  };
}

const NOTICES: Record<SecurityChange, { subject: string; sentence: string }> = {
  'password-changed': {
    subject: 'your password was changed',
    sentence: `The password of your ${PRODUCT} account was changed.`,
  },
  'mfa-enrolled': {
    subject: 'two-step verification was set up',
    sentence: `An authenticator app was set up for two-step verification on your ${PRODUCT} account.`,
  },
  'mfa-reset': {
    subject: 'your two-step verification was reset',
    sentence: `Two-step verification on your ${PRODUCT} account was reset. You will set it up again at your next sign-in.`,
  },
  'mfa-removed': {
    subject: 'two-step verification was turned off',
    sentence: `Two-step verification was turned off for your ${PRODUCT} account.`,
  },
  'recovery-code-used': {
    subject: 'a recovery code was used',
    sentence: `A recovery code was used to sign in to your ${PRODUCT} account. That code cannot be used again.`,
  },
  'passkey-added': {
    subject: 'a passkey was added',
    sentence: `A passkey was added to your ${PRODUCT} account.`,
  },
};

/** A notice of a change to how the account signs in, sent after the fact. No link: a real notice never asks for a click. */
export function securityNoticeMail({ givenName, change }: { givenName: string; change: SecurityChange }): MailContent {
  const notice = NOTICES[change];
  return {
    subject: `Security notice: ${notice.subject}`,
    ...render({ givenName, paragraphs: [notice.sentence, IF_NOT_YOU] }),
  };
}

/** After a member submits open enrollment elections: the fact, and the link to see them (no PHI). */
export function electionsReceivedMail({ givenName, link }: { givenName: string; link: string }): MailContent {
  return {
    subject: 'Your open enrollment elections were received',
    ...render({
      givenName,
      paragraphs: [
        'We received your open enrollment elections. Your confirmation statement is ready.',
        'You can change your elections until open enrollment closes.',
      ],
      action: { label: 'See your elections', link: checkedLink(link) },
    }),
  };
}

/** A reminder that open enrollment closes soon and the member's elections are not in (no PHI). */
export function enrollmentReminderMail({
  givenName,
  link,
  closesOn,
}: {
  givenName: string;
  link: string;
  closesOn: string;
}): MailContent {
  return {
    subject: `Open enrollment closes on ${closesOn}`,
    ...render({
      givenName,
      paragraphs: [
        `Open enrollment for your benefits closes on ${closesOn}, and your elections are not in yet.`,
        "Sign in to compare next year's plans and choose your coverage.",
      ],
      action: { label: 'Choose your coverage', link: checkedLink(link) },
    }),
  };
}
