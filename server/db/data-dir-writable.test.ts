import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertDataDirWritable, DataDirNotWritableError, notWritableReason } from './data-dir-writable';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'data-dir-writable-'));
  writeFileSync(path.join(dir, 'a-file'), 'not a folder');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A read-only bind mount of a fresh folder, when this machine lets us mount (root), else null. */
function readOnlyMount(): { path: string; unmount(): void } | null {
  const source = path.join(dir, 'ro-source');
  const target = path.join(dir, 'ro');
  mkdirSync(source, { recursive: true });
  mkdirSync(target, { recursive: true });
  try {
    execFileSync('mount', ['-o', 'ro,bind', source, target], { stdio: 'ignore' });
    return { path: target, unmount: () => execFileSync('umount', [target]) };
  } catch (error) {
    // As root (CI, the project's machines) the mount must work: a failure there is a failure.
    if (process.getuid?.() === 0) throw error;
    return null;
  }
}

describe('assertDataDirWritable', () => {
  it('creates a missing folder and leaves no probe behind', () => {
    const dataDir = path.join(dir, 'new', 'data');
    assertDataDirWritable(dataDir);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it.each([
    ['a path under a file', () => path.join(dir, 'a-file', 'data'), 'ENOTDIR'],
    ['a file instead of a folder', () => path.join(dir, 'a-file'), 'EEXIST'],
  ])('refuses %s with one clear message', (_name, dataDir, code) => {
    const target = dataDir();
    expect(() => assertDataDirWritable(target)).toThrow(DataDirNotWritableError);
    expect(() => assertDataDirWritable(target)).toThrow(
      new RegExp(`^DATA_DIR ${target} is not writable: ${code}\\b.*; choose a writable folder or free space\\.$`),
    );
  });

  it('refuses a read-only mount (EROFS), which root cannot write either', (context) => {
    const mount = readOnlyMount();
    if (!mount) {
      // Mounting needs root; the EROFS message is then covered by the classification below only.
      console.warn('read-only bind mount unavailable here: EROFS start-up check not exercised');
      context.skip();
      return;
    }
    try {
      // The folder itself (the probe fails), and one to create in it (mkdir fails).
      for (const dataDir of [mount.path, path.join(mount.path, 'data', 'db')]) {
        expect(() => assertDataDirWritable(dataDir)).toThrow(/is not writable: EROFS: read-only file system/);
      }
    } finally {
      mount.unmount();
    }
  });

  it.each([
    [{ code: 'ENOSPC', message: 'ENOSPC: no space left on device, write' }, 'ENOSPC: no space left on device, write'],
    [{ code: 'EROFS', message: 'read-only' }, 'EROFS: read-only'],
    // The database process's report of PGlite's own file errors.
    [
      { code: 'ENOSPC', message: 'ENOSPC (errno 51) while opening the database files' },
      'ENOSPC (errno 51) while opening the database files',
    ],
    [
      { message: 'could not write to file "pg_wal/xlogtemp.42": No space left on device' },
      'could not write to file "pg_wal/xlogtemp.42": No space left on device',
    ],
  ])('names the reason of %o', (error, reason) => {
    expect(notWritableReason(error)).toBe(reason);
  });

  it.each([[{ code: 'ENOENT', message: 'missing' }], [new Error('something else')], [null]])(
    'is not about writability for %o',
    (error) => {
      expect(notWritableReason(error)).toBeNull();
    },
  );
});

describe('npm start on a folder that cannot take writes', () => {
  it('prints one line and exits 1 before the database starts', async () => {
    const dataDir = path.join(dir, 'a-file', 'data');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SERVE_SPA: 'false', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    // Its last line (a library may warn about the runtime first), and no stack trace.
    expect(stderr.trim().split('\n').at(-1)).toBe(
      `DATA_DIR ${dataDir} is not writable: ENOTDIR: not a directory, mkdir '${dataDir}'; choose a writable folder or free space.`,
    );
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stdout).toBe('');
  });
});
