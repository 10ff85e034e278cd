import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER } from '../../src/contracts/csp';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../src/contracts/route-preloads';
import { loadSpaPage } from './spa-page';

const indexHtml =
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
  `<script type="module" src="/assets/index-abc.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body></body></html>`;

const preloads: RoutePreloads = {
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

  it('leaves index.html as it is for other paths and routes without chunks, with the nonce filled in', async () => {
    const page = await loadSpaPage(
      await build({ 'index.html': indexHtml, [ROUTE_PRELOADS_FILE]: JSON.stringify(preloads) }),
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
});
