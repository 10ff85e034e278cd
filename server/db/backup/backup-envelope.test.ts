import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BackupError, backupKeyFrom, openBackup, sealBackup } from './backup-envelope';

const KEY = 'k'.repeat(40);
const header = { engine: 'postgres' as const, createdAt: '2026-11-27T00:00:00.000Z', migrations: ['a', 'b'] };

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function* once(bytes: Buffer) {
  yield bytes;
}

const sealed = async (content: Buffer) => collect(sealBackup(once(content), header, KEY));
const opened = async (file: Buffer, key = KEY) => {
  const { header: read, content } = await openBackup(once(file), key);
  return { header: read, content: await collect(content) };
};

describe('backup envelope', () => {
  // Random bytes do not compress, so this spans several encrypted records.
  const content = randomBytes(2_500_000);

  it('gives back the content and the header it was sealed with, and shows no plain content', async () => {
    const file = await sealed(content);
    expect(file.includes(content.subarray(1000, 1064))).toBe(false);
    const read = await opened(file);
    expect(read.header).toMatchObject(header);
    expect(read.content.equals(content)).toBe(true);
    expect((await opened(await sealed(Buffer.alloc(0)))).content.length).toBe(0);
  });

  it('refuses another key, a changed byte, a file cut short, an added record and a changed header', async () => {
    const file = await sealed(content);
    const refused = async (bytes: Buffer, key = KEY) => {
      const error = await opened(bytes, key).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      return (error as BackupError).message;
    };
    expect(await refused(file, 'x'.repeat(40))).toMatch(/could not be decrypted/);
    const flipped = Buffer.from(file);
    flipped[file.length - 100]! ^= 1;
    expect(await refused(flipped)).toMatch(/could not be decrypted/);
    // Cut at a record boundary too: the record before the cut does not authenticate as the last.
    const firstRecordEnd = file.indexOf('\n', file.indexOf('\n') + 1) + 1 + 4 + 12 + 1024 * 1024 + 16;
    expect(await refused(file.subarray(0, firstRecordEnd + 4 + 12 + 1024 * 1024 + 16))).toMatch(
      /could not be decrypted/,
    );
    expect(await refused(file.subarray(0, file.length - 1))).toMatch(/could not be decrypted/);
    expect(await refused(Buffer.concat([file, file.subarray(firstRecordEnd)]))).toMatch(/could not be decrypted/);
    const otherHeader = Buffer.from(
      file.toString('latin1').replace('"engine":"postgres"', '"engine":"pglite"  '),
      'latin1',
    );
    expect(await refused(otherHeader)).toMatch(/could not be decrypted/);
    expect(await refused(Buffer.from('name,ssn\nA,123\n'))).toBe('This file is not a portal backup.');
  });

  it('asks for a BACKUP_KEY long enough', () => {
    expect(() => backupKeyFrom({})).toThrow(/BACKUP_KEY must be set/);
    expect(() => backupKeyFrom({ BACKUP_KEY: 'short' })).toThrow(BackupError);
    expect(backupKeyFrom({ BACKUP_KEY: KEY })).toBe(KEY);
  });
});
