import { ROUTE_CHUNKS_META, ROUTER_CHUNKS_META } from '../contracts/route-preloads';

function preloadChunks(metaName: string, doc: Document): void {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${metaName}"]`);
  for (const href of meta?.content.split(' ') ?? []) {
    if (!/^\/assets\/[\w.~-]+\.js$/.test(href)) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = 'anonymous';
    link.href = href;
    doc.head.append(link);
  }
}

/**
 * Asks for the chunks of the screen being opened, which the server names in index.html
 * (server/lib/spa-page.ts), so they load beside the router's chunks rather than once the router has
 * run. Only same-origin files under /assets/ are taken; the browser fetches and parses them, and
 * runs them when the router imports them.
 */
export function preloadRouteChunks(doc: Document = document): void {
  preloadChunks(ROUTE_CHUNKS_META, doc);
}

/**
 * Asks for all of the router's chunks at once (named in every index.html), because the entry imports
 * them in two stages (src/app/load-routed-app.ts): the second stage's files are then already on the
 * way while the first runs.
 */
export function preloadRouterChunks(doc: Document = document): void {
  preloadChunks(ROUTER_CHUNKS_META, doc);
}
