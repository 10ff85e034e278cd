import { describe, expect, it } from 'vitest';
import { sanitizeDocumentHtml } from './sanitize-html';

describe('sanitizeDocumentHtml', () => {
  it('keeps the document structure the server sends', () => {
    const html =
      '<article class="request-document"><header><h2>Enrollment</h2><p>Acme (G02)</p></header><section><h3>Personal</h3><dl><dt>Name</dt><dd>Ann Lee</dd></dl></section>' +
      '<section><table><thead><tr><th scope="col">Plan</th></tr></thead><tbody><tr><td>PPO</td></tr></tbody></table></section></article>';
    expect(sanitizeDocumentHtml(html)).toBe(html);
  });

  it('drops scripts, styles, handlers, links and images', () => {
    const clean = sanitizeDocumentHtml(
      '<section onclick="alert(1)"><script>alert(1)</script><style>*{}</style><a href="javascript:alert(1)">x</a>' +
        '<img src="x" onerror="alert(1)"><p style="color:red">Text</p></section>',
    );
    expect(clean).toBe('<section>x<p>Text</p></section>');
  });
});
