// API throughput benchmark of the member list on a large group: seeds SEED_MEMBERS (default 100,000)
// subscribers into group 6 of a fresh PGlite in a temp folder (or DATABASE_URL), serves the app on a
// loopback port and loads it from a child process with BENCH_CONNECTIONS (10) concurrent callers for
// BENCH_SECONDS (20) per case: the list on its default sort, a last-name search ("contains"), a far
// page (page 500 of 100,000 members, page 5,000 of a million: SEED_MEMBERS / 200) as the screen asks for
// it (with the total it already knows) and a lookup call. A bare Fastify
// "hello" server is loaded the same way first, as the machine's ceiling. Prints req/s, p50/p95/p99 and
// the targets; exits non-zero when calls fail. Stops by itself.
//
//   npm run bench:api                                   100,000 subscribers on PGlite
//   BENCH_SECONDS=5 SEED_MEMBERS=20000 npm run bench:api  a quicker run
//   BENCH_SIZES=10000,100000,1000000 npm run bench:api  once per size, then the growth table
//                                                       (bench/support/growth.ts)
//   DATABASE_URL=postgres://… npm run bench:api          PostgreSQL (the seed is skipped when group 6 exists)
//   BENCH_DATA_DIR=/tmp/bench-db npm run bench:api      keeps the seeded PGlite folder for the next run
//   BENCH_SEARCH=mill npm run bench:api                 the last-name fragment searched
//   BENCH_BROAD_SEARCH=son, BENCH_SHORT_SEARCH=mi        a fragment matching past the search cap, and one
//                                                       under three letters (the start of names)
//
// The server logs as it does in production (a line per answer at level info), written synchronously
// to /dev/null as stdout would be. Each case's CPU time per call is this process's (the server's).
//
// Then the broker of many groups (SEED_BROKER_GROUPS, default 5,000, added when missing): the size of
// their access token, their sign-in through to the first screen's calls, and the group chooser's search.
import { fork } from 'node:child_process';
import { openSync, writeSync } from 'node:fs';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { endpointUrl } from '../src/contracts/endpoint';
import { endpoints } from '../src/contracts/endpoints';
import { subscriberListQuery } from '../src/contracts/subscribers';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { limitHeapGrowth } from '../server/lib/heap-growth';
import { LARGE_GROUP_EMPLOYER_PK } from '../server/db/seed/data';
import { BIG_BROKER_EMAIL, seedBrokerGroups } from '../server/db/seed/demo-users';
import { subscriberListStatement } from '../server/services/members';
import { injectSend, signIn, signInTokens } from '../server/test/sign-in';
import type { LoadRequest, LoadResult } from './http-load';
import { exitAfter, fixed, percentile } from './support/figures';
import { runGrowth, writeFigures } from './support/growth';
import { openSeededDatabase } from './support/seeded-database';

const MEMBERS = Number(process.env.SEED_MEMBERS ?? 100_000);
/** The far page of the list (zero-based on the wire): page 500 of 100,000 members. */
const FAR_PAGE = Math.max(1, Math.round(MEMBERS / 200));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SEARCH = process.env.BENCH_SEARCH ?? 'mill';
const BROAD_SEARCH = process.env.BENCH_BROAD_SEARCH ?? 'son';
const SHORT_SEARCH = process.env.BENCH_SHORT_SEARCH ?? 'mi';
const DEADLINE_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30 * 60_000);
const PUBLIC_URL = 'http://localhost';
const BROKER_GROUPS = Number(process.env.SEED_BROKER_GROUPS ?? 5_000);
const SIGN_INS = 5;

if (await runGrowth('bench:api', fileURLToPath(import.meta.url))) process.exit();
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
  cpuUs: number;
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
    cpuUs: (cpu.user + cpu.system) / Math.max(1, sorted.length),
  };
}

const seeded = await openSeededDatabase('api', MEMBERS);
const { database } = seeded;
try {
  const config = loadConfig({ PUBLIC_URL, DATA_DIR: seeded.dataDir, SERVE_SPA: 'false', LOG_LEVEL: 'info' });
  const devNull = openSync('/dev/null', 'w');
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writeSync(devNull, chunk);
      done();
    },
  });
  // As `npm start` runs the server.
  limitHeapGrowth();
  const app = await buildApp({ config, db: database.db, database, logger: true, logStream });
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  try {
    // Tokens are issued for PUBLIC_URL; the loopback port the client dials does not matter to them.
    const token = await signIn(app, 'bench@example.com', PUBLIC_URL);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const helloBase = await hello.listen({ port: 0, host: '127.0.0.1' });
    // As a browser sends them: answers of 1 kB or more come back compressed.
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };

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
      return (await res.json()) as { list: unknown[]; recordCount: number; countCapped?: boolean };
    };
    const first = await answer({});
    const counted = async (lastName: string) => {
      const { recordCount, countCapped } = await answer({ lastName });
      return `${recordCount.toLocaleString('en-US')}${countCapped ? '+' : ''}`;
    };
    console.log(
      `Group 6: ${first.recordCount.toLocaleString('en-US')} active members; last name containing '${SEARCH}': ` +
        `${await counted(SEARCH)}, containing '${BROAD_SEARCH}': ${await counted(BROAD_SEARCH)}, ` +
        `starting with '${SHORT_SEARCH}': ${await counted(SHORT_SEARCH)}`,
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
    await planned(`page ${FAR_PAGE}`, { page: FAR_PAGE - 1, knownCount: first.recordCount });
    await planned(`last name contains '${BROAD_SEARCH}'`, { lastName: BROAD_SEARCH });
    await planned(`last name starts with '${SHORT_SEARCH}'`, { lastName: SHORT_SEARCH });

    const cases: Case[] = [
      { name: 'bare Fastify hello', request: { url: `${helloBase}/`, method: 'GET', headers: {} } },
      { name: 'list, default sort, page 1', request: listCall({}) },
      { name: `list, last name contains '${SEARCH}'`, request: listCall({ lastName: SEARCH }) },
      // As the screen asks for a later page: it already holds the total of the filter.
      { name: `list, page ${FAR_PAGE}`, request: listCall({ page: FAR_PAGE - 1, knownCount: first.recordCount }) },
      {
        name: 'lookup (GenderList)',
        request: { url: `${base}${endpointUrl(endpoints.genderList)}`, method: 'GET', headers },
      },
      { name: `list, last name contains '${BROAD_SEARCH}'`, request: listCall({ lastName: BROAD_SEARCH }) },
      { name: `list, last name starts '${SHORT_SEARCH}'`, request: listCall({ lastName: SHORT_SEARCH }) },
    ];
    const results: Measured[] = [];
    for (const c of cases) {
      const result = await measure(c);
      results.push(result);
      console.log(
        `  ${c.name}: ${fixed(result.rps, 0)} req/s, p95 ${fixed(result.p95)} ms${result.failures ? `, ${result.failures} failed` : ''}`,
      );
    }

    // ---- The broker of many groups.
    const added = await seedBrokerGroups(database.db, BROKER_GROUPS);
    console.log('');
    console.log(`Broker of ${BROKER_GROUPS.toLocaleString('en-US')} groups (${added} added now)`);
    const send = injectSend(app);
    const brokerTokens = await signInTokens(send, BIG_BROKER_EMAIL, PUBLIC_URL);
    const tokenBytes = Buffer.byteLength(brokerTokens.access_token);
    console.log(`  access token: ${tokenBytes} bytes`);
    // Sign-in (login page, password, code exchange) and the calls the SPA makes before its first screen.
    const signInTimes: number[] = [];
    for (let i = 0; i < SIGN_INS; i++) {
      const started = performance.now();
      const { access_token: accessToken } = await signInTokens(send, BIG_BROKER_EMAIL, PUBLIC_URL);
      const auth = { authorization: `Bearer ${accessToken}` };
      const access = await fetch(`${base}${endpointUrl(endpoints.accountAccess)}`, { headers: auth });
      const { current } = (await access.json()) as { current: { GroupPK: number } };
      const firstCalls = [
        `${endpointUrl(endpoints.accountGroups)}?page=0&recordsPerPage=12`,
        `${endpointUrl(endpoints.employerDetails)}?employerPK=${current.GroupPK}`,
        endpointUrl(endpoints.dropdownLists),
      ];
      const answers = await Promise.all(firstCalls.map((path) => fetch(`${base}${path}`, { headers: auth })));
      if (answers.some((res) => !res.ok)) throw new Error('a first-screen call failed');
      await Promise.all(answers.map((res) => res.arrayBuffer()));
      signInTimes.push(performance.now() - started);
    }
    signInTimes.sort((a, b) => a - b);
    console.log(
      `  sign-in to first screen: median ${fixed(percentile(signInTimes, 50), 0)} ms, max ${fixed(signInTimes.at(-1)!, 0)} ms (${SIGN_INS} sign-ins)`,
    );
    const brokerHeaders = { authorization: `Bearer ${brokerTokens.access_token}` };
    const groupSearch = (search: string) => ({
      url: `${base}${endpointUrl(endpoints.accountGroups)}?search=${encodeURIComponent(search)}&page=0&recordsPerPage=12`,
      method: 'GET' as const,
      headers: brokerHeaders,
    });
    const searchCases: Case[] = [
      { name: "group search 'Client Group 04' (1,000)", request: groupSearch('Client Group 04') },
      { name: "group search 'B004321' (one)", request: groupSearch('B004321') },
    ];
    const searches: Measured[] = [];
    for (const c of searchCases) {
      const result = await measure(c);
      searches.push(result);
      results.push(result);
      console.log(`  ${c.name}: ${fixed(result.rps, 0)} req/s, p95 ${fixed(result.p95)} ms`);
    }

    const [baseline, page1, search, farPage, lookup, broad, short] = results as [
      Measured,
      Measured,
      Measured,
      Measured,
      Measured,
      Measured,
      Measured,
    ];
    console.log('');
    console.log(`Driver ${database.driver}, ${CONNECTIONS} connections, ${SECONDS} s per case`);
    console.log(
      `${'case'.padEnd(40)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'× hello'.padStart(9)}${'CPU µs/call'.padStart(13)}`,
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(40)}${fixed(r.rps, 0).padStart(8)}${fixed(r.p50).padStart(9)}${fixed(r.p95).padStart(9)}${fixed(r.p99).padStart(9)}${fixed(r.rps / baseline.rps, 3).padStart(9)}${fixed(r.cpuUs, 0).padStart(13)}`,
      );
    }
    const minRps = database.driver === 'postgres' ? 800 : 200;
    const minLookupRps = database.driver === 'postgres' ? 10_000 : 6_000;
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log('');
    console.log(`Target list p95 <= 20 ms, >= ${minRps} req/s      ${verdict(page1.p95 <= 20 && page1.rps >= minRps)}`);
    console.log(
      `Target search p95 <= 50 ms                ${verdict([search, broad, short].every((r) => r.p95 <= 50))}`,
    );
    console.log(
      `Target far page within 2x of page 1       ${verdict(farPage.p50 <= 2 * page1.p50 && farPage.rps * 2 >= page1.rps)}`,
    );
    console.log(`Target far page p95 <= 40 ms              ${verdict(farPage.p95 <= 40)}`);
    console.log(
      `Target lookup >= ${minLookupRps.toLocaleString('en-US')} req/s           ${verdict(lookup.rps >= minLookupRps)}`,
    );
    console.log(
      `Target lookup CPU <= 150 µs/call          ${verdict(lookup.cpuUs <= 150)} (bare Fastify: ${fixed(baseline.cpuUs, 0)} µs)`,
    );
    console.log(`Target broker access token <= 2 kB         ${verdict(tokenBytes <= 2048)}`);
    console.log(`Target broker sign-in to first screen <= 2 s ${verdict(signInTimes.at(-1)! <= 2000)}`);
    console.log(`Target group search p95 <= 100 ms         ${verdict(searches.every((r) => r.p95 <= 100))}`);
    if (results.some((r) => r.failures > 0 || r.calls === 0)) process.exitCode = 1;
    const figuresOf = (label: string, r: Measured) => ({
      [`${label} p95 ms`]: r.p95,
      [`${label} req/s`]: r.rps,
      [`${label} CPU µs/call`]: r.cpuUs,
    });
    await writeFigures({
      ...figuresOf('list page 1', page1),
      ...figuresOf(`search '${SEARCH}'`, search),
      ...figuresOf(`search '${BROAD_SEARCH}'`, broad),
      ...figuresOf('far page', farPage),
      ...figuresOf('lookup', lookup),
      'bare hello req/s': baseline.rps,
    });
  } finally {
    await hello.close();
    await app.close();
  }
} finally {
  await seeded.close();
}
