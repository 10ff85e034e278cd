import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CSP_NONCE_PLACEHOLDER } from '../../src/contracts/csp';
import { ROUTE_CHUNKS_META, ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../src/contracts/route-preloads';
import { IDLE_TIMEOUT_META } from '../../src/contracts/session-limits';
import { escapeHtml } from './html';

/** index.html as answered for one page: its nonce filled in and the page's own chunks named. */
export type SpaPage = (pathname: string, nonce: string) => string;

type Route = { segments: string[]; meta: string };

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
 * everything waits for). Other paths, and a build without the file, get index.html as it is.
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
  const builtHeadEnd = built.lastIndexOf('</head>');
  const html = builtHeadEnd >= 0 ? `${built.slice(0, builtHeadEnd)}${runtime}${built.slice(builtHeadEnd)}` : built;
  const preloadsFile = path.join(distDir, ROUTE_PRELOADS_FILE);
  const preloads: RoutePreloads = existsSync(preloadsFile)
    ? (JSON.parse(await readFile(preloadsFile, 'utf8')) as RoutePreloads)
    : { routes: [] };
  const routes: Route[] = preloads.routes
    .filter((route) => route.files.length > 0)
    .map((route) => ({
      segments: splitPath(route.path),
      meta: `<meta name="${ROUTE_CHUNKS_META}" content="${escapeHtml(route.files.map((file) => `/${file}`).join(' '))}">`,
    }));
  const headEnd = html.lastIndexOf('</head>');

  return (pathname, nonce) => {
    const segments = splitPath(pathname);
    // Exact segments win over a parameter (`/member/new` before `/member/$subscriberPK`).
    const route =
      routes.find((candidate) => candidate.segments.join('/') === segments.join('/')) ??
      routes.find((candidate) => matches(candidate.segments, segments));
    const page = route && headEnd >= 0 ? `${html.slice(0, headEnd)}${route.meta}${html.slice(headEnd)}` : html;
    return page.replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
  };
}
