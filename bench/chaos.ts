// Crash bench: brokers enroll and submit, HR approves and terminates, the worker processes and the
// carrier feed closes its batch every second, all over real HTTP with the SPA's Idempotency-Key and
// retries. Meanwhile the server is killed (SIGKILL) at random moments and started again, and every
// other round the database goes instead: on the embedded one its process is killed (the server starts
// it again itself), PostgreSQL (a throwaway server the bench starts) is stopped for two seconds and
// started again under the running server. At the end every acknowledged (2xx) write is compared with
// the database: nothing acknowledged may be missing, nothing applied twice, every pushed request in a
// carrier file that passed its checks, and what was in progress must finish. Prints, per database,
// the kills, the writes checked, lost, duplicated and the seconds until /readyz answered again after
// each kind of outage; exits non-zero on a loss or a duplicate.
//
//   npm run bench:chaos                    PGlite, then PostgreSQL
//   CHAOS_ROUNDS=10 npm run bench:chaos    more kills (default 6)
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { endpointUrl } from '../src/contracts/endpoint';
import { endpoints } from '../src/contracts/endpoints';
import { openDatabase, type Db } from '../server/db/client';
import {
  carrierBatchEntries,
  carrierFiles,
  requestStatusHistory,
  requests,
  subscribers,
  terminations,
} from '../server/db/schema';
import { localToday } from '../server/lib/calendar';
import {
  buildReplicaServer,
  createEmptyDatabase,
  freePorts,
  startReplica,
  stopChild,
  waitFor,
  waitReady,
  type Replica,
} from '../server/replicas/cluster';
import { api, enrollAsBroker, keyedWrite, planMenu } from '../server/replicas/enrollment-journey';
import { CHANGE_FILE_RESUME_AFTER_MS } from '../server/services/carrier-feed';
import { quietMembersOf } from '../server/test/quiet-members';
import { httpSend, signInTokens } from '../server/test/sign-in';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres';
import { exitAfter, fixed, percentile } from './support/figures';

const ROUNDS = Number(process.env.CHAOS_ROUNDS ?? 6);
const WORKERS = 3;
const METRICS_TOKEN = 'chaos-metrics-token';
exitAfter(Number(process.env.BENCH_TIMEOUT_MS ?? 20 * 60_000));

type Ack = { ssn: string; requestPK: number; approved: boolean };
type Outcome = {
  kills: number;
  checked: number;
  lost: string[];
  duplicated: string[];
  /** Seconds until /readyz answered 200: after a server kill, after the database came back. */
  recoveries: { server: number[]; database: number[] };
};

let ssnSerial = 0;
const nextSsn = () => {
  ssnSerial += 1;
  return `9${String(10 + (ssnSerial % 89)).padStart(2, '0')}-5${Math.floor(ssnSerial / 89) % 10}-${String(2000 + ssnSerial).slice(-4)}`;
};

async function run(engine: 'pglite' | 'postgres'): Promise<Outcome> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `portal-chaos-${engine}-`));
  const postgres = engine === 'postgres' ? await startThrowawayPostgres() : null;
  const database = postgres ? await createEmptyDatabase(postgres.url) : null;
  const [port] = await freePorts(1);
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    // Empty on PGlite: a DATABASE_URL of the bench's own environment must not reach it.
    DATABASE_URL: database?.url ?? '',
    DATA_DIR: path.join(dir, 'data'),
    PUBLIC_URL: base,
    SERVE_SPA: 'false',
    PROCESSING_INTERVAL_MS: '200',
    CARRIER_FEED_INTERVAL_MS: '1000',
    LOG_LEVEL: 'warn',
    METRICS: 'true',
    METRICS_TOKEN,
  };
  const opened = () => openDatabase(database ? { databaseUrl: database.url } : { dataDir: env.DATA_DIR! });
  await buildReplicaServer();
  // The first start migrates and seeds; the plan menu is read while no server holds the folder.
  let server: Replica = startReplica(`${engine} server`, port!, env);
  await waitReady(server, 300_000);
  await stopChild(server.process, server.exited);
  const seeded = await opened();
  const menu = await planMenu(seeded.db);
  // Members HR terminates, one each, nobody having asked anything about them yet.
  const leaving = await seeded.db
    .select({
      subscriberPK: subscribers.subscriberPK,
      firstName: subscribers.firstName,
      lastName: subscribers.lastName,
    })
    .from(subscribers)
    .where(quietMembersOf(2))
    .orderBy(subscribers.subscriberPK)
    .limit(500);
  await seeded.close();
  server = startReplica(`${engine} server`, port!, env);
  await waitReady(server, 120_000);
  const outcome: Outcome = { kills: 0, checked: 0, lost: [], duplicated: [], recoveries: { server: [], database: [] } };
  const acks: Ack[] = [];
  const terminated: number[] = [];
  try {
    const [broker, hr] = await Promise.all([
      signInTokens(httpSend(base), 'broker@example.com', base),
      signInTokens(httpSend(base), 'hr@example.com', base),
    ]);
    let stopping = false;
    const worker = async (w: number) => {
      for (let i = 0; !stopping; i += 1) {
        const ssn = nextSsn();
        try {
          const requestPK = await enrollAsBroker(base, broker, w * 1000 + i, ssn, menu, keyedWrite);
          const ack: Ack = { ssn, requestPK, approved: false };
          acks.push(ack);
          const approval = await keyedWrite(
            base,
            hr,
            'POST',
            `${endpointUrl(endpoints.hrApproveRequest)}?requestPK=${requestPK}`,
          );
          if (approval.status === 200) ack.approved = true;
        } catch {
          // A journey the retries could not finish (the server was away too long) is not acknowledged.
        }
      }
    };
    const terminator = async () => {
      for (const member of leaving) {
        if (stopping) return;
        try {
          const answer = await keyedWrite(base, hr, 'POST', endpointUrl(endpoints.terminateSubscriber), {
            subscriberPK: member.subscriberPK,
            employerPK: 2,
            dependentPK: null,
            firstName: member.firstName,
            lastName: member.lastName,
            eventDate: localToday(),
            terminationDate: localToday(),
            reasonPK: 1,
            comment: 'Resigned',
          });
          if (answer.status === 200) terminated.push(member.subscriberPK);
        } catch {
          // Not acknowledged.
        }
      }
    };
    const workers = [...Array.from({ length: WORKERS }, (_, w) => worker(w)), terminator()];

    for (let round = 0; round < ROUNDS; round += 1) {
      await sleep(1_500 + Math.random() * 2_500);
      const started = Date.now();
      if (round % 2 === 0) {
        server.process.kill('SIGKILL');
        await server.exited;
        server = startReplica(`${engine} server`, port!, env);
        await waitReady(server, 120_000);
        outcome.recoveries.server.push((Date.now() - started) / 1000);
      } else if (postgres) {
        // A fast shutdown under the running server, two seconds down, then back on the same port.
        await postgres.stopServer();
        await sleep(2_000);
        await postgres.startServer();
        const back = Date.now();
        await waitReady(server, 120_000);
        outcome.recoveries.database.push((Date.now() - back) / 1000);
      } else {
        // The database process only: the server answers 503 meanwhile and starts it again.
        const pid = execFileSync('pgrep', ['-P', String(server.process.pid), '-f', 'pglite-process'])
          .toString()
          .trim()
          .split('\n')[0];
        process.kill(Number(pid), 'SIGKILL');
        await sleep(100);
        await waitReady(server, 120_000);
        outcome.recoveries.database.push((Date.now() - started) / 1000);
      }
      outcome.kills += 1;
    }
    stopping = true;
    await Promise.all(workers);

    // Everything approved is processed once the worker has caught up.
    await waitFor('processing to finish', 120_000, async () => {
      const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      return /^portal_processing_queue_depth 0$/m.test(await metrics.text()) ? true : undefined;
    });
    // And the carrier feed: the batch closed, and any file a kill left unchecked taken up again (after
    // CHANGE_FILE_RESUME_AFTER_MS).
    await waitFor('the carrier feed to catch up', CHANGE_FILE_RESUME_AFTER_MS + 60_000, async () => {
      const listed = await api(base, hr, 'POST', endpointUrl(endpoints.carrierFileList), {
        employerPK: 2,
        pageSize: 100,
      });
      if (listed.status !== 200) return undefined;
      const { openBatch, result } = listed.json() as { openBatch: number; result: { status: string }[] };
      return openBatch === 0 && result.every((f) => f.status !== 'Generating') ? true : undefined;
    });
    await stopChild(server.process, server.exited);
    const checked = await opened();
    try {
      await check(checked.db, acks, outcome);
      await checkTerminations(checked.db, terminated, outcome);
      await checkCarrierFiles(checked.db, acks, outcome);
    } finally {
      await checked.close();
    }
  } finally {
    await stopChild(server.process, server.exited);
    await database?.drop();
    await postgres?.stop();
    await rm(dir, { recursive: true, force: true });
  }
  return outcome;
}

/** Every acknowledged write against the database, once the server has stopped. */
async function check(db: Db, acks: Ack[], outcome: Outcome): Promise<void> {
  const ssns = acks.map((a) => a.ssn);
  const rows = ssns.length
    ? await db
        .select({ requestPK: requests.requestPK, ssn: requests.ssn, status: requests.status })
        .from(requests)
        .where(inArray(requests.ssn, ssns))
    : [];
  const bySsn = new Map<string, typeof rows>();
  for (const row of rows) bySsn.set(row.ssn!, [...(bySsn.get(row.ssn!) ?? []), row]);
  for (const ack of acks) {
    // Created, saved at step 3, submitted, and approved when its answer came.
    outcome.checked += ack.approved ? 4 : 3;
    const found = bySsn.get(ack.ssn) ?? [];
    if (found.length > 1) outcome.duplicated.push(`an enrollment made ${found.length} times`);
    const row = found.find((r) => r.requestPK === ack.requestPK);
    if (!row) outcome.lost.push(`request ${ack.requestPK}`);
    else if (row.status === 'Incomplete') outcome.lost.push(`the submit of request ${ack.requestPK}`);
    else if (ack.approved && row.status !== 'PushedToRemote')
      outcome.lost.push(`the approval of request ${ack.requestPK} (${row.status})`);
  }
  if (acks.length === 0) return;
  // Each request went through each status once: processed exactly once.
  const repeated = await db
    .select({ requestPK: requestStatusHistory.requestPK, status: requestStatusHistory.status, n: count() })
    .from(requestStatusHistory)
    .where(
      inArray(
        requestStatusHistory.requestPK,
        acks.map((a) => a.requestPK),
      ),
    )
    .groupBy(requestStatusHistory.requestPK, requestStatusHistory.status)
    .having(sql`count(*) > 1`);
  for (const r of repeated) outcome.duplicated.push(`request ${r.requestPK} reached ${r.status} ${r.n} times`);
}

/** Each acknowledged termination: one request, one termination row, applied to the member. */
async function checkTerminations(db: Db, terminated: number[], outcome: Outcome): Promise<void> {
  if (terminated.length === 0) return;
  const made = await db
    .select({ subscriberPK: terminations.subscriberPK, n: count() })
    .from(terminations)
    .where(and(inArray(terminations.subscriberPK, terminated), isNull(terminations.dependentPK)))
    .groupBy(terminations.subscriberPK);
  const applied = await db
    .select({ subscriberPK: subscribers.subscriberPK })
    .from(subscribers)
    .where(and(inArray(subscribers.subscriberPK, terminated), isNotNull(subscribers.termDate)));
  const counts = new Map(made.map((m) => [m.subscriberPK, m.n]));
  const done = new Set(applied.map((a) => a.subscriberPK));
  for (const subscriberPK of terminated) {
    outcome.checked += 1;
    const n = counts.get(subscriberPK) ?? 0;
    if (n === 0) outcome.lost.push(`the termination of member ${subscriberPK}`);
    if (n > 1) outcome.duplicated.push(`member ${subscriberPK} terminated ${n} times`);
    if (n > 0 && !done.has(subscriberPK)) outcome.lost.push(`the processing of member ${subscriberPK}'s termination`);
  }
}

/**
 * Each approved request in a change file, and every file of the group checked (Generated): a file
 * that passed its checks carries the control number of its row, and the row's number is unique to
 * the group (carrier_files_employer_control_uq); a file left Generating was not taken up again.
 */
async function checkCarrierFiles(db: Db, acks: Ack[], outcome: Outcome): Promise<void> {
  const files = await db
    .select({ carrierFilePK: carrierFiles.carrierFilePK, status: carrierFiles.status, problems: carrierFiles.problems })
    .from(carrierFiles)
    .where(eq(carrierFiles.employerPK, 2));
  for (const file of files) {
    outcome.checked += 1;
    if (file.status !== 'Generated')
      outcome.lost.push(`carrier file ${file.carrierFilePK} is ${file.status} ${file.problems.join(' ')}`.trim());
  }
  const approved = acks.filter((a) => a.approved).map((a) => a.requestPK);
  if (approved.length === 0) return;
  const entries = await db
    .select({ requestPK: carrierBatchEntries.requestPK })
    .from(carrierBatchEntries)
    .where(and(inArray(carrierBatchEntries.requestPK, approved), isNotNull(carrierBatchEntries.carrierFilePK)));
  const sent = new Set(entries.map((e) => e.requestPK));
  for (const requestPK of approved) {
    outcome.checked += 1;
    if (!sent.has(requestPK)) outcome.lost.push(`request ${requestPK} in no carrier file`);
  }
}

function report(engine: string, o: Outcome, databaseOutage: string): void {
  const back = (seconds: number[]) => {
    const sorted = [...seconds].sort((a, b) => a - b);
    return `median ${fixed(percentile(sorted, 50))} s, max ${fixed(sorted.at(-1) ?? 0)} s`;
  };
  console.log(
    `${engine}: ${o.kills} kills, ${o.checked} acknowledged writes checked, lost ${o.lost.length}, ` +
      `duplicated ${o.duplicated.length}; back (readyz 200) after a server kill: ${back(o.recoveries.server)}; ` +
      `after ${databaseOutage}: ${back(o.recoveries.database)}`,
  );
  for (const line of [...o.lost, ...o.duplicated]) console.log(`  ${line}`);
}

const outcomes: [string, Outcome][] = [];
outcomes.push(['PGlite', await run('pglite')]);
report(...outcomes[0]!, 'a kill of its database process');
outcomes.push(['PostgreSQL', await run('postgres')]);
report(...outcomes[1]!, 'PostgreSQL started again');
const failed = outcomes.some(([, o]) => o.lost.length > 0 || o.duplicated.length > 0);
process.exit(failed ? 1 : 0);
