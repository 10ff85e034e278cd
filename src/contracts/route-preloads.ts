/**
 * What the build tells the server about each screen's code (scripts/route-preloads-plugin.ts), so that
 * index.html can name a page's chunks for the entry to fetch as soon as it runs.
 */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** `<meta name="route-chunks" content="/assets/a.js /assets/b.js">` in the index.html of a screen. */
export const ROUTE_CHUNKS_META = 'route-chunks';

export type RoutePreloads = {
  /** `/member/$subscriberPK`: a segment starting with `$` stands for any one segment. */
  routes: { path: string; files: string[] }[];
};
