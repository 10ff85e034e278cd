// The serving thread's side of an upload's worker (`upload-worker.ts`): its messages one at a time,
// in the order the worker says them. A file the worker refuses arrives as an ImportFileError; a
// worker that fails or ends early rejects the wait.
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../lib/module-worker';
import { IMPORT_MESSAGES } from '../../../src/contracts/imports';
import { ImportFileError } from './files/import-file-error';
import type { FromUploadWorker, ToUploadWorker, UploadWorkerInput } from './upload-worker';

/**
 * The worker's old-generation heap: the largest file allowed (100,000 rows, 20 MB) holds about 150 MB
 * at its peak. Capped, the worker collects sooner rather than growing the process by hundreds of MB.
 */
const UPLOAD_WORKER_HEAP_MB = 256;

/**
 * Its young generation: by default V8 lets it grow to 48 MB, 32 MB of it kept even while the worker
 * waits. Rows live from their read to their batch, so many outlive a young-generation collection
 * whatever its size; at 16 MB a 10,000-row workbook reads a little slower (about a tenth, within the
 * noise of `bench:import`) for 16 MB less of every worker.
 */
const UPLOAD_WORKER_YOUNG_MB = 16;

const limitsOf = (heapMb: number) => ({
  maxOldGenerationSizeMb: heapMb,
  maxYoungGenerationSizeMb: UPLOAD_WORKER_YOUNG_MB,
});

/** Whether the bytes are the whole of their ArrayBuffer (not a slice of Node's shared pool). */
const ownsItsMemory = (bytes: Uint8Array) =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;

type Said<T extends FromUploadWorker['type']> = Extract<FromUploadWorker, { type: T }>;

export class UploadThread {
  private readonly queue: FromUploadWorker[] = [];
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: FromUploadWorker) => {
      this.queue.push(message);
      this.wake?.();
    });
    worker.on('error', (error: Error & { code?: string }) =>
      // Past its heap limit the file is refused like one past any other limit, not a server fault.
      this.fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportFileError(IMPORT_MESSAGES.tooMuchToCheck) : error,
      ),
    );
    worker.on('exit', (code) => this.fail(new Error(`The upload's worker ended (${code}).`)));
  }

  /** A worker for this upload: the one started ahead when there is one of this heap, else a new one. */
  static start(input: UploadWorkerInput, heapMb = UPLOAD_WORKER_HEAP_MB): UploadThread {
    // The file's bytes move to the worker rather than being copied, when no other buffer shares them.
    const transferList = ownsItsMemory(input.bytes) ? [input.bytes.buffer as ArrayBuffer] : [];
    const ready = heapMb === UPLOAD_WORKER_HEAP_MB ? spare.take() : null;
    if (!ready)
      return new UploadThread(
        startModuleWorker('upload-worker', WORKER_SOURCE, input, {
          resourceLimits: limitsOf(heapMb),
          transferList,
        }),
      );
    const thread = new UploadThread(ready);
    ready.postMessage({ type: 'input', input } satisfies ToUploadWorker, transferList);
    return thread;
  }

  private fail(error: Error) {
    this.failure ??= error;
    this.wake?.();
  }

  /** The worker's next message, which must be of one of these types; `refused` becomes an ImportFileError. */
  async next<T extends FromUploadWorker['type']>(...types: T[]): Promise<Said<T>> {
    while (this.queue.length === 0) {
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
    const message = this.queue.shift()!;
    if (message.type === 'refused') throw new ImportFileError(message.message);
    if (!types.includes(message.type as T))
      throw new Error(`The upload's worker said ${message.type}, not ${types.join(' or ')}.`);
    return message as Said<T>;
  }

  tell(message: ToUploadWorker) {
    this.worker.postMessage(message);
  }

  async stop() {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
    spare.replace();
  }
}

const WORKER_SOURCE = new URL('./upload-worker.ts', import.meta.url);

/**
 * One worker started ahead of the next upload, its modules (exceljs among them) loaded while it
 * waits: starting a worker and loading them takes 0.3 to 0.6 s of an upload's time. Kept only where
 * `keepUploadWorkerReady` asked for it (the serving process), never in tests.
 */
const spare = {
  worker: null as Worker | null,
  wanted: false,
  start() {
    const worker = startModuleWorker('upload-worker', WORKER_SOURCE, null, {
      resourceLimits: limitsOf(UPLOAD_WORKER_HEAP_MB),
    });
    // Waiting, it must not keep the process alive; a spare that fails is simply not used.
    worker.unref();
    const drop = () => {
      if (this.worker === worker) this.worker = null;
    };
    worker.once('error', drop).once('exit', drop);
    this.worker = worker;
  },
  take(): Worker | null {
    const worker = this.worker;
    if (!worker) return null;
    this.worker = null;
    worker.removeAllListeners('error').removeAllListeners('exit');
    worker.ref();
    return worker;
  },
  replace() {
    if (this.wanted && !this.worker) this.start();
  },
};

/** Keeps one upload worker started ahead from now on (the serving process calls this once). */
export function keepUploadWorkerReady() {
  spare.wanted = true;
  spare.replace();
  return {
    /** Whether a worker is waiting for the next upload. */
    get ready() {
      return spare.worker !== null;
    },
    async stop() {
      spare.wanted = false;
      const worker = spare.worker;
      spare.worker = null;
      await worker?.terminate();
    },
  };
}
