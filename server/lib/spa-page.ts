import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CSP_NONCE_PLACEHOLDER } from '../../src/contracts/csp';
import {
  ROUTE_CHUNKS_META,
  ROUTE_PRELOADS_FILE,
  ROUTER_CHUNKS_META,
  type RoutePreloads,
} from '../../src/contracts/route-preloads';
import { IDLE_TIMEOUT_META } from '../../src/contracts/session-limits';
import { bootFrame, bootFrameStyle } from './boot-frame';
import { escapeHtml } from './html';

/** index.html as answered for one page: its nonce filled in and the page's own chunks named. */
export type SpaPage = (pathname: string, nonce: string) => string;

type Route = { segments: string[]; head: string; body: string };

const ROOT = '<div id="root">';

function splitPath(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/** A route's segments against a path's: `$name` takes any one segment, the rest must be equal. */
function matches(route: string[], segments: string[]): boolean {
  return route.length === segments.length && route.every((part, i) => part.startsWith('$') || part === segments[i]);
}

/**
 * Reads the built index.html and the route preloads the build wrote beside it. A page of a screen
 * gets a `<meta name="route-chunks">` naming its chunks, which the entry preloads as it starts (they
 * are not `<link rel="modulepreload">`s: those would share a slow link with the entry itself, which
 * everything waits for). A signed-in screen's page also paints the shell's frame with the screen's
 * title before any script runs (./boot-frame.ts). Other paths, and a build without the file, get
 * index.html as it is.
 */
export async function loadSpaPage(
  distDir: string,
  settings: { idleTimeoutMinutes?: number } = {},
): Promise<SpaPage | null> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const built = await readFile(indexFile, 'utf8');
  // Run-time settings of the SPA ride in the page, so one build serves every deployment.
  const runtime =
    settings.idleTimeoutMinutes === undefined
      ? ''
      : `<meta name="${IDLE_TIMEOUT_META}" content="${escapeHtml(String(settings.idleTimeoutMinutes))}">`;
  const preloadsFile = path.join(distDir, ROUTE_PRELOADS_FILE);
  // A file of an older build may lack a list: it counts as empty.
  const written = existsSync(preloadsFile)
    ? (JSON.parse(await readFile(preloadsFile, 'utf8')) as Partial<RoutePreloads>)
    : {};
  const preloads: RoutePreloads = { router: written.router ?? [], routes: written.routes ?? [] };
  // Every page names the router's chunks, which the entry fetches at once whoever opens it.
  const router =
    preloads.router.length > 0
      ? `<meta name="${ROUTER_CHUNKS_META}" content="${escapeHtml(preloads.router.map((file) => `/${file}`).join(' '))}">`
      : '';
  const builtHeadEnd = built.lastIndexOf('</head>');
  const html =
    builtHeadEnd >= 0 ? `${built.slice(0, builtHeadEnd)}${runtime}${router}${built.slice(builtHeadEnd)}` : built;
  const headEnd = html.lastIndexOf('</head>');
  const rootAt = html.indexOf(ROOT);
  // The frame needs a place before #root; a page without one is served without it.
  const framed = headEnd >= 0 && rootAt > headEnd;
  const routes: Route[] = preloads.routes
    .map((route) => ({
      segments: splitPath(route.path),
      head:
        (route.files.length > 0
          ? `<meta name="${ROUTE_CHUNKS_META}" content="${escapeHtml(route.files.map((file) => `/${file}`).join(' '))}">`
          : '') + (route.title && framed ? bootFrameStyle(CSP_NONCE_PLACEHOLDER) : ''),
      body: route.title && framed ? bootFrame(route.title) : '',
    }))
    .filter((route) => route.head !== '');

  return (pathname, nonce) => {
    const segments = splitPath(pathname);
    // Exact segments win over a parameter (`/member/new` before `/member/$subscriberPK`).
    const route =
      routes.find((candidate) => candidate.segments.join('/') === segments.join('/')) ??
      routes.find((candidate) => matches(candidate.segments, segments));
    let page = html;
    if (route && headEnd >= 0) {
      page = route.body
        ? html.slice(0, headEnd) + route.head + html.slice(headEnd, rootAt) + route.body + html.slice(rootAt)
        : html.slice(0, headEnd) + route.head + html.slice(headEnd);
    }
    return page.replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
  };
}
