// Census benchmark: seeds the large group (SEED_MEMBERS, default 100,000 subscribers) from a child
// process into a fresh PGlite in a temp folder (BENCH_DATA_DIR keeps it; or DATABASE_URL), starts the
// built server as `npm start` runs it, and downloads the census over real HTTP from another child
// process while small lookup calls keep arriving every 50 ms. Prints the download's size and time
// beside a bare Fastify server streaming as many bytes, the server's peak RSS, event-loop delay (from
// its /metrics) and the small calls' latency, how long the census summary (what the screen loads on
// opening) takes, and the targets. Stops by itself.
//
//   npm run bench:census                       100,000 subscribers on PGlite
//   SEED_MEMBERS=20000 npm run bench:census    a quicker run
//   DATABASE_URL=postgres://… npm run bench:census
//   BENCH_DATA_DIR=/tmp/bench-db npm run bench:census  keeps the seeded PGlite folder for the next run
//   BENCH_SIZES=10000,100000,1000000 npm run bench:census  once per size, then the growth table
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { endpointUrl } from '../src/contracts/endpoint';
import { endpoints } from '../src/contracts/endpoints';
import { openDatabase } from '../server/db/client';
import { LARGE_GROUP_EMPLOYER_PK } from '../server/db/seed/data';
import { auditEvents, dependents, subscribers } from '../server/db/schema';
import { httpSend, signInTokens } from '../server/test/sign-in';
import { downloadInChild, type Downloaded } from './support/download';
import { exitAfter, fixed, percentile } from './support/figures';
import { runGrowth, writeFigures } from './support/growth';
import { startBenchServer } from './support/bench-server';
import { openSeededDatabase } from './support/seeded-database';

const MEMBERS = Number(process.env.SEED_MEMBERS ?? 100_000);
/** The whole run, seeding included, is cut off after this long. */
const DEADLINE_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 20 * 60_000);
const PROBE_EVERY_MS = 50;
const RSS_EVERY_MS = 100;
/** 3 s up to 300,000 members, then linear: 10 s for a million. */
const TARGET_SECONDS = Math.max(3, (10 * MEMBERS) / 1_000_000);

if (await runGrowth('bench:census', fileURLToPath(import.meta.url))) process.exit();
exitAfter(DEADLINE_MS);

const mb = (bytes: number) => bytes / 1024 / 1024;

const seeded = await openSeededDatabase('census', MEMBERS);
const reopen = () =>
  openDatabase(
    process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: path.join(seeded.dataDir, 'db') },
  );
const { db } = seeded.database;
const driver = seeded.database.driver;
const [{ value: subscriberCount } = { value: 0 }] = await db
  .select({ value: count() })
  .from(subscribers)
  .where(eq(subscribers.employerPK, LARGE_GROUP_EMPLOYER_PK));
const [{ value: dependentCount } = { value: 0 }] = await db
  .select({ value: count() })
  .from(dependents)
  .innerJoin(subscribers, eq(subscribers.subscriberPK, dependents.subscriberPK))
  .where(eq(subscribers.employerPK, LARGE_GROUP_EMPLOYER_PK));
// A reused database may hold audit events of earlier runs.
const [{ value: lastAuditPK } = { value: 0 }] = await db
  .select({ value: sql<number>`coalesce(max(${auditEvents.auditEventPK}), 0)::int` })
  .from(auditEvents);
// The server opens the folder itself: the bench lets go of it first.
await seeded.database.close();

const bench = await startBenchServer('census bench server', seeded.dataDir);
const { base } = bench;
try {
  await bench.ready();
  const tokens = await signInTokens(httpSend(base), 'bench@example.com', base);
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const serverRss = bench.rss;
  const loopDelay = bench.loopDelay;

  // What the screen loads on opening: the counts, without member data.
  const summaryStarted = performance.now();
  const summaryRes = await fetch(`${base}${endpointUrl(endpoints.censusSummary)}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ employerPK: LARGE_GROUP_EMPLOYER_PK }),
  });
  const summary = (await summaryRes.json()) as { rowCount?: number };
  const summaryMs = performance.now() - summaryStarted;

  // Small calls: one every 50 ms for the whole download, each timed from send to full answer.
  const latencies: number[] = [];
  let probeFailures = 0;
  const pending = new Set<Promise<void>>();
  const probe = () => {
    const sent = performance.now();
    const call = fetch(`${base}${endpointUrl(endpoints.genderList)}`, {
      headers,
      signal: AbortSignal.timeout(30_000),
    })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.ok) latencies.push(performance.now() - sent);
        else probeFailures += 1;
      })
      .catch(() => {
        probeFailures += 1;
      })
      .finally(() => pending.delete(call));
    pending.add(call);
  };

  const startRss = await serverRss();
  let peakRss = startRss;
  const rssTimer = setInterval(() => void serverRss().then((rss) => (peakRss = Math.max(peakRss, rss))), RSS_EVERY_MS);
  await loopDelay();
  const probeTimer = setInterval(probe, PROBE_EVERY_MS);

  // The download, in a child process: bytes and line breaks are counted as they arrive, nothing is kept.
  let downloaded: Downloaded;
  try {
    downloaded = await downloadInChild({
      url: `${base}${endpointUrl(endpoints.censusReport)}`,
      headers,
      body: JSON.stringify({ employerPK: LARGE_GROUP_EMPLOYER_PK }),
      timeoutMs: DEADLINE_MS,
    });
  } finally {
    clearInterval(probeTimer);
  }
  const { status, bytes, lineBreaks, seconds } = downloaded;
  await Promise.all(pending);
  const delay = await loopDelay();
  clearInterval(rssTimer);
  peakRss = Math.max(peakRss, await serverRss());

  // The server's own count, from the audit event written when the stream ended (the server is
  // stopped first: a PGlite folder has one owner).
  await bench.stop();
  const database = await reopen();
  let audited: unknown = null;
  try {
    for (let i = 0; i < 50 && audited === null; i++) {
      const [event] = await database.db
        .select({ detail: auditEvents.detail })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'census.download'),
            eq(auditEvents.actor, 'user-bench'),
            gt(auditEvents.auditEventPK, lastAuditPK),
          ),
        );
      if (event) audited = event.detail?.rowCount ?? null;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await database.close();
  }

  // The machine's ceiling in the same run: a bare Fastify server streaming as many bytes.
  const hello = Fastify();
  const block = Buffer.alloc(64 * 1024, 'x');
  hello.post('/', async (_request, reply) => {
    const blocks = Math.ceil(bytes / block.length);
    return reply.send(
      Readable.from(
        (function* () {
          for (let i = 0; i < blocks; i++) yield block;
        })(),
      ),
    );
  });
  const helloBase = await hello.listen({ port: 0, host: '127.0.0.1' });
  const bare = await downloadInChild({ url: `${helloBase}/`, headers: {}, body: '{}', timeoutMs: DEADLINE_MS });
  await hello.close();

  const sorted = [...latencies].sort((a, b) => a - b);
  const rows = Math.max(0, lineBreaks - 1);
  console.log('');
  console.log(`Driver                    ${driver}`);
  console.log(`Subscribers (group 6)     ${subscriberCount.toLocaleString('en-US')}`);
  console.log(`Dependents                ${dependentCount.toLocaleString('en-US')}`);
  console.log(`HTTP status               ${status}`);
  console.log(`Rows (CSV, w/o header)    ${rows.toLocaleString('en-US')}  (audited rowCount ${String(audited)})`);
  console.log(
    `Census summary            ${fixed(summaryMs, 0)} ms  (HTTP ${summaryRes.status}, rowCount ${String(summary.rowCount)})`,
  );
  console.log(`Bytes                     ${bytes.toLocaleString('en-US')}  (${fixed(mb(bytes))} MB)`);
  console.log(`Census time               ${fixed(seconds, 2)} s  (${fixed(rows / seconds / 1000)}k rows/s)`);
  console.log(
    `Bare Fastify, same bytes  ${fixed(bare.seconds, 2)} s  (census takes ${fixed(seconds / bare.seconds, 1)}× as long)`,
  );
  console.log(`RSS before / peak         ${fixed(mb(startRss))} MB / ${fixed(mb(peakRss))} MB`);
  console.log(
    `Event-loop delay          p50 ${fixed(delay.p50)} ms, p99 ${fixed(delay.p99)} ms, max ${fixed(delay.max)} ms`,
  );
  console.log(
    `Small calls (GenderList)  ${latencies.length} ok, ${probeFailures} failed; p50 ${fixed(percentile(sorted, 50))} ms, p99 ${fixed(percentile(sorted, 99))} ms, max ${fixed(sorted.at(-1) ?? Number.NaN)} ms`,
  );
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log('');
  console.log(`Target census <= ${fixed(TARGET_SECONDS)} s                    ${verdict(seconds <= TARGET_SECONDS)}`);
  console.log(`Target event-loop delay p99 <= 20 ms      ${verdict(delay.p99 <= 20)}`);
  console.log(`Target peak RSS <= 300 MB                 ${verdict(mb(peakRss) <= 300)}`);
  await writeFigures({
    'census s': seconds,
    'peak RSS MB': mb(peakRss),
    'loop delay p99 ms': delay.p99,
    'small calls p99 ms': percentile(sorted, 99),
  });
  if (status !== 200 || rows !== audited || summary.rowCount !== rows) process.exitCode = 1;
} finally {
  await bench.stop();
  if (!process.env.BENCH_DATA_DIR) await rm(seeded.dataDir, { recursive: true, force: true });
}
