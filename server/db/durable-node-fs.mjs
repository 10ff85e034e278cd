// PGlite on a folder acknowledges a commit before it reaches the disk: it starts PostgreSQL with
// fsync off, and the file layer under it (Emscripten's NODEFS) has no fsync at all, so a commit's
// WAL record sits in the operating system's cache until it writes it back. A power cut or a kernel
// crash in between loses writes the caller was told had succeeded. This file layer gives NODEFS a
// real fsync, and the start parameters turn PostgreSQL's fsync back on with the one WAL sync method
// that reaches it (Emscripten's fdatasync does nothing): each COMMIT returns only once its WAL is on
// disk, whichever way the transaction was run.
import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** PGlite's own start parameters with `-F` (fsync off) dropped and fsync on through `fsync()`. */
export const durableStartParams = [
  ...PGlite.defaultStartParams.filter((parameter) => parameter !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

export class DurableNodeFS extends NodeFS {
  #fsync;

  /** `fsync` is the call made with each file descriptor PostgreSQL syncs; tests may watch it. */
  constructor(dataDir, { fsync = fsyncSync } = {}) {
    super(dataDir);
    this.#fsync = fsync;
  }

  async init(pg, emscriptenOptions) {
    const result = await super.init(pg, emscriptenOptions);
    const fsync = this.#fsync;
    result.emscriptenOpts.preRun.push((module) => {
      const nodefs = module.FS.filesystems.NODEFS;
      // Every NODEFS file shares this object. An error becomes Emscripten's errno, so PostgreSQL sees
      // a failed fsync and stops (data_sync_retry is off) rather than carrying on with lost writes.
      nodefs.stream_ops.fsync = (stream) => {
        if (stream.nfd !== undefined) nodefs.tryFSOperation(() => fsync(stream.nfd));
        return 0;
      };
    });
    return result;
  }
}
