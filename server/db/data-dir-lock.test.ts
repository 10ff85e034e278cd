import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employers } from './schema';
import { DataDirInUseError, openDatabase } from './client';
import { assertDataDirFree, LOCK_FILE, lockDataDir } from './data-dir-lock.mjs';

let root: string;
let n = 0;
/** A fresh folder per test. */
const folder = async () => {
  const dir = path.join(root, `dir-${++n}`);
  await mkdir(dir);
  return dir;
};
const lockOf = (dir: string) => path.join(dir, LOCK_FILE);
const writeLock = (dir: string, holder: Record<string, unknown>) =>
  writeFile(lockOf(dir), JSON.stringify({ token: 'someone-else', ...holder }));
const readHolder = async (dir: string) => JSON.parse(await readFile(lockOf(dir), 'utf8')) as { pid: number };

/** The pid of a process that has exited (and been reaped). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'data-dir-lock-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the lock of a data directory', () => {
  it('refuses a second holder while the first holds it, and is free again once released', async () => {
    const dir = await folder();
    const release = await lockDataDir(dir);
    expect((await readHolder(dir)).pid).toBe(process.pid);
    await expect(lockDataDir(dir)).rejects.toThrow(
      `The data directory ${dir} is in use by process ${process.pid}; stop it first or choose another DATA_DIR.`,
    );
    await expect(assertDataDirFree(dir)).rejects.toBeInstanceOf(DataDirInUseError);
    await release();
    expect(existsSync(lockOf(dir))).toBe(false);
    await assertDataDirFree(dir);
    await (
      await lockDataDir(dir)
    )();
  });

  it('refuses a lock held by another live process', async () => {
    const dir = await folder();
    // The test runner's parent is alive for as long as this test runs.
    await writeLock(dir, { pid: process.ppid });
    const attempt = lockDataDir(dir);
    await expect(attempt).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(attempt).rejects.toThrow(`is in use by process ${process.ppid}`);
    expect((await readHolder(dir)).pid).toBe(process.ppid);
  });

  it('takes over a lock left by a killed process', async () => {
    const dir = await folder();
    await writeLock(dir, { pid: deadPid() });
    await assertDataDirFree(dir);
    const release = await lockDataDir(dir);
    expect((await readHolder(dir)).pid).toBe(process.pid);
    await release();
  });

  it('takes over a lock whose pid now belongs to another process (a reused pid)', async () => {
    const dir = await folder();
    // Alive, but started at another time than the holder recorded (Linux: /proc/<pid>/stat).
    await writeLock(dir, { pid: process.ppid, startTicks: '1' });
    await (
      await lockDataDir(dir)
    )();
    // This very pid, with a token this process never held: a former process with the same pid.
    await writeLock(dir, { pid: process.pid });
    await (
      await lockDataDir(dir)
    )();
  });

  it('waits for a holder whose server is gone to finish closing, then takes over', async () => {
    const dir = await folder();
    // A database process outliving its killed server: alive for a moment, its parent gone.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    await new Promise((resolve) => holder.once('spawn', resolve));
    await writeLock(dir, { pid: holder.pid, ppid: deadPid() });
    const started = Date.now();
    setTimeout(() => holder.kill('SIGKILL'), 500);
    const release = await lockDataDir(dir);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect((await readHolder(dir)).pid).toBe(process.pid);
    await release();
  });

  it('takes over a lock file left empty by a process killed while creating it', async () => {
    const dir = await folder();
    await writeFile(lockOf(dir), '');
    const old = new Date(Date.now() - 60_000);
    await utimes(lockOf(dir), old, old);
    await (
      await lockDataDir(dir)
    )();
  });

  it('lets exactly one of several processes starting together take over a stale lock', async () => {
    const dir = await folder();
    await writeLock(dir, { pid: deadPid() });
    const lockModule = fileURLToPath(new URL('./data-dir-lock.mjs', import.meta.url));
    // Each holds what it won for a second, so the losers see a live holder.
    const script = `
      const { lockDataDir } = await import(${JSON.stringify(lockModule)});
      try {
        const release = await lockDataDir(${JSON.stringify(dir)});
        process.stdout.write('won');
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await release();
      } catch (error) {
        process.stdout.write(error.code === 'DATA_DIR_IN_USE' ? 'refused' : 'failed: ' + error.message);
      }`;
    const outcomes = await Promise.all(
      Array.from(
        { length: 6 },
        () =>
          new Promise<string>((resolve, reject) => {
            const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
            let out = '';
            child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
            child.on('error', reject);
            child.on('close', () => resolve(out));
          }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(5);
    expect(existsSync(lockOf(dir))).toBe(false);
  });
});

describe('one process per embedded database', () => {
  const employer = {
    employerPK: 951,
    employerName: 'Group 951',
    employerID: 'G000951',
    groupEffectiveDate: '2020-01-01',
  };

  it('refuses a second database process on a folder in use, leaving the first one working', async () => {
    const dir = await folder();
    const first = await openDatabase({ dataDir: dir });
    try {
      await first.db.insert(employers).values(employer);
      const holder = await readHolder(dir);
      // The database process holds it, not this one.
      expect(holder.pid).not.toBe(process.pid);

      const second = openDatabase({ dataDir: dir });
      await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(second).rejects.toThrow(
        `The data directory ${dir} is in use by process ${holder.pid}; stop it first or choose another DATA_DIR.`,
      );

      const rows = await first.db.select({ pk: employers.employerPK }).from(employers);
      expect(rows.map((row) => row.pk)).toEqual([951]);
    } finally {
      await first.close();
    }
    // Released on a clean close.
    expect(existsSync(lockOf(dir))).toBe(false);

    // A lock left by a process killed with SIGKILL: its pid is gone, so the next start takes it over.
    await writeLock(dir, { pid: deadPid() });
    const after = await openDatabase({ dataDir: dir });
    try {
      const rows = await after.db.select({ pk: employers.employerPK }).from(employers);
      expect(rows.map((row) => row.pk)).toEqual([951]);
    } finally {
      await after.close();
    }
  });

  it('npm start says the folder is in use and exits non-zero instead of serving', async () => {
    const dir = await folder();
    await writeLock(dir, { pid: process.ppid });
    const started = Date.now();
    const result = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          DATA_DIR: dir,
          DATABASE_URL: '',
          SERVE_SPA: 'false',
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
        },
      });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr, stdout }));
    });
    expect(result.code).toBe(1);
    // The message as the last line, not a stack trace.
    expect(result.stderr.trim().split('\n').at(-1)).toBe(
      `The data directory ${dir} is in use by process ${process.ppid}; stop it first or choose another DATA_DIR.`,
    );
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.stdout).not.toContain('Benefits portal:');
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
