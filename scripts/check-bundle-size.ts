import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../src/contracts/route-preloads';
import {
  checkBudget,
  entryGraph,
  formatReport,
  formsOnFormFreeScreens,
  importCycles,
  type Manifest,
} from './bundle-budget';

// `tsx scripts/check-bundle-size.ts [dist folder]`: fails when the built web app breaks its size
// budget. Sizes are gzip at zlib's default level, as Vite prints them.
const distDir = path.resolve(process.argv[2] ?? process.env.DIST_DIR ?? 'dist');

const manifestFile = path.join(distDir, '.vite', 'manifest.json');
const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;

const files = (await readdir(path.join(distDir, 'assets'), { recursive: true }))
  .filter((name) => name.endsWith('.js'))
  .map((name) => path.posix.join('assets', name.split(path.sep).join('/')))
  .sort();
const chunks = await Promise.all(
  files.map(async (file) => ({ file, gzip: gzipSync(await readFile(path.join(distDir, file))).length })),
);

const preloads = JSON.parse(await readFile(path.join(distDir, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreloads;

const report = checkBudget(chunks, entryGraph(manifest));
console.log(formatReport(report));
const failures = [
  ...report.failures,
  ...importCycles(manifest).map((cycle) => `Chunks import each other: ${cycle}.`),
  ...formsOnFormFreeScreens(preloads),
];
if (failures.length > 0) {
  console.error(`\nBundle size budget broken:\n${failures.map((line) => `- ${line}`).join('\n')}`);
  process.exitCode = 1;
} else {
  console.log('\nBundle size budget holds.');
}
