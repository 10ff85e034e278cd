// How a bench's figures grow with the group: with BENCH_SIZES (e.g. 10000,100000,1000000) a bench runs
// itself once per size, each run on a database of its own size (kept for the next bench and run: a
// PostgreSQL database named after DATABASE_URL's with the size appended, or a PGlite folder in the temp
// folder), and prints each figure per size with the factor from one size to the next. Without it, a
// bench runs once at SEED_MEMBERS as before, and writes its figures where BENCH_SUMMARY_FILE says.
import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fixed } from './figures';

export type Figures = Record<string, number>;

/** The run's figures, for the growth table when it runs as one size of it. */
export async function writeFigures(figures: Figures): Promise<void> {
  const file = process.env.BENCH_SUMMARY_FILE;
  if (file) await writeFile(file, JSON.stringify(figures));
}

function sizesAsked(): number[] {
  return (process.env.BENCH_SIZES ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** A database of this size: created when missing, never emptied (the seed skips a seeded group). */
async function databaseFor(size: number): Promise<Record<string, string>> {
  const base = process.env.DATABASE_URL;
  if (!base) return { BENCH_DATA_DIR: path.join(os.tmpdir(), `bench-growth-${size}`) };
  const url = new URL(base);
  const name = `${url.pathname.slice(1)}_${size}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

function runOnce(script: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, ...env, BENCH_SIZES: '' },
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

/**
 * When BENCH_SIZES names sizes, runs `script` once per size, prints the growth table and answers
 * true (the caller then stops); otherwise answers false and the caller runs as one size.
 */
export async function runGrowth(title: string, script: string): Promise<boolean> {
  const sizes = sizesAsked();
  if (sizes.length === 0) return false;
  const runs: { size: number; figures: Figures }[] = [];
  for (const size of sizes) {
    const file = path.join(os.tmpdir(), `bench-figures-${process.pid}-${size}.json`);
    console.log(`\n==== ${title}: ${size.toLocaleString('en-US')} members`);
    try {
      await runOnce(script, { ...(await databaseFor(size)), SEED_MEMBERS: String(size), BENCH_SUMMARY_FILE: file });
    } catch (error) {
      // A size that fails shows in the table as missing; the sizes before it still count.
      console.error(String(error));
      process.exitCode = 1;
    }
    const figures = await readFile(file, 'utf8').then(
      (text) => JSON.parse(text) as Figures,
      () => ({}),
    );
    await rm(file, { force: true });
    runs.push({ size, figures });
  }
  printGrowth(title, runs);
  return true;
}

function printGrowth(title: string, runs: { size: number; figures: Figures }[]): void {
  const names = [...new Set(runs.flatMap((r) => Object.keys(r.figures)))];
  const width = Math.max(24, ...names.map((n) => n.length + 2));
  const sizeLabel = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));
  const head = [
    'figure'.padEnd(width),
    ...runs.map((r) => sizeLabel(r.size).padStart(11)),
    ...runs.slice(1).map((r, i) => `× ${sizeLabel(runs[i]!.size)}→${sizeLabel(r.size)}`.padStart(14)),
  ].join('');
  console.log(`\n${title}: growth with the group (× is the factor from one size to the next)`);
  console.log(head);
  for (const name of names) {
    const values = runs.map((r) => r.figures[name]);
    const factors = runs.slice(1).map((_, i) => {
      const [from, to] = [values[i], values[i + 1]];
      return from === undefined || to === undefined || from === 0 ? '—' : `${fixed(to / from, 2)}×`;
    });
    console.log(
      [
        name.padEnd(width),
        ...values.map((v) => (v === undefined ? '—' : fixed(v, v >= 100 ? 0 : 1)).padStart(11)),
        ...factors.map((f) => f.padStart(14)),
      ].join(''),
    );
  }
}
