import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../src/contracts/route-preloads';

type OutputChunk = Rolldown.OutputChunk;

/** The chunk and every chunk it imports statically, depth first, each once. */
function staticClosure(bundle: Rolldown.OutputBundle, start: OutputChunk, into = new Set<string>()): Set<string> {
  if (into.has(start.fileName)) return into;
  into.add(start.fileName);
  for (const file of start.imports) {
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') staticClosure(bundle, chunk, into);
  }
  return into;
}

function chunks(bundle: Rolldown.OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
}

/**
 * The URL path a file route answers (TanStack Router's file naming): `_name` folders and files are
 * pathless layouts, `index` is the folder itself, `$name` a parameter; `$` alone (the catch-all) and
 * `__root` answer no path of their own.
 */
export function routePath(routeFile: string): string | null {
  const segments = routeFile.replace(/\.tsx?$/, '').split('/');
  if (segments.includes('__root') || segments.at(-1) === '$') return null;
  const kept = segments.filter(
    (segment, i) => !segment.startsWith('_') && !(segment === 'index' && i === segments.length - 1),
  );
  return `/${kept.join('/')}`;
}

/** The screens behind sign-in, whose frame index.html paints before the scripts run. */
const SIGNED_IN_LAYOUT = '_authenticated/';

/**
 * The title a route file gives its screen (`staticData: { title: '…' }`), read from its source: the
 * router's chunk cannot run at build time. `src/app/route-titles.test.ts` holds it equal to the
 * router's own for every screen.
 */
export function titleInSource(source: string): string | undefined {
  return /staticData:\s*\{\s*title:\s*'((?:[^'\\]|\\.)*)'\s*,?\s*\}/.exec(source)?.[1]?.replace(/\\(.)/g, '$1');
}

/**
 * Writes `.vite/route-preloads.json`: per screen path, the chunks of its page and layouts beyond those
 * the entry and the router bring (`src/app/routed-app.tsx` and what it imports). The server names them
 * in the index.html it answers for that path (server/lib/spa-page.ts) and the entry asks for them as
 * it starts (src/lib/route-preloads.ts), beside the router's chunks instead of after them. A signed-in
 * screen also gets its title, which the server paints in the page's frame (server/lib/boot-frame.ts).
 */
export function routePreloads(opts: {
  routedApp: string;
  routesDir: string;
  /** A route file's source, by its path under `routesDir`. */
  readSource?: (routeFile: string) => string;
}): Plugin {
  let root = '';
  const readSource =
    opts.readSource ?? ((routeFile: string) => readFileSync(path.join(root, opts.routesDir, routeFile), 'utf8'));
  const component = (id: string | null | undefined) => id?.endsWith('?tsr-split=component') ?? false;
  const sourceFile = (id: string) =>
    path.relative(path.join(root, opts.routesDir), id.replace(/\?.*$/, '')).split(path.sep).join('/');

  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const all = chunks(bundle);
      const entry = all.find((chunk) => chunk.isEntry);
      const routedApp = all.find((chunk) => chunk.facadeModuleId === path.join(root, opts.routedApp));
      if (!entry || !routedApp) throw new Error('route-preloads: the entry or the routed app has no chunk');
      const initial = staticClosure(bundle, entry);
      const known = staticClosure(bundle, routedApp, new Set(initial));
      const pages = new Map(
        all
          .filter((chunk) => component(chunk.facadeModuleId))
          .map((chunk) => [sourceFile(chunk.facadeModuleId!), chunk]),
      );

      const preloads: RoutePreloads = { router: [...known].filter((name) => !initial.has(name)).sort(), routes: [] };
      const isLayout = (file: string) =>
        file.endsWith('/route.tsx') ||
        [...pages.keys()].some((other) => other.startsWith(`${file.replace(/\.tsx?$/, '')}/`));
      for (const [file, page] of pages) {
        const url = routePath(file);
        if (url === null || isLayout(file)) continue;
        // The layouts above the page: `a.tsx` (or `a/route.tsx`) for every folder `a` on its way.
        const folders = file.split('/').slice(0, -1);
        const layouts = folders
          .map((_, i) => folders.slice(0, i + 1).join('/'))
          .map((folder) => pages.get(`${folder}.tsx`) ?? pages.get(`${folder}/route.tsx`))
          .filter((chunk): chunk is OutputChunk => chunk !== undefined);
        const files = new Set<string>();
        for (const chunk of [...layouts, page]) staticClosure(bundle, chunk, files);
        const route: RoutePreloads['routes'][number] = {
          path: url,
          files: [...files].filter((name) => !known.has(name)),
        };
        if (file.startsWith(SIGNED_IN_LAYOUT)) {
          const title = titleInSource(readSource(file));
          if (!title) throw new Error(`route-preloads: ${file} names no title in its staticData`);
          route.title = title;
        }
        preloads.routes.push(route);
      }
      preloads.routes.sort((a, b) => a.path.localeCompare(b.path));
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
