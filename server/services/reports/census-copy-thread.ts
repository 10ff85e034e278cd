// The serving thread's side of a census's worker on PostgreSQL (./census-copy-worker.ts).
import type { Worker } from 'node:worker_threads';
import type pg from 'pg';
import { startModuleWorker } from '../../lib/module-worker';
import type { CensusCopyConnection, FromCensusCopyWorker, ToCensusCopyWorker } from './census-copy-worker';

const COPY_WORKER_SOURCE = new URL('./census-copy-worker.ts', import.meta.url);

/** How the worker's sessions show in pg_stat_activity. */
export const CENSUS_SESSION_NAME = 'census';

/** A batch's file bytes and the records they hold. */
export type CopiedBatch = { chunks: Buffer[]; rows: number };

/**
 * The census's worker old generation: it holds at most the batches read ahead of output (about 2 MB
 * each) and the driver's buffers, so a small heap keeps its share of the server's memory small.
 */
const COPY_WORKER_LIMITS = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 };

/**
 * The serving thread's side of a census's worker (./census-copy-worker.ts): sends it a batch's COPY
 * statement and waits for the batch's bytes. A worker that fails or ends fails every batch waited
 * for; `stop` ends it at once (a client that went away, a failed batch), sessions and all.
 */
export class CensusCopyThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(batch: CopiedBatch): void; reject(error: Error): void }>();
  private nextId = 0;
  private failure: Error | null = null;

  constructor(pool: pg.Pool) {
    const { connectionString, connectionTimeoutMillis, statement_timeout, options } = pool.options;
    const connection: CensusCopyConnection = {
      connectionString,
      connectionTimeoutMillis,
      statement_timeout,
      options,
      application_name: CENSUS_SESSION_NAME,
    };
    this.worker = startModuleWorker('census-copy-worker', COPY_WORKER_SOURCE, connection, {
      resourceLimits: COPY_WORKER_LIMITS,
    });
    this.worker.on('message', (message: FromCensusCopyWorker) => {
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if ('error' in message) waiter?.reject(new Error(message.error));
      else waiter?.resolve({ chunks: message.chunks.map((chunk) => Buffer.from(chunk)), rows: message.rows });
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`The census's worker ended (${code}).`)));
  }

  private fail(error: Error) {
    this.failure ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(this.failure);
    this.waiting.clear();
  }

  copy(statement: string): Promise<CopiedBatch> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ type: 'copy', id, statement } satisfies ToCensusCopyWorker);
    });
  }

  /** Every batch is in: the worker closes its sessions and stops. */
  end() {
    this.worker.postMessage({ type: 'end' } satisfies ToCensusCopyWorker);
  }

  stop() {
    void this.worker.terminate();
  }
}
