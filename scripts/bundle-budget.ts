/** One entry of Vite's build manifest (`build.manifest`), keyed by source or shared-chunk name. */
export type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

export type Manifest = Record<string, ManifestChunk>;

export type Budget = {
  /** Entry chunks plus everything they import statically, in gzip bytes. */
  initialJs: number;
  /** Any one chunk loaded later, in gzip bytes. */
  lazyChunk: number;
};

export const BUDGET: Budget = { initialJs: 110_000, lazyChunk: 60_000 };

/** The screens with neither a form nor a table: their cold load carries no form library (`forms`). */
export const FORM_FREE_SCREENS = ['/'];

export type SizedChunk = { file: string; gzip: number };

export type BudgetReport = {
  initial: SizedChunk[];
  lazy: SizedChunk[];
  initialGzip: number;
  /** What breaks the budget, one sentence each; empty when it holds. */
  failures: string[];
};

/**
 * The files the browser fetches before the first render: every entry and, transitively, what it
 * imports statically (what index.html loads and modulepreloads). Dynamic imports stay out.
 */
export function entryGraph(manifest: Manifest): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const pending = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest names ${key} as an import but has no entry for it.`);
    files.add(chunk.file);
    pending.push(...(chunk.imports ?? []));
  }
  return files;
}

/**
 * Chunks that import each other statically, each cycle once as `a.js → b.js → a.js`. A module of one
 * may then run before a module of the other it builds on (a component styled from one not yet
 * defined), which breaks the app at start-up; manual chunk groups can make such cycles.
 */
export function importCycles(manifest: Manifest): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (key: string, path: string[]) => {
    state.set(key, 'open');
    for (const next of manifest[key]?.imports ?? []) {
      if (state.get(next) === 'open') {
        const loop = [...path.slice(path.indexOf(next)), next];
        cycles.push(loop.map((k) => manifest[k]?.file ?? k).join(' → '));
      } else if (!state.has(next)) visit(next, [...path, next]);
    }
    state.set(key, 'done');
  };
  for (const key of Object.keys(manifest)) if (!state.has(key)) visit(key, [key]);
  return cycles;
}

/**
 * What a cold load of each of `screens` fetches beyond the entry (the router's chunks and the
 * screen's, as `route-preloads.json` names them) that is a `forms` chunk, one sentence each. The
 * form components sit apart from the shared chunk (`FORM_KIT` in vite.config.ts) so that these
 * screens load none; a component that starts using a form library from the shared chunk breaks this.
 */
export function formsOnFormFreeScreens(
  preloads: { router: string[]; routes: { path: string; files: string[] }[] },
  screens: string[] = FORM_FREE_SCREENS,
): string[] {
  return screens.flatMap((screen) => {
    const route = preloads.routes.find((candidate) => candidate.path === screen);
    if (!route) return [`The route preloads name no screen ${screen}.`];
    return [...preloads.router, ...route.files]
      .filter((file) => /(^|\/)forms-[^/]*\.js$/.test(file))
      .map((file) => `The cold load of ${screen} fetches ${file}, a form library it does not use.`);
  });
}

/** Splits the JS files into initial and lazy and checks both against the budget. */
export function checkBudget(chunks: SizedChunk[], initialFiles: Set<string>, budget: Budget = BUDGET): BudgetReport {
  const bySize = [...chunks].sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file));
  const initial = bySize.filter((chunk) => initialFiles.has(chunk.file));
  const lazy = bySize.filter((chunk) => !initialFiles.has(chunk.file));
  const initialGzip = initial.reduce((sum, chunk) => sum + chunk.gzip, 0);
  const failures: string[] = [];
  if (initial.length === 0) failures.push('No entry chunk was found in the manifest.');
  if (initialGzip > budget.initialJs)
    failures.push(`Initial JS is ${kB(initialGzip)} gz, over the budget of ${kB(budget.initialJs)}.`);
  for (const chunk of lazy.filter((c) => c.gzip > budget.lazyChunk))
    failures.push(`Lazy chunk ${chunk.file} is ${kB(chunk.gzip)} gz, over the budget of ${kB(budget.lazyChunk)}.`);
  return { initial, lazy, initialGzip, failures };
}

export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(2)} kB`;
}

/** A plain-text table: the initial files, their total, then the lazy chunks largest first. */
export function formatReport(report: BudgetReport, budget: Budget = BUDGET, lazyRows = 15): string {
  const rows: [string, string][] = [
    ...report.initial.map((chunk): [string, string] => [`initial  ${chunk.file}`, kB(chunk.gzip)]),
    [`initial  total (budget ${kB(budget.initialJs)})`, kB(report.initialGzip)],
    ...report.lazy.slice(0, lazyRows).map((chunk): [string, string] => [`lazy     ${chunk.file}`, kB(chunk.gzip)]),
  ];
  if (report.lazy.length > lazyRows) rows.push([`lazy     … ${report.lazy.length - lazyRows} smaller chunks`, '']);
  rows.push([`lazy     largest allowed`, kB(budget.lazyChunk)]);
  const width = Math.max(...rows.map(([name]) => name.length));
  return rows.map(([name, size]) => `${name.padEnd(width)}  ${size.padStart(10)}`).join('\n');
}
