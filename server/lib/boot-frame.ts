import { BRAND } from '../../src/contracts/brand';
import { BOOT_FRAME_ID } from '../../src/contracts/route-preloads';
import { escapeHtml } from './html';

/*
 * What a signed-in screen's index.html paints before any script has run: the shell's frame
 * (src/components/shell/app-shell.tsx, PendingShell) drawn in plain HTML and CSS, with the screen's
 * title where its h1 will stand. On a phone the scripts take seconds to arrive and run; the title is
 * the page's largest text, so the page is readable, and its largest paint done, at the first paint.
 * The sizes are MUI's as the theme sets them (Toolbar heights, the main area's padding, h4, the
 * drawer's 18rem), at the theme's em breakpoints; e2e/shell.spec.ts holds the title where the
 * screen's own comes. The routed app removes the frame as it paints its own (src/lib/boot-frame.ts);
 * until then it hides the entry's plain loading text.
 */
const FRAME = `#${BOOT_FRAME_ID}`;

const STYLE = [
  `body{margin:0;background:${BRAND.background}}`,
  `${FRAME}~#root{display:none}`,
  `${FRAME}{display:grid;min-height:100vh;grid-template-columns:minmax(0,1fr);grid-template-rows:auto 1fr;` +
    `font-family:${BRAND.fontFamily};color:${BRAND.text};font-size:1rem;line-height:1.5;letter-spacing:0.00938em}`,
  // The top bar. On a phone the group takes a second line: 4 px padding, the menu button (8 px padding
  // around a 1.5rem icon), a 4 px gap, the group's name (1rem × 1.2) and ID (0.875rem × 1.43), 4 px.
  `${FRAME} .bf-bar{background:${BRAND.primary};min-height:calc(28px + 3.95125rem);` +
    'box-shadow:0px 2px 4px -1px rgba(0,0,0,0.2),0px 4px 5px 0px rgba(0,0,0,0.14),0px 1px 10px 0px rgba(0,0,0,0.12)}',
  `${FRAME} .bf-menu{display:none}`,
  `${FRAME} main{min-width:0;padding:16px}`,
  `${FRAME} .bf-title{margin:0 0 24px;font-size:2.125rem;font-weight:400;line-height:1.235;letter-spacing:0.00735em;overflow-wrap:anywhere}`,
  `${FRAME} .bf-status{margin:0;min-height:50vh;display:flex;align-items:center;justify-content:center}`,
  `@media (min-width:37.5em){${FRAME} .bf-bar{min-height:64px}${FRAME} main{padding:24px}}`,
  `@media (min-width:56.25em){${FRAME}{grid-template-columns:18rem minmax(0,1fr);grid-template-areas:"menu bar" "menu main"}` +
    `${FRAME} .bf-bar{grid-area:bar}${FRAME} main{grid-area:main}` +
    `${FRAME} .bf-menu{display:block;grid-area:menu;background:#fff;border-right:1px solid rgba(0,0,0,0.12)}` +
    `${FRAME} .bf-menu p{margin:0;min-height:64px;padding:0 24px;display:flex;align-items:center;` +
    'font-size:1.25rem;font-weight:500;line-height:1.6;letter-spacing:0.0075em}}',
].join('');

/** The frame's style sheet, for the page's head; `nonce` as the page's other tags carry it. */
export function bootFrameStyle(nonce: string): string {
  return `<style nonce="${escapeHtml(nonce)}">${STYLE}</style>`;
}

/** The frame itself, placed before `#root`. */
export function bootFrame(title: string): string {
  return (
    `<div id="${BOOT_FRAME_ID}">` +
    '<div class="bf-bar"></div>' +
    `<div class="bf-menu"><p>${escapeHtml(BRAND.productName)}</p></div>` +
    `<main><p class="bf-title">${escapeHtml(title)}</p><p class="bf-status" role="status">loading</p></main>` +
    '</div>'
  );
}
