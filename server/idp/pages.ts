import { createHash } from 'node:crypto';
import { BRAND } from '../../src/contracts/brand';
import { escapeHtml } from '../lib/html';

// The identity provider's own pages: self-contained HTML, no external assets, every value escaped;
// the portal's name, type and colours.

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:${BRAND.background};color:${BRAND.text};font:16px/1.5 ${BRAND.fontFamily}}
header{background:${BRAND.primary};color:#fff;padding:1rem 1.5rem;box-shadow:0 2px 4px rgba(0,0,0,.2)}
.brand{margin:0;font-size:1.25rem;font-weight:500;letter-spacing:.0075em}
main{width:calc(100% - 2rem);max-width:24rem;margin:3rem auto 1rem;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
h1{margin:0 0 1.5rem;font-size:1.5rem;font-weight:400;overflow-wrap:anywhere}
label{display:block;margin:0 0 .25rem;font-weight:500}
input{display:block;width:100%;margin:0 0 1rem;padding:.6rem .75rem;font:inherit;color:inherit;border:1px solid #6b7280;border-radius:4px}
input:focus{border-color:${BRAND.primary};box-shadow:inset 0 0 0 1px ${BRAND.primary}}
input[aria-invalid=true]{border-color:${BRAND.error}}
button{width:100%;min-height:2.75rem;padding:.6rem;font:inherit;font-weight:500;color:#fff;background:${BRAND.primary};border:0;border-radius:8px;cursor:pointer}
button:hover{background:${BRAND.primaryDark}}
input:focus-visible,button:focus-visible,a:focus-visible{outline:2px solid ${BRAND.primary};outline-offset:2px}
.alert{margin:0 0 1rem;padding:.75rem;color:#5f2120;background:#fdeded;border-radius:4px}
.alert ul{margin:0;padding-left:1.25rem}
.hint{margin:-.75rem 0 1rem;font-size:.875rem;color:#4b5563}
.secondary{margin-top:.75rem;color:${BRAND.primary};background:#fff;border:1px solid ${BRAND.primary}}
.secondary:hover{background:#f3f4f6}
.qr{display:block;width:12rem;height:12rem;margin:0 auto 1rem}
.qr svg{width:100%;height:100%}
code,.codes{font-family:ui-monospace,Menlo,Consolas,monospace;overflow-wrap:anywhere}
.codes{columns:2;margin:0 0 1rem;padding-left:1.5rem}
details{margin:1.5rem 0 0}
summary{cursor:pointer;color:${BRAND.primary}}
summary:focus-visible{outline:2px solid ${BRAND.primary};outline-offset:2px}
.links{margin:1rem 0 0;text-align:center}
fieldset{margin:0 0 1rem;padding:0;border:0}
legend{margin:0 0 .5rem;font-weight:500}
a{color:${BRAND.primary}}
@media (prefers-reduced-motion:reduce){*{transition:none!important;animation:none!important}}
`;

/** '<page> – Benefits Portal', as the portal titles its own screens. */
const titled = (title: string) => `${title} – ${BRAND.productName}`;

export function layout(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(titled(title))}</title>
<style>${STYLE}</style>
${head}
</head>
<body>
<header><p class="brand">${escapeHtml(BRAND.productName)}</p></header>
<main>
${body}
</main>
</body>
</html>`;
}

/** Security headers for pages without script: nothing but the inline style may load. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

/**
 * The two-step verification page offering a passkey: the same, with the two script files it names
 * (same-origin, with their integrity); still no inline script, no connections (the answer is posted in a form).
 */
export const PASSKEY_PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

export const INACTIVITY_NOTICE = 'You were signed out because of inactivity. Sign in again to continue.';

export function loginPage(opts: {
  action: string;
  /** The "Forgot password?" page. */
  forgotPasswordHref?: string;
  email?: string;
  error?: string;
  signedOutForInactivity?: boolean;
}): string {
  const invalid = opts.error ? ' aria-invalid="true" aria-describedby="signin-error"' : '';
  const alert = opts.error ? `<p class="alert" id="signin-error" role="alert">${escapeHtml(opts.error)}</p>\n` : '';
  const notice = opts.signedOutForInactivity ? `<p role="status">${INACTIVITY_NOTICE}</p>\n` : '';
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
${notice}${alert}<form method="post" action="${escapeHtml(opts.action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(opts.email)}"${invalid}${opts.email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${opts.email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>${opts.forgotPasswordHref ? `\n<p class="links"><a href="${escapeHtml(opts.forgotPasswordHref)}">Forgot password?</a></p>` : ''}`,
  );
}

export function messagePage(opts: { title: string; message: string; link?: { href: string; text: string } }): string {
  const link = opts.link ? `\n<p><a href="${escapeHtml(opts.link.href)}">${escapeHtml(opts.link.text)}</a></p>` : '';
  return layout(
    opts.title,
    `<h1>${escapeHtml(opts.title)}</h1>
<p>${escapeHtml(opts.message)}</p>${link}`,
  );
}

const AUTO_SUBMIT = 'document.forms[0].submit();';

/**
 * The provider's logout confirmation, submitted at once: the user already chose to log out in the
 * portal and should not be asked twice. `form` is the provider's own form markup (already safe).
 */
export function logoutPage(form: string): { html: string; csp: string } {
  // logout=yes ends the whole provider session, not just this client's part of it.
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  const digest = createHash('sha256').update(AUTO_SUBMIT).digest('base64');
  const html = layout(
    'Signing out',
    `<h1>Signing out</h1>
${confirmed}
<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>
<script>${AUTO_SUBMIT}</script>`,
  );
  return {
    html,
    csp: `default-src 'none'; script-src 'sha256-${digest}'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'`,
  };
}
