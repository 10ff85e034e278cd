import { ROUTE_CHUNKS_META } from '../contracts/route-preloads';

/**
 * Asks for the chunks of the screen being opened, which the server names in index.html
 * (server/lib/spa-page.ts), so they load beside the router's chunks rather than once the router has
 * run. Only same-origin files under /assets/ are taken; the browser fetches and parses them, and
 * runs them when the router imports them.
 */
export function preloadRouteChunks(doc: Document = document): void {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${ROUTE_CHUNKS_META}"]`);
  for (const href of meta?.content.split(' ') ?? []) {
    if (!/^\/assets\/[\w.~-]+\.js$/.test(href)) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = 'anonymous';
    link.href = href;
    doc.head.append(link);
  }
}
