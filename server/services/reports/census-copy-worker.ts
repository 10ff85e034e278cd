// The worker thread of one census on PostgreSQL: runs the batches' COPY statements on sessions of its
// own and turns their output into the file's bytes. A million members are about 230 MB of output in
// many small chunks; reading and converting them here keeps their garbage, and its collection
// pauses, off the thread that serves everyone's calls, which only writes each finished batch.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { CopyTextToCsv } from './copy-text-to-csv';

/** How the worker reaches the database: the serving pool's settings that can cross threads. */
export type CensusCopyConnection = Pick<
  pg.ClientConfig,
  'connectionString' | 'connectionTimeoutMillis' | 'statement_timeout' | 'options' | 'application_name'
>;

/** A batch's COPY statement to run, or `end`: close the sessions and stop. */
export type ToCensusCopyWorker = { type: 'copy'; id: number; statement: string } | { type: 'end' };

/** A batch's file bytes (moved, not copied) and the records they hold, or why it failed. */
export type FromCensusCopyWorker = { id: number; bytes: ArrayBuffer; rows: number } | { id: number; error: string };

/**
 * Lowers this thread's CPU priority (Linux: a thread's own nice value, found through its task id), so
 * when the cores are full the serving thread runs first and the census waits. Elsewhere it is left.
 */
function yieldToServing() {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
  } catch {
    // No /proc, or not allowed: the worker runs at the process's priority.
  }
}
yieldToServing();

const port = parentPort!;
const connection = (workerData as { input: CensusCopyConnection }).input;
const idle: pg.Client[] = [];

async function session(): Promise<pg.Client> {
  const reused = idle.pop();
  if (reused) return reused;
  const client = new pg.Client(connection);
  // A session that fails while idle fails its next COPY instead of ending the worker.
  client.on('error', () => {});
  await client.connect();
  return client;
}

/**
 * Gathers one batch (about 2 MB) into a buffer of its own, which can move to the serving thread.
 * Gathering, not streaming, means a statement never waits for the client, however slowly it reads;
 * a session whose COPY failed is closed rather than used again.
 */
async function copyBatch(statement: string): Promise<{ bytes: ArrayBuffer; rows: number }> {
  const client = await session();
  try {
    const csv = new CopyTextToCsv();
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of client.query(copyTo(statement))) {
      const converted = csv.convert(chunk as Buffer);
      chunks.push(converted);
      length += converted.length;
    }
    const bytes = new ArrayBuffer(length);
    let at = 0;
    for (const chunk of chunks) {
      new Uint8Array(bytes, at, chunk.length).set(chunk);
      at += chunk.length;
    }
    idle.push(client);
    return { bytes, rows: csv.rows };
  } catch (error) {
    client.end().catch(() => {});
    throw error;
  }
}

port.on('message', (message: ToCensusCopyWorker) => {
  if (message.type === 'end') {
    void Promise.allSettled(idle.map((client) => client.end())).then(() => port.close());
    return;
  }
  const { id, statement } = message;
  copyBatch(statement).then(
    ({ bytes, rows }) => port.postMessage({ id, bytes, rows } satisfies FromCensusCopyWorker, [bytes]),
    (error: unknown) =>
      port.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies FromCensusCopyWorker),
  );
});
