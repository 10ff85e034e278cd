import DOMPurify from 'dompurify';

/**
 * Markup from the server, cleaned in the browser as well: a document fragment keeps its structure
 * (sections, headings, definition lists, tables) and loses anything that could run or load
 * (scripts, styles, event handlers, links, forms, images).
 */
export function sanitizeDocumentHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    // What the request document is made of (server/services/member-requests/request-details.ts), nothing more.
    ALLOWED_TAGS: ['article', 'header', 'section', 'h2', 'h3', 'p', 'br', 'dl', 'dt', 'dd'].concat([
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ]),
    ALLOWED_ATTR: ['class', 'scope'],
  });
}
