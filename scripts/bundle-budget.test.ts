import { describe, expect, it } from 'vitest';
import {
  BUDGET,
  checkBudget,
  entryGraph,
  formatReport,
  formsOnFormFreeScreens,
  importCycles,
  type Manifest,
} from './bundle-budget';

// The shape Vite writes to .vite/manifest.json: source keys, `_name.js` keys for shared chunks.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_react-b.js', '_theme-c.js'],
    dynamicImports: ['src/app/routed-app.tsx'],
  },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_theme-c.js': { file: 'assets/theme-c.js', imports: ['_react-b.js'] },
  'src/app/routed-app.tsx': {
    file: 'assets/routed-app-d.js',
    imports: ['_react-b.js', '_zod-e.js'],
    dynamicImports: ['src/routes/index.tsx'],
  },
  '_zod-e.js': { file: 'assets/zod-e.js' },
  'src/routes/index.tsx': { file: 'assets/index-f.js', imports: ['_theme-c.js'], css: ['assets/index-f.css'] },
};

const sizes = (entries: Record<string, number>) => Object.entries(entries).map(([file, gzip]) => ({ file, gzip }));

describe('entryGraph', () => {
  it('holds the entries and what they import statically, transitively, but no dynamic import', () => {
    expect([...entryGraph(manifest)].sort()).toEqual(['assets/index-a.js', 'assets/react-b.js', 'assets/theme-c.js']);
  });

  it('refuses a manifest whose imports name a missing entry', () => {
    expect(() => entryGraph({ 'index.html': { file: 'assets/i.js', isEntry: true, imports: ['_gone.js'] } })).toThrow(
      /_gone\.js/,
    );
  });
});

describe('importCycles', () => {
  it('finds none where imports only go one way, dynamic imports aside', () => {
    expect(importCycles(manifest)).toEqual([]);
    expect(
      importCycles({
        'index.html': { file: 'assets/i.js', isEntry: true, dynamicImports: ['src/a.tsx'] },
        'src/a.tsx': { file: 'assets/a.js', dynamicImports: ['index.html'] },
      }),
    ).toEqual([]);
  });

  it('names each loop of chunks importing each other statically', () => {
    expect(
      importCycles({
        ...manifest,
        '_mui-base.js': { file: 'assets/mui-base.js', imports: ['_react-b.js', '_mui.js'] },
        '_mui.js': { file: 'assets/mui.js', imports: ['_mui-base.js'] },
        '_self.js': { file: 'assets/self.js', imports: ['_self.js'] },
      }),
    ).toEqual(['assets/mui-base.js → assets/mui.js → assets/mui-base.js', 'assets/self.js → assets/self.js']);
  });
});

describe('checkBudget', () => {
  const budget = { initialJs: 100, lazyChunk: 50 };
  const initial = entryGraph(manifest);

  it('holds when the initial total and every lazy chunk are within it, limits included', () => {
    const chunks = sizes({
      'assets/index-a.js': 60,
      'assets/react-b.js': 30,
      'assets/theme-c.js': 10,
      'assets/routed-app-d.js': 50,
      'assets/zod-e.js': 20,
    });
    const report = checkBudget(chunks, initial, budget);
    expect(report.failures).toEqual([]);
    expect(report.initialGzip).toBe(100);
    expect(report.initial.map((c) => c.file)).toEqual(['assets/index-a.js', 'assets/react-b.js', 'assets/theme-c.js']);
    expect(report.lazy.map((c) => c.file)).toEqual(['assets/routed-app-d.js', 'assets/zod-e.js']);
  });

  it('fails on an initial total one byte over, and names each lazy chunk over its limit', () => {
    const chunks = sizes({
      'assets/index-a.js': 61,
      'assets/react-b.js': 30,
      'assets/theme-c.js': 10,
      'assets/routed-app-d.js': 51,
      'assets/zod-e.js': 70,
      // Not in the manifest (e.g. a worker): counted as lazy all the same.
      'assets/stray-g.js': 49,
    });
    const report = checkBudget(chunks, initial, budget);
    expect(report.failures).toEqual([
      'Initial JS is 0.10 kB gz, over the budget of 0.10 kB.',
      'Lazy chunk assets/zod-e.js is 0.07 kB gz, over the budget of 0.05 kB.',
      'Lazy chunk assets/routed-app-d.js is 0.05 kB gz, over the budget of 0.05 kB.',
    ]);
    expect(report.initialGzip).toBe(101);
  });

  it('holds the first load to 110 kB of gzip and any later chunk to 60 kB by default', () => {
    expect(BUDGET).toEqual({ initialJs: 110_000, lazyChunk: 60_000 });
    const over = checkBudget(sizes({ 'assets/index-a.js': 110_001 }), new Set(['assets/index-a.js']));
    expect(over.failures).toEqual(['Initial JS is 110.00 kB gz, over the budget of 110.00 kB.']);
  });

  it('fails when no entry chunk is found', () => {
    const report = checkBudget(sizes({ 'assets/zod-e.js': 1 }), new Set(), budget);
    expect(report.failures).toEqual(['No entry chunk was found in the manifest.']);
  });

  it('prints the initial files, their total and the lazy chunks largest first', () => {
    const report = checkBudget(
      sizes({ 'assets/index-a.js': 1500, 'assets/zod-e.js': 2500, 'assets/routed-app-d.js': 3500 }),
      initial,
      budget,
    );
    expect(formatReport(report, budget).split('\n')).toEqual([
      'initial  assets/index-a.js          1.50 kB',
      'initial  total (budget 0.10 kB)     1.50 kB',
      'lazy     assets/routed-app-d.js     3.50 kB',
      'lazy     assets/zod-e.js            2.50 kB',
      'lazy     largest allowed            0.05 kB',
    ]);
  });
});

describe('formsOnFormFreeScreens', () => {
  const routes = [
    { path: '/', files: ['assets/home-1.js', 'assets/lazy-charts-2.js'] },
    { path: '/members', files: ['assets/members-3.js', 'assets/form-kit-4.js', 'assets/forms-5.js'] },
  ];

  it('passes when neither the router nor the screen brings the form library', () => {
    expect(formsOnFormFreeScreens({ router: ['assets/router-6.js', 'assets/shared-7.js'], routes })).toEqual([]);
  });

  it('names the form library when the router or the screen brings it, and a screen the file lacks', () => {
    expect(formsOnFormFreeScreens({ router: ['assets/shared-7.js', 'assets/forms-5.js'], routes }, ['/'])).toEqual([
      'The cold load of / fetches assets/forms-5.js, a form library it does not use.',
    ]);
    expect(formsOnFormFreeScreens({ router: [], routes }, ['/members'])).toHaveLength(1);
    expect(formsOnFormFreeScreens({ router: [], routes }, ['/nowhere'])).toEqual([
      'The route preloads name no screen /nowhere.',
    ]);
  });
});
