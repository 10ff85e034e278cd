import { createHash } from 'node:crypto';
import { escapeHtml } from '../lib/html';

// The identity provider's own pages: self-contained HTML, no external assets, every value escaped.

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f6f8;color:#1a1a1a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:24rem;margin:1rem;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
h1{margin:0 0 1.5rem;font-size:1.5rem;font-weight:600}
label{display:block;margin:0 0 .25rem;font-weight:600}
input{display:block;width:100%;margin:0 0 1rem;padding:.6rem .75rem;font:inherit;border:1px solid #6b7280;border-radius:4px}
input[aria-invalid=true]{border-color:#b3261e}
button{width:100%;padding:.7rem;font:inherit;font-weight:600;color:#fff;background:#0b57d0;border:0;border-radius:4px;cursor:pointer}
button:hover{background:#0842a0}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.alert{margin:0 0 1rem;padding:.75rem;color:#b3261e;background:#fdecea;border-radius:4px}
a{color:#0b57d0}
`;

function layout(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** Security headers for pages without script: nothing but the inline style may load. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

export function loginPage(opts: { action: string; email?: string; error?: string }): string {
  const invalid = opts.error ? ' aria-invalid="true" aria-describedby="signin-error"' : '';
  const alert = opts.error ? `<p class="alert" id="signin-error" role="alert">${escapeHtml(opts.error)}</p>\n` : '';
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
${alert}<form method="post" action="${escapeHtml(opts.action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(opts.email)}"${invalid}${opts.email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${opts.email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>`,
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
