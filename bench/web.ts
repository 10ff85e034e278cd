// Web bench: how fast the first screens come for a signed-in user, and how the member list answers.
// Builds the web app (production build into .dist-bench/), starts the portal itself (`server/main.ts`,
// in a child process so the browser's driver never delays its answers) on a fresh seeded database
// in a temp folder (or DATABASE_URL), and drives the system Chromium with puppeteer-core through a
// Lighthouse user flow, per preset (desktop, mobile) and run (BENCH_RUNS, 3), each in a fresh browser:
// 1. sign in as hr@example.com at the portal's login page (not measured);
// 2. a cold navigation of each screen in SCREENS (the member chooser, Home, step 1 of Enroll
//    Subscriber): HTTP cache emptied, the stored user kept (measured with the preset's simulated
//    throttling, as Lighthouse scores it);
// 3. on the member chooser, a timespan of changing page and sorting (devtools throttling of the
//    preset: 4× CPU and a slow 4G network on mobile), which gives INP.
// Prints each run and the median per screen and preset (performance, FCP, LCP, TBT, CLS; INP of the
// timespan), the diagnostics Lighthouse flags on the median run of each screen and the targets; the flow
// reports (HTML and JSON) stay in BENCH_REPORT_DIR. Exits non-zero when a run fails (not when a target
// is missed: figures on a shared machine are noisy).
//
//   npm run bench:web
//   BENCH_RUNS=1 BENCH_PRESETS=mobile npm run bench:web    one mobile run
//   BENCH_SKIP_BUILD=1 npm run bench:web                   reuse the last build
//   BENCH_SCREENS=home,enroll npm run bench:web            some screens only (chooser, home, enroll)
//   BENCH_WEB_PORT=3601 npm run bench:web                  the portal's port (default 3600)
//   BENCH_DIST_DIR=.dist-bench-2 npm run bench:web         where the build goes (default .dist-bench)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { desktopConfig, startFlow, type Config, type Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { findSystemChromium } from '../e2e/support/system-chromium';
import { DEMO_PASSWORD } from '../server/db/seed/demo-users';
import { exitAfter, fixed } from './support/figures';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3600);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const PRESETS = (process.env.BENCH_PRESETS ?? 'desktop,mobile').split(',').map((p) => p.trim()) as PresetName[];
const DIST_DIR = path.resolve(process.env.BENCH_DIST_DIR ?? '.dist-bench');
const DEADLINE_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30 * 60_000);
const BASE = `http://localhost:${PORT}`;
const CHOOSER_PATH = '/update-subscriber/choose-a-subscriber-or-dependent';
const EMAIL = 'hr@example.com';

type ScreenName = 'chooser' | 'home' | 'enroll';
type Screen = { label: string; path: string; ready: (page: Page) => Promise<void> };
/** The screens loaded cold, in this order; the member chooser last, as the timespan starts from it. */
const SCREENS: Record<ScreenName, Screen> = {
  home: { label: 'Home', path: '/', ready: (page) => waitForHeading(page, 'Home') },
  enroll: {
    label: 'Enroll Subscriber, step 1',
    path: '/enroll-subscriber/personal-information',
    ready: (page) => waitForHeading(page, 'Personal Information'),
  },
  chooser: { label: 'Member chooser', path: CHOOSER_PATH, ready: (page) => waitForList(page) },
};
const SCREEN_NAMES = (process.env.BENCH_SCREENS ?? 'home,enroll,chooser')
  .split(',')
  .map((s) => s.trim()) as ScreenName[];
for (const name of SCREEN_NAMES)
  if (!(name in SCREENS)) throw new Error(`Unknown screen '${name}' (chooser, home, enroll)`);

exitAfter(DEADLINE_MS);

type PresetName = 'desktop' | 'mobile';
/** Lighthouse's own presets, performance only (the other categories cost time and say nothing here). */
const PRESET_CONFIGS: Record<PresetName, Config> = {
  desktop: { ...desktopConfig, settings: { ...desktopConfig.settings, onlyCategories: ['performance'] } },
  mobile: { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } },
};

type NavigationFigures = { score: number; fcp: number; lcp: number; tbt: number; cls: number; navigation: Result };
/** Of the timespan of paging and sorting on the member chooser. */
type SpanFigures = { inp: number; spanTbt: number; spanCls: number };
type RunFigures = {
  screens: Map<ScreenName, NavigationFigures>;
  span: SpanFigures | null;
  /**
   * Lighthouse's measure of the host's CPU (its BenchmarkIndex, median over the navigations): the same
   * build scores lower on a slower host, since the mobile preset multiplies the observed main-thread
   * work by 4, so runs are comparable only at similar indexes.
   */
  cpuIndex: number;
};

// ---------------------------------------------------------------------------------------------------
// The portal.

function build(): void {
  if (process.env.BENCH_SKIP_BUILD && existsSync(path.join(DIST_DIR, 'index.html'))) return;
  console.log('Building the web app into .dist-bench/…');
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', DIST_DIR], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`vite build failed (status ${result.status})`);
}

async function startPortal(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      DIST_DIR,
      LOG_LEVEL: 'warn',
      PROCESSING_INTERVAL_MS: '0',
      SEED_MEMBERS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the portal exited with ${code} while starting`))),
  );
  const ready = (async () => {
    for (;;) {
      const ok = await fetch(`${BASE}/readyz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return;
      await sleep(250);
    }
  })();
  await Promise.race([ready, exited]);
  return child;
}

async function stopPortal(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

// ---------------------------------------------------------------------------------------------------
// One run in a fresh browser.

const rowsSelector = '[data-testid="member-row"]';
const pagesNav = 'nav[aria-label="Member list pages"]';

/** Rows are shown and no list call is in flight. */
async function waitForList(page: Page): Promise<void> {
  await page.waitForSelector(rowsSelector, { visible: true });
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"][aria-label="Loading members"]'));
}

/** The page's h1 starts with `text` (the heading a screen renders once its data has come). */
async function waitForHeading(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t) => document.querySelector('h1')?.textContent?.trim().startsWith(t) ?? false, {}, text);
}

/**
 * A person reads the list before the next click: the click does not land on the last tasks of the
 * previous update (the rows render in a deferred pass after the call has answered).
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
}

async function goToPage(page: Page, n: number): Promise<void> {
  await settle(page);
  await page.locator(`${pagesNav} button[aria-label="Page ${n}"]`).click();
  await page.waitForSelector(`${pagesNav} button[aria-label="Page ${n}"][aria-current="page"]`);
  await waitForList(page);
}

async function sortBy(page: Page, header: string): Promise<void> {
  await settle(page);
  const before = page.url();
  await page.locator(`::-p-xpath(//th[normalize-space(.)="${header}"]//*[@role="button"])`).click();
  await page.waitForFunction((url) => window.location.href !== url, {}, before);
  // The rows of the new sort are in once the header says so.
  await page.waitForFunction(
    (name) => [...document.querySelectorAll('th[aria-sort]')].some((th) => th.textContent?.trim() === name),
    {},
    header,
  );
  await waitForList(page);
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${BASE}${CHOOSER_PATH}`);
  await page.waitForSelector('#email', { visible: true });
  await page.type('#email', EMAIL);
  await page.type('#password', DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
  await waitForList(page);
}

async function launch(): Promise<Browser> {
  const executablePath = findSystemChromium();
  if (!executablePath) throw new Error('Chromium is missing: run `npx tsx scripts/ensure-chromium.ts` first');
  return puppeteer.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-component-update'],
  });
}

async function run(preset: PresetName, index: number, reportDir: string): Promise<RunFigures> {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await signIn(page);

    const flow = await startFlow(page, { name: `Signed-in cold loads, ${preset}`, config: PRESET_CONFIGS[preset] });
    for (const name of SCREEN_NAMES) {
      const screen = SCREENS[name];
      // Cold: nothing in the HTTP cache; the signed-in user (sessionStorage) and the provider's cookie stay.
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      await flow.navigate(`${BASE}${screen.path}`, {
        name: `Cold load of ${screen.label}, signed in`,
        disableStorageReset: true,
      });
      await screen.ready(page);
    }

    const withSpan = SCREEN_NAMES.at(-1) === 'chooser';
    if (withSpan) {
      await flow.startTimespan({ name: 'Changing page and sorting', throttlingMethod: 'devtools' });
      await goToPage(page, 2);
      await sortBy(page, 'First Name');
      await goToPage(page, 3);
      await sortBy(page, 'Date of Birth');
      await goToPage(page, 2);
      await sortBy(page, 'Last Name');
      // Let the last frames and any late shift land inside the span.
      await sleep(1000);
      await flow.endTimespan();
    }

    const result = await flow.createFlowResult();
    await writeFile(path.join(reportDir, `${preset}-${index + 1}.html`), await flow.generateReport());
    await writeFile(path.join(reportDir, `${preset}-${index + 1}.json`), JSON.stringify(result));
    const lhrs = result.steps.map((step) => step.lhr);
    const value = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const screens = new Map<ScreenName, NavigationFigures>(
      SCREEN_NAMES.map((name, i) => {
        const navigation = lhrs[i]!;
        return [
          name,
          {
            score: Math.round((navigation.categories.performance?.score ?? Number.NaN) * 100),
            fcp: value(navigation, 'first-contentful-paint'),
            lcp: value(navigation, 'largest-contentful-paint'),
            tbt: value(navigation, 'total-blocking-time'),
            cls: value(navigation, 'cumulative-layout-shift'),
            navigation,
          },
        ];
      }),
    );
    const span = withSpan ? lhrs[SCREEN_NAMES.length]! : null;
    return {
      cpuIndex: median(lhrs.slice(0, SCREEN_NAMES.length).map((lhr) => lhr.environment.benchmarkIndex)),
      screens,
      span: span && {
        // No interaction slower than Lighthouse's floor leaves the audit without a value: count it as 0.
        inp: span.audits['interaction-to-next-paint']?.numericValue ?? 0,
        spanTbt: value(span, 'total-blocking-time'),
        spanCls: value(span, 'cumulative-layout-shift'),
      },
    };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// Figures.

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const ms = (n: number) => `${fixed(n, 0)} ms`;
const header =
  `${'screen'.padEnd(28)}${'run'.padEnd(8)}${'perf'.padStart(6)}${'FCP'.padStart(10)}${'LCP'.padStart(10)}` +
  `${'TBT'.padStart(10)}${'CLS'.padStart(8)}`;
const line = (screen: string, label: string, f: Omit<NavigationFigures, 'navigation'>) =>
  `${screen.padEnd(28)}${label.padEnd(8)}${String(f.score).padStart(6)}${ms(f.fcp).padStart(10)}` +
  `${ms(f.lcp).padStart(10)}${ms(f.tbt).padStart(10)}${fixed(f.cls, 3).padStart(8)}`;
const spanLine = (label: string, f: SpanFigures) =>
  `${'  paging and sorting'.padEnd(28)}${label.padEnd(8)}  INP ${ms(f.inp)}, TBT ${ms(f.spanTbt)}, CLS ${fixed(f.spanCls, 3)}`;

/** What Lighthouse flags on a navigation: the diagnostics and insights that did not pass. */
function flagged(lhr: Result): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight === 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
    .map((audit) => `${audit!.title}${audit!.displayValue ? `: ${audit!.displayValue}` : ''}`);
}

/** Each figure's median over the runs, taken apart (the median score may come from another run than the median LCP). */
function medianOf(runs: Omit<NavigationFigures, 'navigation'>[]): Omit<NavigationFigures, 'navigation'> {
  return {
    score: median(runs.map((r) => r.score)),
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
  };
}

/** Targets per preset: a phone scores at least 90 with TBT ≤ 200 ms and LCP ≤ 2.5 s; a desktop 100. */
function verdicts(preset: PresetName, m: Omit<NavigationFigures, 'navigation'>): string {
  const mark = (ok: boolean, text: string) => `${text} ${ok ? 'met' : 'MISSED'}`;
  if (preset === 'desktop') return mark(m.score >= 100, 'perf 100');
  return [
    mark(m.score >= 90, 'perf >= 90'),
    mark(m.tbt <= 200, 'TBT <= 200 ms'),
    mark(m.lcp <= 2500, 'LCP <= 2.5 s'),
  ].join(', ');
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-web-'));
const reportDir = process.env.BENCH_REPORT_DIR ?? path.join(os.tmpdir(), `bench-web-reports-${Date.now()}`);
await mkdir(reportDir, { recursive: true });
let portal: ChildProcess | undefined;
try {
  build();
  const started = performance.now();
  portal = await startPortal(path.join(dataDir, 'db'));
  console.log(
    `Portal on ${BASE} (${process.env.DATABASE_URL ? 'postgres' : 'pglite'}), seeded in ${fixed((performance.now() - started) / 1000)} s`,
  );

  const summary: string[] = [];
  for (const preset of PRESETS) {
    if (!(preset in PRESET_CONFIGS)) throw new Error(`Unknown preset '${preset}' (desktop, mobile)`);
    console.log('');
    console.log(
      `${preset}: ${RUNS} run(s), load average ${os
        .loadavg()
        .map((n) => fixed(n, 2))
        .join(' ')}`,
    );
    const runs: RunFigures[] = [];
    for (let i = 0; i < RUNS; i++) {
      const figures = await run(preset, i, reportDir);
      runs.push(figures);
      console.log(
        `  run ${i + 1} done, load average ${os
          .loadavg()
          .map((n) => fixed(n, 2))
          .join(' ')}, host CPU index ${fixed(figures.cpuIndex, 0)}`,
      );
    }
    console.log(header);
    for (const name of SCREEN_NAMES) {
      const perRun = runs.map((r) => r.screens.get(name)!);
      perRun.forEach((f, i) => console.log(line(SCREENS[name].label, String(i + 1), f)));
      const m = medianOf(perRun);
      console.log(line(SCREENS[name].label, 'median', m));
      summary.push(`${preset.padEnd(8)}${SCREENS[name].label.padEnd(28)}${verdicts(preset, m)}`);
      const typical = perRun.find((r) => r.score === m.score) ?? perRun[0]!;
      const flags = flagged(typical.navigation);
      if (flags.length > 0) console.log(`  Lighthouse flags (run with the median score):\n    ${flags.join('\n    ')}`);
    }
    const spans = runs.map((r) => r.span).filter((span): span is SpanFigures => span !== null);
    if (spans.length > 0) {
      spans.forEach((f, i) => console.log(spanLine(String(i + 1), f)));
      const m = {
        inp: median(spans.map((f) => f.inp)),
        spanTbt: median(spans.map((f) => f.spanTbt)),
        spanCls: median(spans.map((f) => f.spanCls)),
      };
      console.log(spanLine('median', m));
      if (preset === 'mobile')
        summary.push(
          `${preset.padEnd(8)}${'paging and sorting'.padEnd(28)}INP <= 100 ms ${m.inp <= 100 ? 'met' : 'MISSED'}`,
        );
    }
  }

  console.log('');
  console.log('Navigations: cold loads, signed in (simulated throttling of the preset).');
  console.log(
    'INP, span TBT/CLS: changing page and sorting on the member chooser (devtools throttling of the preset).',
  );
  console.log(`Flow reports: ${reportDir}`);
  console.log(
    `Targets (medians), load average ${os
      .loadavg()
      .map((n) => fixed(n, 2))
      .join(' ')}:`,
  );
  for (const text of summary) console.log(`  ${text}`);
} finally {
  if (portal) await stopPortal(portal);
  await rm(dataDir, { recursive: true, force: true });
}
