// The worker thread of one census on PostgreSQL: runs the batches' COPY statements on sessions of its
// own and turns their output into the file's bytes. A million members are about 230 MB of output in
// many small chunks; reading and converting them here keeps their garbage, and its collection
// pauses, off the thread that serves everyone's calls, which only writes each finished batch.
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
export type FromCensusCopyWorker = { id: number; chunks: ArrayBuffer[]; rows: number } | { id: number; error: string };

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

/** A chunk's own memory, which can move to another thread (a slice of a shared one is copied). */
function ownMemory(chunk: Buffer): ArrayBuffer {
  const whole = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength;
  return whole && chunk.buffer instanceof ArrayBuffer ? chunk.buffer : new Uint8Array(chunk).buffer;
}

/**
 * Gathers one batch (about 2 MB), in the chunks it was read in, each of which can move to the
 * serving thread uncopied. Gathering, not streaming, means a statement never waits for the client,
 * however slowly it reads; a session whose COPY failed is closed rather than used again.
 */
async function copyBatch(statement: string): Promise<{ chunks: ArrayBuffer[]; rows: number }> {
  const client = await session();
  try {
    const csv = new CopyTextToCsv();
    const chunks: ArrayBuffer[] = [];
    for await (const chunk of client.query(copyTo(statement))) chunks.push(ownMemory(csv.convert(chunk as Buffer)));
    idle.push(client);
    return { chunks, rows: csv.rows };
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
    ({ chunks, rows }) => port.postMessage({ id, chunks, rows } satisfies FromCensusCopyWorker, chunks),
    (error: unknown) =>
      port.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies FromCensusCopyWorker),
  );
});
