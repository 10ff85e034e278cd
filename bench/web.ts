// Web bench: how fast the first screen comes for a signed-in user, and how the member list answers.
// Builds the web app (production build into .dist-bench/), starts the portal itself (`server/main.ts`,
// in a child process so the browser's driver never delays its answers) on a fresh seeded database
// in a temp folder (or DATABASE_URL), and drives the system Chromium with puppeteer-core through a
// Lighthouse user flow, per preset (desktop, mobile) and run (BENCH_RUNS, 3), each in a fresh browser:
// 1. sign in as hr@example.com at the portal's login page (not measured);
// 2. a cold navigation of the member chooser: HTTP cache emptied, the stored user kept (measured
//    with the preset's simulated throttling, as Lighthouse scores it);
// 3. a timespan of changing page and sorting (devtools throttling of the preset: 4× CPU and a slow 4G
//    network on mobile), which gives INP.
// Prints each run and the median per preset (performance, FCP, LCP, TBT, CLS, INP), the diagnostics
// Lighthouse flags on the median run and the targets; the flow reports (HTML and JSON) stay in BENCH_REPORT_DIR.
// Exits non-zero when a run fails (not when a target is missed: figures on a shared machine are noisy).
//
//   npm run bench:web
//   BENCH_RUNS=1 BENCH_PRESETS=mobile npm run bench:web    one mobile run
//   BENCH_SKIP_BUILD=1 npm run bench:web                   reuse .dist-bench/ from the last run
//   BENCH_WEB_PORT=3601 npm run bench:web                  the portal's port (default 3600)
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
const DIST_DIR = path.resolve('.dist-bench');
const DEADLINE_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30 * 60_000);
const BASE = `http://localhost:${PORT}`;
const CHOOSER_PATH = '/update-subscriber/choose-a-subscriber-or-dependent';
const EMAIL = 'hr@example.com';

exitAfter(DEADLINE_MS);

type PresetName = 'desktop' | 'mobile';
/** Lighthouse's own presets, performance only (the other categories cost time and say nothing here). */
const PRESET_CONFIGS: Record<PresetName, Config> = {
  desktop: { ...desktopConfig, settings: { ...desktopConfig.settings, onlyCategories: ['performance'] } },
  mobile: { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } },
};

type RunFigures = {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Of the timespan of paging and sorting. */
  inp: number;
  spanTbt: number;
  spanCls: number;
  navigation: Result;
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

    const flow = await startFlow(page, { name: `Member chooser, ${preset}`, config: PRESET_CONFIGS[preset] });
    // Cold: nothing in the HTTP cache; the signed-in user (sessionStorage) and the provider's cookie stay.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await flow.navigate(`${BASE}${CHOOSER_PATH}`, {
      name: 'Cold load of the member chooser, signed in',
      disableStorageReset: true,
    });
    await waitForList(page);

    await flow.startTimespan({
      name: 'Changing page and sorting',
      throttlingMethod: 'devtools',
    });
    await goToPage(page, 2);
    await sortBy(page, 'First Name');
    await goToPage(page, 3);
    await sortBy(page, 'Date of Birth');
    await goToPage(page, 2);
    await sortBy(page, 'Last Name');
    // Let the last frames and any late shift land inside the span.
    await sleep(1000);
    await flow.endTimespan();

    const result = await flow.createFlowResult();
    await writeFile(path.join(reportDir, `${preset}-${index + 1}.html`), await flow.generateReport());
    await writeFile(path.join(reportDir, `${preset}-${index + 1}.json`), JSON.stringify(result));
    const [navigation, span] = result.steps.map((step) => step.lhr) as [Result, Result];
    const value = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((navigation.categories.performance?.score ?? Number.NaN) * 100),
      fcp: value(navigation, 'first-contentful-paint'),
      lcp: value(navigation, 'largest-contentful-paint'),
      tbt: value(navigation, 'total-blocking-time'),
      cls: value(navigation, 'cumulative-layout-shift'),
      // No interaction slower than Lighthouse's floor leaves the audit without a value: count it as 0.
      inp: span.audits['interaction-to-next-paint']?.numericValue ?? 0,
      spanTbt: value(span, 'total-blocking-time'),
      spanCls: value(span, 'cumulative-layout-shift'),
      navigation,
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
const line = (label: string, f: Omit<RunFigures, 'navigation'>) =>
  `${label.padEnd(16)}${String(f.score).padStart(6)}${ms(f.fcp).padStart(10)}${ms(f.lcp).padStart(10)}` +
  `${ms(f.tbt).padStart(10)}${fixed(f.cls, 3).padStart(8)}${ms(f.inp).padStart(10)}${ms(f.spanTbt).padStart(11)}` +
  `${fixed(f.spanCls, 3).padStart(10)}`;

/** What Lighthouse flags on a navigation: the diagnostics and insights that did not pass. */
function flagged(lhr: Result): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight === 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
    .map((audit) => `${audit!.title}${audit!.displayValue ? `: ${audit!.displayValue}` : ''}`);
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

  const medians = new Map<PresetName, Omit<RunFigures, 'navigation'>>();
  for (const preset of PRESETS) {
    if (!(preset in PRESET_CONFIGS)) throw new Error(`Unknown preset '${preset}' (desktop, mobile)`);
    console.log('');
    console.log(`${preset}: ${RUNS} run(s)`);
    console.log(
      `${'run'.padEnd(16)}${'perf'.padStart(6)}${'FCP'.padStart(10)}${'LCP'.padStart(10)}${'TBT'.padStart(10)}${'CLS'.padStart(8)}` +
        `${'INP'.padStart(10)}${'span TBT'.padStart(11)}${'span CLS'.padStart(10)}`,
    );
    const runs: RunFigures[] = [];
    for (let i = 0; i < RUNS; i++) {
      const figures = await run(preset, i, reportDir);
      runs.push(figures);
      console.log(line(`  ${i + 1}`, figures));
    }
    const m = {
      score: median(runs.map((r) => r.score)),
      fcp: median(runs.map((r) => r.fcp)),
      lcp: median(runs.map((r) => r.lcp)),
      tbt: median(runs.map((r) => r.tbt)),
      cls: median(runs.map((r) => r.cls)),
      inp: median(runs.map((r) => r.inp)),
      spanTbt: median(runs.map((r) => r.spanTbt)),
      spanCls: median(runs.map((r) => r.spanCls)),
    };
    medians.set(preset, m);
    console.log(line('  median', m));
    const typical = runs.find((r) => r.score === m.score) ?? runs[0]!;
    const flags = flagged(typical.navigation);
    if (flags.length > 0) console.log(`  Lighthouse flags (run with the median score):\n    ${flags.join('\n    ')}`);
  }

  console.log('');
  console.log('Navigation: cold load of the member chooser, signed in (simulated throttling of the preset).');
  console.log('INP, span TBT/CLS: changing page and sorting (devtools throttling of the preset).');
  console.log(`Flow reports: ${reportDir}`);
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const desktop = medians.get('desktop');
  const mobile = medians.get('mobile');
  if (desktop) console.log(`Target desktop performance >= 95                ${verdict(desktop.score >= 95)}`);
  if (mobile) {
    console.log(
      `Target mobile performance >= 75, LCP <= 4 s      ${verdict(mobile.score >= 75 && mobile.lcp <= 4000)}`,
    );
    console.log(`Target mobile INP <= 100 ms (page and sort)     ${verdict(mobile.inp <= 100)}`);
  }
} finally {
  if (portal) await stopPortal(portal);
  await rm(dataDir, { recursive: true, force: true });
}
