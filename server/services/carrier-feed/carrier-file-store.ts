// Carrier files at rest: they hold full SSNs, so their bytes are kept only encrypted, as AES-256-GCM
// chunks of at most CHUNK_BYTES each (a 100,000-member file is written and read as a stream).
// The key is CARRIER_FEED_KEY (32 bytes, base64); without it a key is made once and kept in the
// database beside the identity provider's keys, which protects a copied table but not a copied database.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carrierFileChunks, idpSecrets } from '../../db/schema';

const CHUNK_BYTES = 256 * 1024;
const CHUNKS_PER_READ = 4;
const KEY_NAME = 'carrier-feed-key';

export async function carrierFeedKey(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  if (env.CARRIER_FEED_KEY) {
    const key = Buffer.from(env.CARRIER_FEED_KEY, 'base64');
    if (key.length !== 32) throw new Error('CARRIER_FEED_KEY must be 32 bytes in base64');
    return key;
  }
  const read = async () => {
    const [row] = await db.select({ value: idpSecrets.value }).from(idpSecrets).where(eq(idpSecrets.name, KEY_NAME));
    return row ? Buffer.from(String(row.value.key), 'base64') : null;
  };
  const existing = await read();
  if (existing) return existing;
  // Replicas starting together: the first insert wins and everyone reads it back.
  await db
    .insert(idpSecrets)
    .values({ name: KEY_NAME, value: { key: randomBytes(32).toString('base64') } })
    .onConflictDoNothing();
  return (await read())!;
}

/**
 * Collects text, writes an encrypted chunk whenever CHUNK_BYTES have gathered. A chunk's insert runs
 * while the next chunk's text is made (one insert at a time, in order); end() waits for the last.
 */
export class EncryptedChunkWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;
  private inserting: Promise<void> = Promise.resolve();
  bytes = 0;

  /** Chunks made so far. */
  get chunks(): number {
    return this.seq;
  }

  constructor(
    private readonly db: Db,
    private readonly carrierFilePK: number,
    private readonly key: Buffer,
  ) {}

  async write(text: string): Promise<void> {
    const data = Buffer.from(text, 'utf8');
    this.pending.push(data);
    this.pendingBytes += data.length;
    this.bytes += data.length;
    if (this.pendingBytes >= CHUNK_BYTES) await this.flush();
  }

  /** Encrypts what has gathered and starts its insert once the one before it is done. */
  async flush(): Promise<void> {
    if (this.pendingBytes === 0) return;
    const plain = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    // The chunk's place is authenticated too, so chunks cannot be reordered or moved between files.
    cipher.setAAD(Buffer.from(`${this.carrierFilePK}:${this.seq}`));
    const data = Buffer.concat([cipher.update(plain), cipher.final()]);
    const chunk = { carrierFilePK: this.carrierFilePK, seq: this.seq, iv, tag: cipher.getAuthTag(), data };
    this.seq++;
    await this.inserting;
    this.inserting = this.db
      .insert(carrierFileChunks)
      .values(chunk)
      .then(() => undefined);
    // Awaited by the next flush or by end(); until then a failure must not count as unhandled.
    this.inserting.catch(() => {});
  }

  /** Writes what is left and waits until every chunk is stored. */
  async end(): Promise<void> {
    await this.flush();
    await this.inserting;
  }
}

/** Pages of chunks, the next page read while this one is decrypted and taken. */
async function* decryptedChunks(db: Db, carrierFilePK: number, key: Buffer): AsyncGenerator<Buffer> {
  const pageAfter = (after: number) =>
    db
      .select()
      .from(carrierFileChunks)
      .where(and(eq(carrierFileChunks.carrierFilePK, carrierFilePK), gt(carrierFileChunks.seq, after)))
      .orderBy(asc(carrierFileChunks.seq))
      .limit(CHUNKS_PER_READ);
  let rows = await pageAfter(-1);
  for (;;) {
    const next = rows.length === CHUNKS_PER_READ ? pageAfter(rows.at(-1)!.seq) : null;
    // A reader that stops early leaves the read ahead unawaited: it must not count as unhandled.
    next?.catch(() => {});
    for (const row of rows) {
      const decipher = createDecipheriv('aes-256-gcm', key, row.iv);
      decipher.setAAD(Buffer.from(`${carrierFilePK}:${row.seq}`));
      decipher.setAuthTag(row.tag);
      yield Buffer.concat([decipher.update(row.data), decipher.final()]);
    }
    if (!next) return;
    rows = await next;
  }
}

/** The file's plain bytes as a stream, read a few chunks at a time. */
export function readCarrierFile(db: Db, carrierFilePK: number, key: Buffer): Readable {
  return Readable.from(decryptedChunks(db, carrierFilePK, key), { objectMode: false });
}

export async function readCarrierFileText(db: Db, carrierFilePK: number, key: Buffer): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of decryptedChunks(db, carrierFilePK, key)) parts.push(part);
  return Buffer.concat(parts).toString('utf8');
}
