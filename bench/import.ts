// Upload Enrollments benchmark: uploads generated census files (10,000 and 100,000 rows, .csv and .xlsx)
// over real HTTP as HR of group 2, commits the 10,000-row one in batches, and uploads an X12 834 roster
// of 100,000 members as the operator, while small lookup calls keep arriving every 50 ms. The server runs in its own process (`npm start`'s entry), so its
// RSS is its own and not the bench's, which holds the generated files. Prints each step's time, the
// server's RSS at its start and peak (read from /proc), its event-loop delay p99 (from its /metrics,
// which resets the figure at each read) and the small calls' latency beside the targets. Stops by itself.
//
//   npm run bench:import                       PGlite in a temp folder
//   DATABASE_URL=postgres://… npm run bench:import
//   IMPORT_ROWS=20000 npm run bench:import     another size for the smaller file
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { endpointUrl } from '../src/contracts/endpoint';
import { endpoints } from '../src/contracts/endpoints';
import { IMPORT_FIELDS, type ImportView } from '../src/contracts/imports';
import { plans } from '../server/db/schema';
import {
  FULL_FILE_MAINTENANCE,
  headerSegments,
  memberSegments,
  trailerSegments,
  type FeedMember,
} from '../server/services/carrier-feed';
import { httpSend, signInTokens } from '../server/test/sign-in';
import { exitAfter, fixed, percentile } from './support/figures';
import { startBenchServer } from './support/bench-server';
import { openSeededDatabase } from './support/seeded-database';

const SMALL = Number(process.env.IMPORT_ROWS ?? 10_000);
const LARGE = 100_000;
const DEADLINE_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 15 * 60_000);
const GROUP = 2;
/** The pause before each step. */
const PAUSE_MS = 2000;

exitAfter(DEADLINE_MS);

const LABELS = IMPORT_FIELDS.map((f) => f.label);
const STATES = ['MA', 'NY', 'CA', 'TX', 'IL'];
const TIERS = ['Employee Only', 'Family'];

/** A valid employee row of group 2; every 5th has a spouse row after it. */
function* census(rows: number, offset: number): Generator<string[]> {
  let written = 0;
  for (let n = 0; written < rows; n += 1) {
    const id = offset + n;
    const ssn = (digits: number) =>
      `${String(100 + (digits % 800)).padStart(3, '0')}-${String(10 + (Math.floor(digits / 800) % 90))}-${String(
        1000 + (Math.floor(digits / 72_000) % 9000),
      )}`;
    const withSpouse = n % 5 === 0 && written + 2 <= rows;
    const values: Record<string, string> = {
      'Employee Key': `B${id}`,
      Relationship: 'Employee',
      'First Name': 'Bench',
      'Last Name': `Member${String.fromCharCode(65 + (id % 26))}${String.fromCharCode(65 + (Math.floor(id / 26) % 26))}`,
      SSN: ssn(id * 2),
      'Date of Birth': `0${1 + (id % 9)}/1${id % 10}/19${60 + (id % 40)}`,
      Gender: id % 2 ? 'M' : 'F',
      'Address Line 1': `${1 + (id % 900)} Main St`,
      City: 'Springfield',
      State: STATES[id % STATES.length]!,
      'ZIP Code': String(10000 + (id % 80000)),
      Phone: `617555${String(id % 10000).padStart(4, '0')}`,
      Email: `bench${id}@example.com`,
      Division: '001',
      'Medical Plan': 'Choice PPO 500',
      'Medical Tier': TIERS[withSpouse ? 1 : 0]!,
    };
    yield LABELS.map((l) => values[l] ?? '');
    written += 1;
    if (withSpouse) {
      const spouse = {
        ...values,
        Relationship: 'Spouse',
        'First Name': 'Partner',
        SSN: ssn(id * 2 + 1),
        Gender: id % 2 ? 'F' : 'M',
      };
      yield LABELS.map((l) => spouse[l as keyof typeof spouse] ?? '');
      written += 1;
    }
  }
}

function csvOf(rows: number, offset: number): Buffer {
  const lines = [LABELS.join(',')];
  for (const row of census(rows, offset)) lines.push(row.join(','));
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

async function xlsxOf(rows: number, offset: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Enrollments');
  sheet.addRow(LABELS);
  for (const row of census(rows, offset)) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * An X12 834 full file of `members` members of group 2 (each subscriber with a spouse), as the
 * previous administrator would send it: its members' SSNs are new to the portal.
 */
function rosterOf(members: number, offset: number, planCode: string): Buffer {
  const header = { kind: 'full', controlNumber: 1, groupName: 'GROUP 2', taxID: '123456789' } as const;
  const segments = headerSegments({ ...header, policyNumber: 'G2', date: '2026-11-27', time: '0900' });
  let count = segments.length - 2;
  for (let i = 0; i < members; i += 1) {
    const id = offset + i;
    const self = i % 2 === 0;
    const family = offset + i - (self ? 0 : 1);
    const member: FeedMember = {
      subscriberID: `R${family}`,
      isSubscriber: self,
      relationship: self ? '18' : '01',
      maintenance: FULL_FILE_MAINTENANCE,
      firstName: self ? 'Roster' : 'Partner',
      middleName: null,
      lastName: `Member${String.fromCharCode(65 + (family % 26))}`,
      ssn: `${100 + (id % 800)}${10 + (Math.floor(id / 800) % 90)}${1000 + (Math.floor(id / 72_000) % 9000)}`,
      dateOfBirth: `19${60 + (id % 40)}-0${1 + (id % 9)}-1${id % 10}`,
      gender: i % 2 ? 'F' : 'M',
      address1: `${1 + (family % 900)} Main St`,
      address2: null,
      city: 'Springfield',
      state: 'MA',
      zipCode: String(10000 + (family % 80000)),
      phone: self ? `617555${String(family % 10000).padStart(4, '0')}` : null,
      email: self ? `roster${family}@example.com` : null,
      hireDate: self ? '2020-01-06' : null,
      termDate: null,
      coverages: [{ line: 'HLT', planCode, level: 'FAM', begin: '2026-01-01', end: null }],
    };
    for (const segment of memberSegments(member)) {
      segments.push(segment);
      count += 1;
    }
  }
  segments.push(...trailerSegments(header.controlNumber, count + 1));
  return Buffer.from(segments.join(''));
}

const seeded = await openSeededDatabase('import', Number(process.env.SEED_MEMBERS ?? 0));
const [medical] = await seeded.database.db
  .select({ planCode: plans.planCode })
  .from(plans)
  .where(and(eq(plans.employerPK, GROUP), eq(plans.planType, 'Medical'), eq(plans.planName, 'Choice PPO 500')));
// The server opens the folder itself: the bench lets go of it first.
await seeded.database.close();
const bench = await startBenchServer('import bench server', seeded.dataDir);
const { base } = bench;
try {
  await bench.ready();
  const tokens = await signInTokens(httpSend(base), 'hr@example.com', base);
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const serverRss = bench.rss;
  const loopP99 = async () => (await bench.loopDelay()).p99;

  /** Runs a step while sampling the server's RSS, its event-loop delay and a small call's latency. */
  async function measured<T>(label: string, step: () => Promise<T>) {
    // A person takes a moment between steps; the server uses it to start the next upload's worker.
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    await loopP99();
    const startRss = await serverRss();
    let peakRss = startRss;
    const rss = setInterval(() => void serverRss().then((v) => (peakRss = Math.max(peakRss, v))), 100);
    const probes: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const started = performance.now();
        await (await fetch(`${base}${endpointUrl(endpoints.genderList)}`, { headers })).arrayBuffer();
        probes.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const started = performance.now();
    const result = await step();
    const seconds = (performance.now() - started) / 1000;
    probing = false;
    await probe;
    clearInterval(rss);
    peakRss = Math.max(peakRss, await serverRss());
    const p99 = await loopP99();
    const sorted = probes.sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(36)} ${fixed(seconds, 2).padStart(7)} s   server RSS ${fixed(startRss / 1024 / 1024, 0)} → peak ${fixed(peakRss / 1024 / 1024, 0)} MB   ` +
        `loop delay p99 ${fixed(p99)} ms   small call p95 ${fixed(percentile(sorted, 0.95))} ms (max ${fixed(sorted.at(-1) ?? 0)})`,
    );
    return { result, seconds, peakRss, growth: peakRss - startRss, p99 };
  }

  const upload = async (fileName: string, bytes: Buffer) => {
    const res = await fetch(`${base}${endpointUrl(endpoints.importUpload)}?employerPK=${GROUP}&fileName=${fileName}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bytes),
    });
    if (!res.ok) throw new Error(`upload ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as ImportView;
  };

  console.log(`\nUpload Enrollments on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  const small = csvOf(SMALL, 0);
  const smallXlsx = await xlsxOf(SMALL, 500_000);
  const large = csvOf(LARGE, 1_000_000);
  console.log(
    `  files: ${SMALL.toLocaleString('en-US')} rows .csv ${fixed(small.length / 1e6)} MB, .xlsx ${fixed(smallXlsx.length / 1e6)} MB; ` +
      `${LARGE.toLocaleString('en-US')} rows .csv ${fixed(large.length / 1e6)} MB`,
  );

  const csvRun = await measured(`upload ${SMALL.toLocaleString('en-US')} rows .csv`, () => upload('bench.csv', small));
  if (csvRun.result.counts.error > 0) console.log(`  (${csvRun.result.counts.error} families in error)`);
  const xlsxRun = await measured(`upload ${SMALL.toLocaleString('en-US')} rows .xlsx`, () =>
    upload('bench.xlsx', smallXlsx),
  );
  const commitRun = await measured(`commit ${csvRun.result.counts.new.toLocaleString('en-US')} families`, async () => {
    let view: ImportView & { requestPKs: number[] };
    do {
      const res = await fetch(`${base}${endpointUrl(endpoints.importCommit)}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ employerPK: GROUP, importPK: csvRun.result.importPK, mode: 'valid' }),
      });
      if (!res.ok) throw new Error(`commit ${res.status}: ${await res.text()}`);
      view = (await res.json()) as typeof view;
    } while (view.status === 'committing');
    return view;
  });
  const largeRun = await measured(`upload ${LARGE.toLocaleString('en-US')} rows .csv`, () =>
    upload('bench-large.csv', large),
  );
  const roster = rosterOf(LARGE, 3_000_000, medical!.planCode);
  const operator = await signInTokens(httpSend(base), 'operator@example.com', base);
  const rosterRun = await measured(`roster ${LARGE.toLocaleString('en-US')} members .834`, async () => {
    const res = await fetch(
      `${base}${endpointUrl(endpoints.importRoster)}?employerPK=${GROUP}&fileName=roster.834&division=001`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${operator.access_token}`, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(roster),
      },
    );
    if (!res.ok) throw new Error(`roster ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as ImportView;
  });
  console.log(
    `  (roster file ${fixed(roster.length / 1e6)} MB: ${rosterRun.result.counts.new.toLocaleString('en-US')} new families, ` +
      `${rosterRun.result.counts.error.toLocaleString('en-US')} in error)`,
  );
  const runs = [csvRun, xlsxRun, commitRun, largeRun, rosterRun];
  const peakRss = Math.max(...runs.map((r) => r.peakRss));
  const loopDelay = Math.max(...runs.map((r) => r.p99));

  const pg = Boolean(process.env.DATABASE_URL);
  const rows = [
    [
      `${SMALL.toLocaleString('en-US')}-row .csv parsed and checked`,
      `${fixed(csvRun.seconds, 2)} s`,
      '≤ 2 s',
      csvRun.seconds <= 2,
    ],
    [
      `${SMALL.toLocaleString('en-US')}-row .xlsx parsed and checked`,
      `${fixed(xlsxRun.seconds, 2)} s`,
      '≤ 2 s',
      xlsxRun.seconds <= 2,
    ],
    ['commit', `${fixed(commitRun.seconds, 1)} s`, pg ? '≤ 20 s' : '≤ 40 s', commitRun.seconds <= (pg ? 20 : 40)],
    [
      `${LARGE.toLocaleString('en-US')} rows checked`,
      `${fixed(largeRun.seconds, 1)} s`,
      '≤ 15 s',
      largeRun.seconds <= 15,
    ],
    [
      `${LARGE.toLocaleString('en-US')}-member 834 roster`,
      `${fixed(rosterRun.seconds, 1)} s`,
      '≤ 30 s',
      rosterRun.seconds <= 30,
    ],
    ['server peak RSS', `${fixed(peakRss / 1024 / 1024, 0)} MB`, '≤ 300 MB', peakRss <= 300 * 1024 * 1024],
    ['event-loop delay p99', `${fixed(loopDelay)} ms`, '≤ 20 ms', loopDelay <= 20],
  ] as const;
  console.log('\nTargets');
  for (const [what, value, target, met] of rows)
    console.log(`  ${what.padEnd(36)} ${value.padStart(10)}   ${target.padEnd(9)} ${met ? 'met' : 'NOT MET'}`);
} finally {
  await bench.stop();
  // The bench's own connection is closed already; only a temp folder is left to remove.
  if (!process.env.BENCH_DATA_DIR) await rm(seeded.dataDir, { recursive: true, force: true });
}
process.exit(0);
