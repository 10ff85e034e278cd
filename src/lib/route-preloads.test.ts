import { afterEach, describe, expect, it } from 'vitest';
import { preloadRouteChunks, preloadRouterChunks } from './route-preloads';

const preloaded = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (link) => ({
    href: link.getAttribute('href'),
    crossOrigin: link.getAttribute('crossorigin'),
  }));

function pageNaming(content: string, name = 'route-chunks') {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('preloadRouteChunks', () => {
  it('asks for every chunk the page names, in order, as module preloads', () => {
    pageNaming('/assets/_authenticated-Cc36d_Pp.js /assets/choose-a-subscriber-GNq~iv.js');
    preloadRouteChunks();
    expect(preloaded()).toEqual([
      { href: '/assets/_authenticated-Cc36d_Pp.js', crossOrigin: 'anonymous' },
      { href: '/assets/choose-a-subscriber-GNq~iv.js', crossOrigin: 'anonymous' },
    ]);
  });

  it('takes only scripts of its own /assets/ folder', () => {
    pageNaming(
      'https://elsewhere.example/assets/a.js //elsewhere.example/x.js /assets/../idp/b.js /assets/c.css /assets/d.js',
    );
    preloadRouteChunks();
    expect(preloaded().map((link) => link.href)).toEqual(['/assets/d.js']);
  });

  it('does nothing on a page that names no chunks', () => {
    preloadRouteChunks();
    expect(preloaded()).toEqual([]);
  });
});

describe('preloadRouterChunks', () => {
  it('asks for the router’s chunks the page names, and not for the screen’s', () => {
    pageNaming('/assets/zod-D9.js /assets/routed-app-B_t.js', 'router-chunks');
    pageNaming('/assets/home-2.js');
    preloadRouterChunks();
    expect(preloaded().map((link) => link.href)).toEqual(['/assets/zod-D9.js', '/assets/routed-app-B_t.js']);
  });
});
