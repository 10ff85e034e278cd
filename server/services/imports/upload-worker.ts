// The worker thread of one upload: reads the file, maps and checks its rows, and hands them back in
// insert-ready batches. Parsing and checking 100,000 rows makes a lot of short-lived objects; here
// their garbage collection pauses this thread, never the one serving everyone's calls. The database
// stays with the serving thread (the embedded one has a single connection): the worker asks it for
// the mapping and for the facts about the file's SSNs, and waits for it to store each batch.
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportMapping, ImportSource, ImportValueMappings } from '../../../src/contracts/imports';
import { checkedFamilies, planChecks, setupOf } from './check-rows';
import { ImportFileError } from './files/import-file-error';
import { contextFrom, type ContextRows } from './import-context';
import { readUpload } from './read-upload';
import { ROW_BATCH, rowBatchJson, type RowWrite } from './row-batches';
import { readRoster } from './roster-rows';
import { openRow } from './packed-rows';
import { collectAll } from '../../lib/heap-growth';
import type { Facts, UnmappedValue } from './row-model';

export type UploadWorkerInput = {
  employerPK: number;
  fileName: string;
  bytes: Uint8Array;
  /** A roster (834) and the division its members join, or null for a spreadsheet. */
  roster: { division: string } | null;
  contextRows: ContextRows;
};

/** What the worker says, in this order (`refused` ends it early). */
export type FromUploadWorker =
  | {
      type: 'read';
      format: ImportSource;
      encoding: string | null;
      delimiter: string | null;
      columns: string[];
      sha256: string;
    }
  | { type: 'keys'; employeeSsns: string[]; duplicates: string[] }
  | { type: 'rows'; json: string }
  | { type: 'done'; unmapped: UnmappedValue[]; lastRow: number; ssns: string[] }
  | { type: 'refused'; message: string };

/** What it is told: the mapping after `read`, the facts after `keys`, and `more` after each batch. */
export type ToUploadWorker =
  | { type: 'input'; input: UploadWorkerInput }
  | { type: 'setup'; mapping: ImportMapping; valueMappings: ImportValueMappings }
  | { type: 'facts'; facts: Facts; importPK: number }
  | { type: 'more' };

const port = parentPort!;
/** The upload, or null in a worker started ahead, which is told it later. */
const given = (workerData as { input: UploadWorkerInput | null }).input;
const say = (message: FromUploadWorker) => port.postMessage(message);

const waiting: ((message: ToUploadWorker) => void)[] = [];
port.on('message', (message: ToUploadWorker) => waiting.shift()?.(message));
function next<T extends ToUploadWorker['type']>(type: T): Promise<Extract<ToUploadWorker, { type: T }>> {
  return new Promise((resolve, reject) =>
    waiting.push((message) =>
      message.type === type
        ? resolve(message as Extract<ToUploadWorker, { type: T }>)
        : reject(new Error(`upload worker: expected ${type}, got ${message.type}`)),
    ),
  );
}

/** The file's rows; its bytes (up to 20 MB) are let go once read, not held while the rows are checked. */
async function readInput(input: UploadWorkerInput) {
  const file = { bytes: Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength) };
  input.bytes = new Uint8Array(0);
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const upload = input.roster
    ? await readRoster(file.bytes, input.roster.division)
    : await readUpload(file, input.fileName);
  return { upload, sha256 };
}

async function run() {
  if (!given) {
    // Started ahead: exceljs, the heaviest module, loads while the worker waits for its upload.
    void import('exceljs').catch(() => undefined);
  }
  const input = given ?? (await next('input')).input;
  const { upload, sha256 } = await readInput(input);
  // The file's text and the parser's garbage (half the heap after 100,000 rows) go before planning.
  collectAll();
  const { format, encoding, delimiter, columns } = upload;
  say({ type: 'read', format, encoding, delimiter, columns, sha256 });

  const { mapping, valueMappings } = await next('setup');
  const setup = setupOf(contextFrom(input.employerPK, input.contextRows), { columns, mapping, valueMappings, format });
  const plan = planChecks(upload.rows, setup, openRow);
  const { unmapped } = plan;
  const lastRow = upload.rows.reduce((n, r) => Math.max(n, r.rowNumber), 1);
  // From here the plan's families hold the rows, and let go of each once it is checked and sent.
  upload.rows = [];
  say({ type: 'keys', employeeSsns: plan.employeeSsns, duplicates: [...plan.duplicates] });

  const { facts, importPK } = await next('facts');
  const ssns: string[] = [];
  let batch: RowWrite[] = [];
  // One batch is stored while the next is checked: the worker waits only when a second is ready.
  let stored: Promise<unknown> = Promise.resolve();
  const send = async () => {
    const json = rowBatchJson(importPK, batch);
    batch = [];
    await stored;
    say({ type: 'rows', json });
    stored = next('more');
    // Awaited before the next batch; until then a refusal must not count as unhandled.
    stored.catch(() => undefined);
  };
  for (const family of checkedFamilies(plan, setup, facts, openRow)) {
    for (const row of family) {
      batch.push(row);
      if (input.roster && row.checked.ssn) ssns.push(row.checked.ssn);
    }
    if (batch.length >= ROW_BATCH) await send();
  }
  if (batch.length > 0) await send();
  await stored;
  say({ type: 'done', unmapped, lastRow, ssns });
}

run().catch((error: unknown) => {
  // A file the user must fix is an answer, not a failure of the worker.
  if (error instanceof ImportFileError) say({ type: 'refused', message: error.message });
  else throw error;
});
