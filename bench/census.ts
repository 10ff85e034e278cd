// Census benchmark: seeds the large group (SEED_MEMBERS, default 100,000 subscribers) into a fresh
// PGlite in a temp folder (or DATABASE_URL), serves the app on a loopback port and downloads the
// census over real HTTP while small lookup calls keep arriving every 50 ms. Prints the download's
// size and time, peak RSS, event-loop delay and the small calls' latency, and how long the census
// summary (what the screen loads on opening) takes. Stops by itself.
//
//   npm run bench:census                       100,000 subscribers on PGlite
//   SEED_MEMBERS=20000 npm run bench:census    a quicker run
//   DATABASE_URL=postgres://… npm run bench:census
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { endpointUrl } from '../src/contracts/endpoint';
import { endpoints } from '../src/contracts/endpoints';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { LARGE_GROUP_EMPLOYER_PK } from '../server/db/seed/data';
import { seedDatabase } from '../server/db/seed/seed-database';
import { auditEvents, dependents, subscribers } from '../server/db/schema';
import { signIn } from '../server/test/sign-in';
import { exitAfter, fixed, percentile } from './support/figures';

const MEMBERS = Number(process.env.SEED_MEMBERS ?? 100_000);
/** The whole run, seeding included, is cut off after this long. */
const DEADLINE_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 20 * 60_000);
const PROBE_EVERY_MS = 50;
const RSS_EVERY_MS = 100;
const PUBLIC_URL = 'http://localhost';

exitAfter(DEADLINE_MS);

const ms = (ns: number) => ns / 1e6;
const mb = (bytes: number) => bytes / 1024 / 1024;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-census-'));
const database = await openDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: path.join(dataDir, 'db') },
);
try {
  console.log(`Seeding ${MEMBERS.toLocaleString('en-US')} subscribers on ${database.driver}…`);
  const seedStart = performance.now();
  await seedDatabase(database.db, { largeGroupMembers: MEMBERS });
  console.log(`Seeded in ${fixed((performance.now() - seedStart) / 1000)} s`);

  const config = loadConfig({ PUBLIC_URL, DATA_DIR: dataDir, SERVE_SPA: 'false' });
  const app = await buildApp({ config, db: database.db });
  try {
    // Tokens are issued for PUBLIC_URL; the loopback port the client dials does not matter to them.
    const token = await signIn(app, 'bench@example.com', PUBLIC_URL);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { authorization: `Bearer ${token}` };

    const [{ value: subscriberCount } = { value: 0 }] = await database.db
      .select({ value: count() })
      .from(subscribers)
      .where(eq(subscribers.employerPK, LARGE_GROUP_EMPLOYER_PK));
    const [{ value: dependentCount } = { value: 0 }] = await database.db
      .select({ value: count() })
      .from(dependents)
      .innerJoin(subscribers, eq(subscribers.subscriberPK, dependents.subscriberPK))
      .where(eq(subscribers.employerPK, LARGE_GROUP_EMPLOYER_PK));

    // A reused PostgreSQL database may hold audit events of earlier runs.
    const [{ value: lastAuditPK } = { value: 0 }] = await database.db
      .select({ value: sql<number>`coalesce(max(${auditEvents.auditEventPK}), 0)::int` })
      .from(auditEvents);

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

    let peakRss = process.memoryUsage().rss;
    const startRss = peakRss;
    const rssTimer = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, RSS_EVERY_MS);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const probeTimer = setInterval(probe, PROBE_EVERY_MS);

    // The download: bytes and line breaks are counted as they arrive, nothing is kept.
    const started = performance.now();
    let bytes = 0;
    let lineBreaks = 0;
    let status = 0;
    try {
      const res = await fetch(`${base}${endpointUrl(endpoints.censusForGroup)}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ employerPK: LARGE_GROUP_EMPLOYER_PK }),
        signal: AbortSignal.timeout(DEADLINE_MS),
      });
      status = res.status;
      if (!res.body) throw new Error(`census answered ${res.status} without a body`);
      for await (const chunk of res.body) {
        bytes += chunk.byteLength;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lineBreaks += 1;
      }
    } finally {
      clearInterval(probeTimer);
    }
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(pending);
    loopDelay.disable();
    clearInterval(rssTimer);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);

    // The server's own count, from the audit event written when the stream ended.
    let audited: unknown = null;
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

    const sorted = [...latencies].sort((a, b) => a - b);
    const rows = Math.max(0, lineBreaks - 1);
    console.log('');
    console.log(`Driver                    ${database.driver}`);
    console.log(`Subscribers (group 6)     ${subscriberCount.toLocaleString('en-US')}`);
    console.log(`Dependents                ${dependentCount.toLocaleString('en-US')}`);
    console.log(`HTTP status               ${status}`);
    console.log(`Rows (CSV, w/o header)    ${rows.toLocaleString('en-US')}  (audited rowCount ${String(audited)})`);
    console.log(
      `Census summary            ${fixed(summaryMs, 0)} ms  (HTTP ${summaryRes.status}, rowCount ${String(summary.rowCount)})`,
    );
    console.log(`Bytes                     ${bytes.toLocaleString('en-US')}  (${fixed(mb(bytes))} MB)`);
    console.log(`Census time               ${fixed(seconds, 2)} s  (${fixed(rows / seconds / 1000)}k rows/s)`);
    console.log(`RSS before / peak         ${fixed(mb(startRss))} MB / ${fixed(mb(peakRss))} MB`);
    console.log(
      `Event-loop delay          p50 ${fixed(ms(loopDelay.percentile(50)))} ms, p99 ${fixed(ms(loopDelay.percentile(99)))} ms, max ${fixed(ms(loopDelay.max))} ms`,
    );
    console.log(
      `Small calls (GenderList)  ${latencies.length} ok, ${probeFailures} failed; p50 ${fixed(percentile(sorted, 50))} ms, p99 ${fixed(percentile(sorted, 99))} ms, max ${fixed(sorted.at(-1) ?? Number.NaN)} ms`,
    );
    if (status !== 200 || rows !== audited || summary.rowCount !== rows) process.exitCode = 1;
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
