/**
 * What the build tells the server about each screen's code (scripts/route-preloads-plugin.ts), so that
 * index.html can name a page's chunks for the entry to fetch as soon as it runs.
 */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** `<meta name="route-chunks" content="/assets/a.js /assets/b.js">` in the index.html of a screen. */
export const ROUTE_CHUNKS_META = 'route-chunks';

/** `<meta name="router-chunks" content="…">` in every index.html: the router's chunks. */
export const ROUTER_CHUNKS_META = 'router-chunks';

export type RoutePreloads = {
  /**
   * The router's chunks (`src/app/routed-app.tsx` and what it imports, less the entry's): fetched by
   * the entry at once on every page, since it evaluates them in stages (src/app/load-routed-app.ts).
   */
  router: string[];
  /** `/member/$subscriberPK`: a segment starting with `$` stands for any one segment. */
  routes: { path: string; files: string[]; title?: string }[];
};

/**
 * The frame index.html paints for a signed-in screen before any script runs (top bar, the screen's
 * title where its h1 will stand): server/lib/boot-frame.ts draws it from a route's `title`, the
 * routed app removes it as it paints its own (src/lib/boot-frame.ts).
 */
export const BOOT_FRAME_ID = 'boot-frame';
