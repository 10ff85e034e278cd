// API throughput benchmark of the member list on a large group: seeds SEED_MEMBERS (default 100,000)
// subscribers into group 6 of a fresh PGlite in a temp folder (or DATABASE_URL), serves the app on a
// loopback port and loads it from a child process with BENCH_CONNECTIONS (10) concurrent callers for
// BENCH_SECONDS (20) per case: the list on its default sort, a last-name search ("contains"), page
// 500 as the screen asks for it (with the total it already knows) and a lookup call. A bare Fastify
// "hello" server is loaded the same way first, as the machine's ceiling. Prints req/s, p50/p95/p99 and
// the targets; exits non-zero when calls fail. Stops by itself.
//
//   npm run bench:api                                   100,000 subscribers on PGlite
//   BENCH_SECONDS=5 SEED_MEMBERS=20000 npm run bench:api  a quicker run
//   DATABASE_URL=postgres://… npm run bench:api          PostgreSQL (the seed is skipped when group 6 exists)
//   BENCH_DATA_DIR=/tmp/bench-db npm run bench:api      keeps the seeded PGlite folder for the next run
//   BENCH_SEARCH=mill npm run bench:api                 the last-name fragment searched
import { fork } from 'node:child_process';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { endpointUrl } from '../src/contracts/endpoint';
import { endpoints } from '../src/contracts/endpoints';
import { subscriberListQuery } from '../src/contracts/subscribers';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { LARGE_GROUP_EMPLOYER_PK } from '../server/db/seed/data';
import { subscriberListStatement } from '../server/services/members';
import { signIn } from '../server/test/sign-in';
import type { LoadRequest, LoadResult } from './http-load';
import { exitAfter, fixed, percentile } from './support/figures';
import { openSeededDatabase } from './support/seeded-database';

const MEMBERS = Number(process.env.SEED_MEMBERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SEARCH = process.env.BENCH_SEARCH ?? 'mill';
const DEADLINE_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30 * 60_000);
const PUBLIC_URL = 'http://localhost';

exitAfter(DEADLINE_MS);

type Case = { name: string; request: Omit<LoadRequest, 'connections' | 'seconds'> };
type Measured = {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  calls: number;
  failures: number;
  /** This process's CPU time per call (the server's work, whatever else the machine is doing). */
  cpuMs: number;
};

/** One case in a fresh child process: a short warm-up, then the measured run. */
function load(request: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./http-load.ts', import.meta.url), [], { serialization: 'advanced' });
    child.once('message', (result: LoadResult) => {
      child.kill();
      resolve(result);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(request);
  });
}

async function measure({ name, request }: Case): Promise<Measured> {
  await load({ ...request, connections: CONNECTIONS, seconds: Math.min(2, SECONDS / 4) });
  const cpuBefore = process.cpuUsage();
  const result = await load({ ...request, connections: CONNECTIONS, seconds: SECONDS });
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = result.latencies.sort();
  return {
    name,
    rps: sorted.length / result.seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    calls: sorted.length,
    failures: result.failures,
    cpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, sorted.length),
  };
}

const seeded = await openSeededDatabase('api', MEMBERS);
const { database } = seeded;
try {
  const config = loadConfig({ PUBLIC_URL, DATA_DIR: seeded.dataDir, SERVE_SPA: 'false', LOG_LEVEL: 'warn' });
  const app = await buildApp({ config, db: database.db });
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  try {
    // Tokens are issued for PUBLIC_URL; the loopback port the client dials does not matter to them.
    const token = await signIn(app, 'bench@example.com', PUBLIC_URL);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const helloBase = await hello.listen({ port: 0, host: '127.0.0.1' });
    const headers = { authorization: `Bearer ${token}` };

    const listCall = (body: Record<string, unknown>) => ({
      url: `${base}${endpointUrl(endpoints.subscriberList)}`,
      method: 'POST' as const,
      headers,
      body: JSON.stringify({ employerPK: LARGE_GROUP_EMPLOYER_PK, ...body }),
    });
    const answer = async (body: Record<string, unknown>) => {
      const { url, method, body: payload } = listCall(body);
      const res = await fetch(url, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: payload,
      });
      if (!res.ok) throw new Error(`SubscriberList answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { list: unknown[]; recordCount: number };
    };
    const first = await answer({});
    const found = await answer({ lastName: SEARCH });
    console.log(
      `Group 6: ${first.recordCount.toLocaleString('en-US')} active members; last name containing '${SEARCH}': ${found.recordCount.toLocaleString('en-US')}`,
    );

    // The plans behind the list cases: every read of the group goes through an index.
    const planned = async (name: string, body: Record<string, unknown>) => {
      const q = subscriberListQuery.parse({ employerPK: LARGE_GROUP_EMPLOYER_PK, ...body });
      const statement = subscriberListStatement(database.db, LARGE_GROUP_EMPLOYER_PK, q).rows;
      const { rows } = await database.db.execute(sql`explain (costs off) ${statement}`);
      const scans = rows
        .map((row) => Object.values(row).join(''))
        .filter((line) => /Scan/.test(line) && /subscribers/.test(line))
        .map((line) => line.replace(/^[\s>-]+/, ''));
      console.log(`Plan, ${name}: ${scans.join('; ')}`);
      if (scans.some((line) => line.startsWith('Seq Scan'))) process.exitCode = 1;
    };
    await planned('page 1', {});
    await planned(`last name contains '${SEARCH}'`, { lastName: SEARCH });
    await planned('page 500', { page: 499, knownCount: first.recordCount });

    const cases: Case[] = [
      { name: 'bare Fastify hello', request: { url: `${helloBase}/`, method: 'GET', headers: {} } },
      { name: 'list, default sort, page 1', request: listCall({}) },
      { name: `list, last name contains '${SEARCH}'`, request: listCall({ lastName: SEARCH }) },
      // As the screen asks for a later page: it already holds the total of the filter.
      { name: 'list, page 500', request: listCall({ page: 499, knownCount: first.recordCount }) },
      {
        name: 'lookup (GenderList)',
        request: { url: `${base}${endpointUrl(endpoints.genderList)}`, method: 'GET', headers },
      },
    ];
    const results: Measured[] = [];
    for (const c of cases) {
      const result = await measure(c);
      results.push(result);
      console.log(
        `  ${c.name}: ${fixed(result.rps, 0)} req/s, p95 ${fixed(result.p95)} ms${result.failures ? `, ${result.failures} failed` : ''}`,
      );
    }

    const [baseline, page1, search, page500] = results as [Measured, Measured, Measured, Measured, Measured];
    console.log('');
    console.log(`Driver ${database.driver}, ${CONNECTIONS} connections, ${SECONDS} s per case`);
    console.log(
      `${'case'.padEnd(40)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'× hello'.padStart(9)}${'CPU ms/call'.padStart(13)}`,
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(40)}${fixed(r.rps, 0).padStart(8)}${fixed(r.p50).padStart(9)}${fixed(r.p95).padStart(9)}${fixed(r.p99).padStart(9)}${fixed(r.rps / baseline.rps, 3).padStart(9)}${fixed(r.cpuMs, 3).padStart(13)}`,
      );
    }
    const minRps = database.driver === 'postgres' ? 500 : 200;
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log('');
    console.log(`Target list p95 <= 20 ms, >= ${minRps} req/s      ${verdict(page1.p95 <= 20 && page1.rps >= minRps)}`);
    console.log(`Target search p95 <= 50 ms                ${verdict(search.p95 <= 50)}`);
    console.log(
      `Target page 500 within 2x of page 1       ${verdict(page500.p50 <= 2 * page1.p50 && page500.rps * 2 >= page1.rps)}`,
    );
    if (results.some((r) => r.failures > 0 || r.calls === 0)) process.exitCode = 1;
  } finally {
    await hello.close();
    await app.close();
  }
} finally {
  await seeded.close();
}
