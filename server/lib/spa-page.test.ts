import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER } from '../../src/contracts/csp';
import { BOOT_FRAME_ID, ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../src/contracts/route-preloads';
import { loadSpaPage } from './spa-page';

const indexHtml =
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
  `<script type="module" src="/assets/index-abc.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body></body></html>`;

const preloads: RoutePreloads = {
  router: ['assets/routed-app-5.js', 'assets/zod-6.js'],
  routes: [
    { path: '/', files: ['assets/layout-1.js', 'assets/home-2.js'] },
    { path: '/member/$subscriberPK', files: ['assets/layout-1.js', 'assets/member-3.js'] },
    { path: '/member/history', files: ['assets/layout-1.js', 'assets/history-4.js'] },
    { path: '/silentrenew', files: [] },
  ],
};

const distDirs: string[] = [];

async function build(files: Record<string, string>) {
  const distDir = await mkdtemp(path.join(os.tmpdir(), 'spa-page-'));
  distDirs.push(distDir);
  await mkdir(path.join(distDir, '.vite'));
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(distDir, name), content);
  return distDir;
}

const chunksOf = (html: string) => /<meta name="route-chunks" content="([^"]*)">/.exec(html)?.[1]?.split(' ');
const routerChunksOf = (html: string) => /<meta name="router-chunks" content="([^"]*)">/.exec(html)?.[1]?.split(' ');

afterEach(async () => {
  for (const dir of distDirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('the SPA page', () => {
  it('names the chunks of the screen at the path, a parameter matching any one segment', async () => {
    const page = await loadSpaPage(
      await build({ 'index.html': indexHtml, [ROUTE_PRELOADS_FILE]: JSON.stringify(preloads) }),
    );
    expect(chunksOf(page!('/', 'n1'))).toEqual(['/assets/layout-1.js', '/assets/home-2.js']);
    expect(chunksOf(page!('/member/42', 'n1'))).toEqual(['/assets/layout-1.js', '/assets/member-3.js']);
    expect(chunksOf(page!('/member/42/', 'n1'))).toEqual(['/assets/layout-1.js', '/assets/member-3.js']);
    // A path of its own wins over the parameter, whatever the order of the file.
    expect(chunksOf(page!('/member/history', 'n1'))).toEqual(['/assets/layout-1.js', '/assets/history-4.js']);
  });

  it('names the router’s chunks on every page, in its head', async () => {
    const page = await loadSpaPage(
      await build({ 'index.html': indexHtml, [ROUTE_PRELOADS_FILE]: JSON.stringify(preloads) }),
    );
    for (const pathname of ['/', '/member/42', '/nowhere', '/silentrenew']) {
      const html = page!(pathname, 'n1');
      expect(routerChunksOf(html)).toEqual(['/assets/routed-app-5.js', '/assets/zod-6.js']);
      expect(html.indexOf('name="router-chunks"')).toBeLessThan(html.indexOf('</head>'));
    }
  });

  it('leaves index.html as it is for other paths and routes without chunks, with the nonce filled in', async () => {
    const page = await loadSpaPage(
      await build({
        'index.html': indexHtml,
        [ROUTE_PRELOADS_FILE]: JSON.stringify({ ...preloads, router: [] } satisfies RoutePreloads),
      }),
    );
    for (const pathname of ['/member', '/member/42/claims', '/nowhere', '/silentrenew']) {
      expect(page!(pathname, 'n2')).toBe(indexHtml.replaceAll(CSP_NONCE_PLACEHOLDER, 'n2'));
    }
    const html = page!('/member/7', 'n3');
    expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
    expect(html.match(/nonce="n3"/g)).toHaveLength(2);
    // The meta goes into the head.
    expect(html.indexOf('name="route-chunks"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('serves index.html alone when the build wrote no preloads, and nothing without index.html', async () => {
    const page = await loadSpaPage(await build({ 'index.html': indexHtml }));
    expect(page!('/member/7', 'n4')).toBe(indexHtml.replaceAll(CSP_NONCE_PLACEHOLDER, 'n4'));
    expect(await loadSpaPage(await build({}))).toBeNull();
  });

  it('carries the idle timeout the server was given, on every path', async () => {
    const page = await loadSpaPage(await build({ 'index.html': indexHtml }), { idleTimeoutMinutes: 0.25 });
    for (const pathname of ['/', '/member/42', '/logout/callback']) {
      expect(page!(pathname, 'n1')).toContain('<meta name="idle-timeout-minutes" content="0.25"></head>');
    }
  });

  it("paints a signed-in screen's frame with its title before #root, styled under the page's nonce", async () => {
    const withRoot = indexHtml.replace(
      '<body></body>',
      '<body><div id="root"><p role="status">loading</p></div></body>',
    );
    const titled: RoutePreloads = {
      router: [],
      routes: [
        { path: '/census-report', files: ['assets/census-5.js'], title: 'Census <Report> & "more"' },
        { path: '/my-account', files: [], title: 'My Account' },
        { path: '/signin-oidc', files: ['assets/callback-6.js'] },
      ],
    };
    const page = await loadSpaPage(
      await build({ 'index.html': withRoot, [ROUTE_PRELOADS_FILE]: JSON.stringify(titled) }),
    );

    const html = page!('/census-report', 'n5');
    const frameAt = html.indexOf(`<div id="${BOOT_FRAME_ID}">`);
    expect(frameAt).toBeGreaterThan(html.indexOf('<body>'));
    expect(frameAt).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html).toContain('<p class="bf-title">Census &lt;Report&gt; &amp; &quot;more&quot;</p>');
    expect(chunksOf(html)).toEqual(['/assets/census-5.js']);
    const style = /<style nonce="([^"]*)">([^<]*)<\/style>/.exec(html);
    expect(style?.[1]).toBe('n5');
    expect(html.indexOf('<style')).toBeLessThan(html.indexOf('</head>'));
    // While the frame stands, the entry's loading text under #root is not shown beside it.
    expect(style?.[2]).toContain(`#${BOOT_FRAME_ID}~#root{display:none}`);

    // A screen without chunks of its own still gets its frame; a page outside the sign-in none.
    expect(page!('/my-account', 'n6')).toContain('<p class="bf-title">My Account</p>');
    expect(chunksOf(page!('/my-account', 'n6'))).toBeUndefined();
    for (const pathname of ['/signin-oidc', '/nowhere']) {
      expect(page!(pathname, 'n7')).not.toContain(BOOT_FRAME_ID);
      expect(page!(pathname, 'n7')).not.toContain('<style');
    }
  });

  it('paints no frame when index.html has no #root to put it before', async () => {
    const titled: RoutePreloads = {
      router: [],
      routes: [{ path: '/my-account', files: ['assets/a-1.js'], title: 'My Account' }],
    };
    const page = await loadSpaPage(
      await build({ 'index.html': indexHtml, [ROUTE_PRELOADS_FILE]: JSON.stringify(titled) }),
    );
    const html = page!('/my-account', 'n8');
    expect(html).not.toContain(BOOT_FRAME_ID);
    expect(chunksOf(html)).toEqual(['/assets/a-1.js']);
  });
});
