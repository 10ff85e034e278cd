// Whether the embedded database's folder can take writes, checked before its process starts: a
// read-only mount, a path under a file, a missing permission or a full disk otherwise surface as a
// stack trace from deep inside PGlite, or as a database process that keeps failing to start.
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Error codes of a folder that cannot take writes (rather than a fault of the code). */
const NOT_WRITABLE_CODES = new Set(['EROFS', 'ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'ENOTDIR', 'EEXIST', 'EIO']);

export class DataDirNotWritableError extends Error {
  readonly dataDir: string;
  readonly reason: string;

  constructor(dataDir: string, reason: string) {
    super(`DATA_DIR ${dataDir} is not writable: ${reason}; choose a writable folder or free space.`);
    this.name = 'DataDirNotWritableError';
    this.dataDir = dataDir;
    this.reason = reason;
  }
}

/** The code and message of a file-system error that means the folder cannot take writes, else null. */
export function notWritableReason(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (typeof code === 'string' && NOT_WRITABLE_CODES.has(code))
    return text.startsWith(code) ? text : `${code}: ${text}`;
  // PGlite's own file layer reports errno names in messages rather than codes.
  const named = /\b(EROFS|ENOSPC|EDQUOT|EIO)\b|No space left on device|Read-only file system/.exec(text);
  return named ? text : null;
}

/** mkdir -p whose error is the real one: Node's recursive mkdir says ENOENT on a read-only disk. */
function makeFolder(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    let missing = dataDir;
    while (!existsSync(path.dirname(missing)) && path.dirname(missing) !== missing) missing = path.dirname(missing);
    mkdirSync(missing);
    throw error;
  }
}

/**
 * Creates `dataDir` when missing, then writes, fsyncs and deletes a small probe file in it, so that a
 * folder that cannot take writes is refused with one clear message before the database opens it.
 * The probe is 64 KiB so that a disk with only a few blocks left fails here too.
 */
export function assertDataDirWritable(dataDir: string): void {
  const probe = path.join(dataDir, `.write-probe-${randomUUID()}`);
  let fd: number | undefined;
  try {
    makeFolder(dataDir);
    fd = openSync(probe, 'wx');
    writeSync(fd, Buffer.alloc(64 * 1024, 1));
    fsyncSync(fd);
  } catch (error) {
    const reason = notWritableReason(error);
    if (reason) throw new DataDirNotWritableError(dataDir, reason);
    throw error;
  } finally {
    if (fd !== undefined) {
      closeSync(fd);
      try {
        unlinkSync(probe);
      } catch {
        // Nothing else can be done about a probe that cannot be deleted; it is harmless.
      }
    }
  }
}
