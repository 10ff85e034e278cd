// The backup file: a plain header line naming what is inside, then the gzipped content encrypted in
// records of at most RECORD_BYTES with AES-256-GCM under a key derived from BACKUP_KEY. Each record's
// additional data binds the header, its position and whether it is the last, so a file cut short,
// reordered, spliced from two backups or opened with another key is refused, never half restored.
import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt as scryptCallback } from 'node:crypto';
import { promisify } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import { Readable, pipeline } from 'node:stream';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const MAGIC = 'PORTAL-BACKUP 1';
const RECORD_BYTES = 1024 * 1024;
/** A header longer than this is not one of ours. */
const HEADER_MAX = 64 * 1024;
export const BACKUP_KEY_MIN_LENGTH = 32;

export type BackupEngine = 'pglite' | 'postgres';

export type BackupHeader = {
  /** pglite: a tar of the data directory; postgres: the portal's tables as JSON lines. */
  engine: BackupEngine;
  createdAt: string;
  /** Hashes of the migrations the database had, oldest first: a restore needs the same schema. */
  migrations: string[];
  salt: string;
};

export class BackupError extends Error {}

/** `source` through `transform`, with an error of either ending the iteration of the result. */
function through(source: Readable, transform: NodeJS.ReadWriteStream & Readable): Readable {
  return pipeline(source, transform, () => {});
}

/** The key from BACKUP_KEY, or a BackupError saying what is wrong with it. */
export function backupKeyFrom(env: NodeJS.ProcessEnv): string {
  const key = env.BACKUP_KEY ?? '';
  if (key.length < BACKUP_KEY_MIN_LENGTH) {
    throw new BackupError(
      `BACKUP_KEY must be set to a secret of at least ${BACKUP_KEY_MIN_LENGTH} characters (for example: openssl rand -base64 32).`,
    );
  }
  return key;
}

const deriveKey = (secret: string, salt: Buffer) =>
  scrypt(secret, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });

function additionalData(headerDigest: Buffer, index: number, last: boolean): Buffer {
  const position = Buffer.alloc(9);
  position.writeBigUInt64BE(BigInt(index));
  position.writeUInt8(last ? 1 : 0, 8);
  return Buffer.concat([headerDigest, position]);
}

/** Chunks of exactly `size` bytes (the last one shorter, possibly empty), from chunks of any size. */
async function* evenChunks(source: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of source) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    while (pendingBytes >= size) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, size);
      pending = [all.subarray(size)];
      pendingBytes = all.length - size;
    }
  }
  yield Buffer.concat(pending);
}

/** The backup file's bytes for `content`: header, then encrypted records of its gzipped bytes. */
export async function* sealBackup(
  content: AsyncIterable<Buffer>,
  header: Omit<BackupHeader, 'salt'>,
  secret: string,
): AsyncGenerator<Buffer> {
  const salt = randomBytes(16);
  const key = await deriveKey(secret, salt);
  const headerLine = Buffer.from(`${MAGIC}\n${JSON.stringify({ ...header, salt: salt.toString('base64') })}\n`);
  const digest = createHash('sha256').update(headerLine).digest();
  yield headerLine;
  const zipped = through(Readable.from(content), createGzip());
  // One record behind, so the last one is known to be the last when it is sealed.
  let index = 0;
  let held: Buffer | null = null;
  const seal = (plain: Buffer, last: boolean) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(additionalData(digest, index, last));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    index += 1;
    return Buffer.concat([length, iv, body, cipher.getAuthTag()]);
  };
  for await (const chunk of evenChunks(zipped, RECORD_BYTES)) {
    if (held) yield seal(held, false);
    held = chunk;
  }
  yield seal(held ?? Buffer.alloc(0), true);
}

/** Reads exactly what is asked from a byte stream, across its chunks. */
class ByteReader {
  private buffered = Buffer.alloc(0);
  private readonly source: AsyncIterator<Buffer>;
  constructor(source: AsyncIterable<Buffer>) {
    this.source = source[Symbol.asyncIterator]();
  }
  /** `count` bytes, or fewer only at the end of the stream. */
  async take(count: number): Promise<Buffer> {
    while (this.buffered.length < count) {
      const next = await this.source.next();
      if (next.done) break;
      this.buffered = Buffer.concat([this.buffered, next.value]);
    }
    const taken = this.buffered.subarray(0, count);
    this.buffered = this.buffered.subarray(taken.length);
    return taken;
  }
  /** Bytes up to and including the next newline, within `max`. */
  async line(max: number): Promise<Buffer> {
    for (;;) {
      const at = this.buffered.indexOf(0x0a);
      if (at >= 0) return this.take(at + 1);
      if (this.buffered.length > max) throw new BackupError('This file is not a portal backup.');
      const next = await this.source.next();
      if (next.done) throw new BackupError('This file is not a portal backup.');
      this.buffered = Buffer.concat([this.buffered, next.value]);
    }
  }
}

const damaged = () =>
  new BackupError(
    'The backup could not be decrypted: BACKUP_KEY is not the one it was made with, or the file is damaged.',
  );

/**
 * Opens a backup file: its header, and its content as it is decrypted. The content throws a
 * BackupError at the first record that fails to authenticate, and when the file ends before its last.
 */
export async function openBackup(
  file: AsyncIterable<Buffer>,
  secret: string,
): Promise<{ header: BackupHeader; content: AsyncIterable<Buffer> }> {
  const reader = new ByteReader(file);
  const magic = await reader.line(MAGIC.length + 1);
  if (magic.toString() !== `${MAGIC}\n`) throw new BackupError('This file is not a portal backup.');
  const headerText = await reader.line(HEADER_MAX);
  let header: BackupHeader;
  try {
    header = JSON.parse(headerText.toString()) as BackupHeader;
  } catch {
    throw new BackupError('This file is not a portal backup.');
  }
  if (
    (header.engine !== 'pglite' && header.engine !== 'postgres') ||
    !Array.isArray(header.migrations) ||
    typeof header.salt !== 'string'
  ) {
    throw new BackupError('This file is not a portal backup.');
  }
  const digest = createHash('sha256').update(magic).update(headerText).digest();
  const key = await deriveKey(secret, Buffer.from(header.salt, 'base64'));

  async function* records(): AsyncGenerator<Buffer> {
    for (let index = 0; ; index += 1) {
      const length = await reader.take(4);
      if (length.length < 4) throw damaged();
      const bodyLength = length.readUInt32BE(0);
      if (bodyLength > RECORD_BYTES + 1024) throw damaged();
      const record = await reader.take(12 + bodyLength + 16);
      if (record.length < 12 + bodyLength + 16) throw damaged();
      const iv = record.subarray(0, 12);
      const body = record.subarray(12, 12 + bodyLength);
      const tag = record.subarray(12 + bodyLength);
      // The record says nothing of whether it is last: it authenticates under exactly one of the two.
      for (const last of [false, true]) {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(additionalData(digest, index, last));
        decipher.setAuthTag(tag);
        let plain: Buffer;
        try {
          plain = Buffer.concat([decipher.update(body), decipher.final()]);
        } catch {
          if (!last) continue;
          throw damaged();
        }
        yield plain;
        if (last) {
          if ((await reader.take(1)).length > 0) throw damaged();
          return;
        }
        break;
      }
    }
  }
  return { header, content: through(Readable.from(records()), createGunzip()) };
}
