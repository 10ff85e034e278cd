import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { titleInSource } from '../../scripts/route-preloads-plugin';
import { router } from './router';

// Routes that never show a screen of their own: the root and the signed-in layout, the catch-all
// redirect, the frame of the silent token renewal, and the flow roots that send on to a first step.
const NOT_SCREENS = new Set([
  '__root__',
  '/_authenticated',
  '/$',
  '/silentrenew',
  '/_authenticated/enroll-subscriber/',
  '/_authenticated/update-subscriber/',
  '/_authenticated/terminate-subscriber/',
]);

describe('route titles', () => {
  const screens = (Object.values(router.routesById) as AnyRoute[]).filter((route) => !NOT_SCREENS.has(route.id));

  it('names every screen in its static data, each with a title of its own', () => {
    expect(screens.length).toBeGreaterThan(20);
    const titles = screens.map((route) => [route.id, route.options.staticData?.title] as const);
    expect(titles.filter(([, title]) => !title)).toEqual([]);
    expect(new Set(titles.map(([, title]) => title)).size).toBe(titles.length);
  });

  it("is read from each signed-in screen's source as the router has it, for the page the server paints", () => {
    const signedIn = screens.filter((route) => route.id.startsWith('/_authenticated/'));
    expect(signedIn.length).toBeGreaterThan(20);
    for (const route of signedIn) {
      // `/_authenticated/` is the folder's index file, `/_authenticated/census-report` a file of its own.
      const file = path.join('src/routes', `${route.id.endsWith('/') ? `${route.id}index` : route.id}.tsx`);
      expect(titleInSource(readFileSync(file, 'utf8')), file).toBe(route.options.staticData?.title);
    }
  });
});
