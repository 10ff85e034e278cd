import { escapeHtml } from '../lib/html';
import { PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH_WITH_MFA } from '../../src/contracts/password-rules';
import { layout } from './pages';

// The account pages of the identity provider (invitation, two-step verification, password reset), in
// the style of pages.ts: self-contained, no script, every value escaped. Forms post to their own path.

const ANY_CHARACTERS =
  'Any characters are allowed, spaces too. Common passwords and ones containing your e-mail address are refused.';
export const PASSWORD_RULES = `Use at least ${PASSWORD_MIN_LENGTH} characters, or at least ${PASSWORD_MIN_LENGTH_WITH_MFA} if you also set up two-step verification. ${ANY_CHARACTERS}`;
/** The rules for a user whose second factor is known (or known to be absent). */
const rulesFor = (withSecondFactor: boolean) =>
  `Use at least ${withSecondFactor ? PASSWORD_MIN_LENGTH_WITH_MFA : PASSWORD_MIN_LENGTH} characters. ${ANY_CHARACTERS}`;

/** An alert listing problems, and the attributes that tie an input to it. */
function problemsOf(id: string, problems: readonly string[] | undefined) {
  const list = problems?.filter(Boolean) ?? [];
  if (list.length === 0) return { alert: '', invalid: '', describedBy: (...ids: string[]) => describe(ids) };
  const body =
    list.length === 1
      ? escapeHtml(list[0])
      : `<ul>${list.map((problem) => `<li>${escapeHtml(problem)}</li>`).join('')}</ul>`;
  return {
    alert: `<div class="alert" id="${id}" role="alert">${body}</div>\n`,
    invalid: ' aria-invalid="true"',
    describedBy: (...ids: string[]) => describe([id, ...ids]),
  };
}

const describe = (ids: string[]) => (ids.length ? ` aria-describedby="${ids.join(' ')}"` : '');

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;

function emailShown(email: string): string {
  // Read-only and sent nowhere: it tells password managers whose password this is.
  return `<label for="username">Email</label>
<input id="username" type="email" autocomplete="username" readonly value="${escapeHtml(email)}">`;
}

function newPasswordFields(problems: ReturnType<typeof problemsOf>, rules = PASSWORD_RULES): string {
  return `<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required maxlength="512"${problems.invalid}${problems.describedBy('password-rules')} autofocus>
<p class="hint" id="password-rules">${escapeHtml(rules)}</p>
<label for="confirm">Confirm new password</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required maxlength="512"${problems.invalid}${problems.describedBy()}>`;
}

/** Step 1 of an invitation: the password. */
export function setUpAccountPage(opts: { action: string; email: string; problems?: string[] }): string {
  const problems = problemsOf('password-error', opts.problems);
  return layout(
    'Set up your account',
    `<h1>Set up your account</h1>
<p>Choose a password for your account.</p>
${problems.alert}<form method="post" action="${escapeHtml(opts.action)}" novalidate>
${emailShown(opts.email)}
${newPasswordFields(problems)}
<button type="submit">Continue</button>
</form>`,
  );
}

/** Setting up an authenticator app: the QR code, the secret to type instead, and the first code. */
export function enrolTotpPage(opts: {
  action: string;
  pending: string;
  qrSvg: string;
  secret: string;
  error?: string;
  /** Offers "Skip for now" (only when no group requires a second factor and the password is long enough). */
  canSkip: boolean;
  /** Why the step is required, when it is. */
  requiredBecause?: string;
}): string {
  const problems = problemsOf('code-error', opts.error ? [opts.error] : undefined);
  // The secret in groups of four, as authenticator apps show it.
  const spaced = opts.secret.match(/.{1,4}/g)?.join(' ') ?? opts.secret;
  const required = opts.requiredBecause ? `<p>${escapeHtml(opts.requiredBecause)}</p>\n` : '';
  const skip = opts.canSkip
    ? `\n<button type="submit" name="skip" value="yes" class="secondary" formnovalidate>Skip for now</button>`
    : '';
  return layout(
    'Set up two-step verification',
    `<h1>Set up two-step verification</h1>
${required}<p>Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password), then enter the 6-digit code it shows.</p>
<div class="qr" role="img" aria-label="QR code for your authenticator app">${opts.qrSvg}</div>
<p>Can't scan it? Enter this key in the app instead: <code id="totp-secret">${escapeHtml(spaced)}</code></p>
${problems.alert}<form method="post" action="${escapeHtml(opts.action)}" novalidate>
${hidden('pending', opts.pending)}
<label for="code">6-digit code</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="8"${problems.invalid}${problems.describedBy()}${opts.canSkip ? '' : ' required'} autofocus>
<button type="submit">Turn on two-step verification</button>${skip}
</form>`,
  );
}

/** The recovery codes, shown once. */
export function recoveryCodesPage(opts: { codes: string[]; next: { href: string; text: string } }): string {
  return layout(
    'Save your recovery codes',
    `<h1>Save your recovery codes</h1>
<p>Save these recovery codes somewhere safe, such as a password manager. If you lose your authenticator app, you can sign in with one of them. Each code works once. They are not shown again.</p>
<ol class="codes">
${opts.codes.map((code) => `<li><code>${escapeHtml(code)}</code></li>`).join('\n')}
</ol>
<p><a href="${escapeHtml(opts.next.href)}">${escapeHtml(opts.next.text)}</a></p>`,
  );
}

/** The passkey part of the second step: the options for the browser, and where its answer goes. */
export type PasskeyStep = {
  action: string;
  /** The WebAuthn request options (JSON), read by the page's script. */
  options: string;
  /** The script tags of the library and of our script (passkey-assets.ts). */
  scripts: string;
  error?: string;
};

function passkeyForm(passkey: PasskeyStep, pending: string): string {
  const status = passkey.error
    ? `<p id="passkey-status" class="alert" role="alert">${escapeHtml(passkey.error)}</p>`
    : '<p id="passkey-status" aria-live="polite"></p>';
  return `<form id="passkey-form" method="post" action="${escapeHtml(passkey.action)}" data-options="${escapeHtml(passkey.options)}">
${hidden('pending', pending)}
<input type="hidden" name="response" value="">
${status}
<button type="button" id="passkey-button" disabled>Use a passkey</button>
</form>
<noscript><p class="hint">Signing in with a passkey needs JavaScript.</p></noscript>`;
}

/**
 * The second step of a sign-in: a passkey, an authenticator code, or a recovery code instead. `totp`
 * false (a user with passkeys only) leaves out the code forms.
 */
export function verifyPage(opts: {
  action: string;
  pending: string;
  error?: string;
  /** The recovery-code form is open (it was the one submitted). */
  recovery?: boolean;
  totp?: boolean;
  passkey?: PasskeyStep;
}): string {
  const totp = opts.totp ?? true;
  const codeProblems = problemsOf('code-error', opts.error && !opts.recovery ? [opts.error] : undefined);
  const recoveryProblems = problemsOf('recovery-error', opts.error && opts.recovery ? [opts.error] : undefined);
  const intro = opts.passkey
    ? totp
      ? 'Use one of your passkeys, or enter the 6-digit code from your authenticator app.'
      : 'Use one of your passkeys to finish signing in.'
    : 'Enter the 6-digit code from your authenticator app.';
  const passkey = opts.passkey ? `${passkeyForm(opts.passkey, opts.pending)}\n` : '';
  const codes = totp
    ? `${codeProblems.alert}<form method="post" action="${escapeHtml(opts.action)}" novalidate>
${hidden('pending', opts.pending)}
<label for="code">6-digit code</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="8" required${codeProblems.invalid}${codeProblems.describedBy()}${opts.recovery ? '' : ' autofocus'}>
<button type="submit">Verify</button>
</form>
<details${opts.recovery ? ' open' : ''}>
<summary>Use a recovery code instead</summary>
${recoveryProblems.alert}<form method="post" action="${escapeHtml(opts.action)}" novalidate>
${hidden('pending', opts.pending)}
<label for="recovery">Recovery code</label>
<input id="recovery" name="recovery" type="text" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="64" required${recoveryProblems.invalid}${recoveryProblems.describedBy()}${opts.recovery ? ' autofocus' : ''}>
<button type="submit">Use recovery code</button>
</form>
</details>`
    : '';
  return layout(
    'Two-step verification',
    `<h1>Two-step verification</h1>
<p>${intro}</p>
${passkey}${codes}`,
    opts.passkey?.scripts ?? '',
  );
}

export function forgotPasswordPage(opts: { action: string; email?: string; error?: string }): string {
  const problems = problemsOf('email-error', opts.error ? [opts.error] : undefined);
  return layout(
    'Forgot password',
    `<h1>Forgot password</h1>
<p>Enter the e-mail address you sign in with. If an account exists for it, we'll send a link to choose a new password.</p>
${problems.alert}<form method="post" action="${escapeHtml(opts.action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="254" value="${escapeHtml(opts.email)}"${problems.invalid}${problems.describedBy()} autofocus>
<button type="submit">Send link</button>
</form>
<p class="links"><a href="/">Back to sign in</a></p>`,
  );
}

/** A new password through an e-mailed link; a user with two-step verification proves it too. */
export function resetPasswordPage(opts: {
  action: string;
  email: string;
  withSecondFactor: boolean;
  problems?: string[];
  factorError?: string;
}): string {
  const problems = problemsOf('password-error', opts.problems);
  const factor = problemsOf('factor-error', opts.factorError ? [opts.factorError] : undefined);
  const secondFactor = opts.withSecondFactor
    ? `
<fieldset>
<legend>Two-step verification</legend>
<p id="factor-hint">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
${factor.alert}<label for="code">6-digit code</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="8"${factor.invalid}${factor.describedBy('factor-hint')}>
<label for="recovery">Or a recovery code</label>
<input id="recovery" name="recovery" type="text" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="64"${factor.invalid}${factor.describedBy('factor-hint')}>
</fieldset>`
    : '';
  return layout(
    'Choose a new password',
    `<h1>Choose a new password</h1>
${problems.alert}<form method="post" action="${escapeHtml(opts.action)}" novalidate>
${emailShown(opts.email)}
${newPasswordFields(problems, rulesFor(opts.withSecondFactor))}${secondFactor}
<button type="submit">Change password</button>
</form>`,
  );
}
