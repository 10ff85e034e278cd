import path from 'node:path';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../src/contracts/route-preloads';
import { routePath, routePreloads, titleInSource } from './route-preloads-plugin';

describe('routePath', () => {
  it('follows the file-route naming', () => {
    expect(routePath('_authenticated/index.tsx')).toBe('/');
    expect(routePath('_authenticated/claim-search.tsx')).toBe('/claim-search');
    expect(routePath('_authenticated/member/$subscriberPK.tsx')).toBe('/member/$subscriberPK');
    expect(routePath('_authenticated/enroll-subscriber/index.tsx')).toBe('/enroll-subscriber');
    expect(routePath('logout/index.tsx')).toBe('/logout');
    expect(routePath('signin-oidc.tsx')).toBe('/signin-oidc');
    expect(routePath('$.tsx')).toBeNull();
    expect(routePath('__root.tsx')).toBeNull();
  });
});

const root = '/app';
const routes = path.join(root, 'src/routes');

/** A chunk of a built bundle: what the plugin reads of it. */
function chunk(fileName: string, facadeModuleId: string | null, imports: string[] = [], isEntry = false) {
  return { type: 'chunk', fileName, facadeModuleId, imports, isEntry } as unknown as Rolldown.OutputChunk;
}

/** Route sources as the plugin reads them: a title in each signed-in screen's static data. */
const SOURCES: Record<string, string> = {
  '_authenticated/members/index.tsx':
    "export const Route = createFileRoute('/_authenticated/members/')({\n  staticData: { title: 'Members' },\n});",
  '_authenticated/members/$id.tsx':
    "createFileRoute('/_authenticated/members/$id')({ staticData: { title: 'Member\\'s page' } })",
};

function preloadsOf(bundle: Rolldown.OutputChunk[], sources = SOURCES): RoutePreloads {
  const plugin = routePreloads({
    routedApp: 'src/app/routed-app.tsx',
    routesDir: 'src/routes',
    readSource: (file) => sources[file] ?? '',
  });
  (plugin.configResolved as (config: { root: string }) => void)({ root });
  let source = '';
  const context = {
    emitFile: (file: { fileName: string; source: string }) => {
      expect(file.fileName).toBe(ROUTE_PRELOADS_FILE);
      source = file.source;
      return file.fileName;
    },
  };
  const generate = plugin.generateBundle as unknown as (
    this: typeof context,
    options: unknown,
    bundle: Rolldown.OutputBundle,
  ) => void;
  generate.call(context, {}, Object.fromEntries(bundle.map((item) => [item.fileName, item])));
  return JSON.parse(source) as RoutePreloads;
}

describe('routePreloads', () => {
  it('lists per screen its layouts and page with their imports, less what the entry and the router bring', () => {
    const preloads = preloadsOf([
      chunk('assets/index.js', path.join(root, 'index.html'), ['assets/react.js'], true),
      chunk('assets/react.js', null),
      chunk('assets/routed-app.js', path.join(root, 'src/app/routed-app.tsx'), ['assets/router.js', 'assets/react.js']),
      chunk('assets/router.js', null, ['assets/react.js']),
      chunk('assets/shell.js', `${routes}/_authenticated.tsx?tsr-split=component`, [
        'assets/shell-parts.js',
        'assets/router.js',
      ]),
      chunk('assets/shell-parts.js', null),
      chunk('assets/shell-error.js', `${routes}/_authenticated.tsx?tsr-split=errorComponent`),
      chunk('assets/members.js', `${routes}/_authenticated/members/index.tsx?tsr-split=component`, ['assets/table.js']),
      chunk('assets/member.js', `${routes}/_authenticated/members/$id.tsx?tsr-split=component`, [
        'assets/table.js',
        'assets/dates.js',
      ]),
      chunk('assets/table.js', null, ['assets/react.js']),
      chunk('assets/dates.js', null),
      chunk('assets/callback.js', `${routes}/signin-oidc.tsx?tsr-split=component`),
      chunk('assets/anything.js', `${routes}/$.tsx?tsr-split=component`),
    ]);
    // The router's own chunks, beyond the entry's: every page names them.
    expect(preloads.router).toEqual(['assets/routed-app.js', 'assets/router.js']);
    expect(preloads.routes).toEqual([
      {
        path: '/members',
        files: ['assets/shell.js', 'assets/shell-parts.js', 'assets/members.js', 'assets/table.js'],
        title: 'Members',
      },
      {
        path: '/members/$id',
        files: ['assets/shell.js', 'assets/shell-parts.js', 'assets/member.js', 'assets/table.js', 'assets/dates.js'],
        title: "Member's page",
      },
      // Not behind sign-in: no frame, so no title.
      { path: '/signin-oidc', files: ['assets/callback.js'] },
    ]);
  });

  it('fails the build when a signed-in screen names no title', () => {
    const bundle = [
      chunk('assets/index.js', path.join(root, 'index.html'), [], true),
      chunk('assets/routed-app.js', path.join(root, 'src/app/routed-app.tsx')),
      chunk('assets/members.js', `${routes}/_authenticated/members/index.tsx?tsr-split=component`),
    ];
    expect(() => preloadsOf(bundle, { '_authenticated/members/index.tsx': 'staticData: { title: heading }' })).toThrow(
      /members\/index\.tsx names no title/,
    );
  });
});

describe('titleInSource', () => {
  it('reads the literal title of the static data, escapes undone', () => {
    expect(titleInSource("  staticData: { title: 'Enroll Subscriber: Choose a Plan' },")).toBe(
      'Enroll Subscriber: Choose a Plan',
    );
    expect(titleInSource("staticData: {\n    title: 'It\\'s here',\n  }")).toBe("It's here");
    expect(titleInSource('staticData: { title: TITLE }')).toBeUndefined();
  });
});
