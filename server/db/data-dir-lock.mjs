// One process per PGlite data directory: two PGlite instances writing the same folder corrupt it, and
// PGlite itself does not stop a second one. The process that opens the database holds a lock file in
// the folder naming its pid, its start time and a random token; a second process finds it and refuses,
// while a lock left by a killed process (its pid gone) is taken over.
//
// Plain JavaScript: the database process (pglite-process.mjs) runs under plain node.
import { Buffer } from 'node:buffer';
import { createHash, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';

export const LOCK_FILE = 'portal-database.lock';
/** Held for a few system calls while a stale lock is removed, so that only one starter removes it. */
const TAKEOVER_FILE = `${LOCK_FILE}.takeover`;
export const DATA_DIR_IN_USE = 'DATA_DIR_IN_USE';

/** The longest Unix socket path Linux takes (108 bytes with its terminating NUL). */
const SOCKET_PATH_MAX = 107;

/**
 * Where the database process of `dataDir` answers maintenance requests (a backup): beside the folder,
 * never in it, so that a copy of the folder holds no socket; under the temporary folder when that path
 * is too long for a socket.
 */
export function maintenanceSocketPath(dataDir) {
  const beside = `${resolve(dataDir)}.sock`;
  if (Buffer.byteLength(beside) <= SOCKET_PATH_MAX) return beside;
  const digest = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 24);
  return join(tmpdir(), `portal-database-${digest}.sock`);
}

/** How long a starter waits for a holder whose server is gone (it closes the database and leaves). */
const ORPHAN_WAIT_MS = 10_000;
const POLL_MS = 50;
/** A lock file is written right after it is created; an empty one older than this was never finished. */
const UNFINISHED_MS = 2_000;

export class DataDirInUseError extends Error {
  code = DATA_DIR_IN_USE;

  constructor(dataDir, pid) {
    super(`The data directory ${dataDir} is in use by process ${pid}; stop it first or choose another DATA_DIR.`);
    this.name = 'DataDirInUseError';
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

/**
 * The process's state and start time in clock ticks since boot (Linux), so that a lock of a dead
 * process whose pid now belongs to another one (containers reuse small pids on every start) is not
 * taken for alive, nor a killed process its parent has not reaped yet (a zombie). Null elsewhere: the
 * pid alone decides, with the small risk of a reused pid.
 */
async function procStat(pid) {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): state is field 3,
    // starttime field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], startTicks: fields[19] ?? null };
  } catch {
    return null;
  }
}

function pidAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return error.code === 'EPERM';
  }
}

/** Tokens of the locks this process holds: a lock naming this pid with another token is a stale one. */
const heldHere = new Set();

async function holderAlive(holder) {
  if (holder.pid === process.pid) return heldHere.has(holder.token);
  if (!pidAlive(holder.pid)) return false;
  const now = await procStat(holder.pid);
  if (now === null) return true;
  if (now.state === 'Z') return false;
  return holder.startTicks == null || now.startTicks === holder.startTicks;
}

/** The lock's content, null when there is none, or 'unfinished' while it is being written. */
async function readLock(path) {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
  try {
    const [text, info] = await Promise.all([handle.readFile('utf8'), handle.stat()]);
    try {
      const holder = JSON.parse(text);
      if (typeof holder?.pid === 'number' && typeof holder?.token === 'string') return holder;
    } catch {
      // Empty or cut short: being written, or its writer died between creating and writing it.
    }
    return Date.now() - info.mtimeMs > UNFINISHED_MS ? { pid: 0, token: `unfinished:${info.mtimeMs}` } : 'unfinished';
  } finally {
    await handle.close();
  }
}

/** Creates `path` only if it does not exist ('wx' is atomic), holding `content`; false if it exists. */
async function createExclusive(path, content) {
  let handle;
  try {
    handle = await open(path, 'wx');
  } catch (error) {
    if (error.code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(JSON.stringify(content));
    await handle.sync();
  } catch (error) {
    // A full disk takes the (empty) file but not its content: left behind, it would read as an
    // unfinished lock, or as an interrupted takeover that only a person can clear.
    await handle.close();
    await unlink(path).catch(() => {});
    throw error;
  }
  await handle.close();
  return true;
}

/**
 * Removes the lock `stale` if it is still the file there. Starters that found the same stale lock all
 * come here; the takeover file lets one of them at a time check and remove it, so none can remove a
 * lock another one has just created in its place. Returns once the caller should try again.
 */
async function removeStale(dataDir, stale, me) {
  const lockPath = join(dataDir, LOCK_FILE);
  const takeoverPath = join(dataDir, TAKEOVER_FILE);
  if (!(await createExclusive(takeoverPath, me))) {
    const other = await readLock(takeoverPath);
    if (other && other !== 'unfinished' && !(await holderAlive(other))) {
      // Its holder died within the few calls it is held: rare enough to leave to a person.
      throw new Error(
        `A takeover of the lock of ${dataDir} was interrupted: make sure no process uses the folder, then delete ${takeoverPath}.`,
      );
    }
    await sleep(POLL_MS);
    return;
  }
  try {
    const current = await readLock(lockPath);
    if (current && current !== 'unfinished' && current.token === stale.token) await unlink(lockPath);
  } finally {
    await unlink(takeoverPath);
  }
}

/**
 * Takes the lock of `dataDir` for this process, or throws DataDirInUseError naming the live holder.
 * Resolves to a function releasing it (it removes the file only while it is still this process's).
 */
export async function lockDataDir(dataDir) {
  await mkdir(dataDir, { recursive: true });
  const lockPath = join(dataDir, LOCK_FILE);
  const me = {
    pid: process.pid,
    ppid: process.ppid,
    startTicks: (await procStat(process.pid))?.startTicks ?? null,
    token: randomUUID(),
    since: new Date().toISOString(),
  };
  const waitOrphanUntil = Date.now() + ORPHAN_WAIT_MS;
  // Counted as held from the start, so that another attempt of this process never takes it for stale
  // between its creation and the return.
  heldHere.add(me.token);
  try {
    for (;;) {
      if (await createExclusive(lockPath, me)) break;
      const holder = await readLock(lockPath);
      if (holder === null || holder === 'unfinished') {
        await sleep(POLL_MS);
        continue;
      }
      if (await holderAlive(holder)) {
        // A holder whose server died is closing the database on its way out: give it a moment.
        const orphaned = typeof holder.ppid === 'number' && holder.ppid > 1 && !pidAlive(holder.ppid);
        if (orphaned && Date.now() < waitOrphanUntil) {
          await sleep(POLL_MS);
          continue;
        }
        throw new DataDirInUseError(dataDir, holder.pid);
      }
      await removeStale(dataDir, holder, me);
    }
  } catch (error) {
    heldHere.delete(me.token);
    throw error;
  }
  let released = false;
  return async function release() {
    if (released) return;
    released = true;
    heldHere.delete(me.token);
    const current = await readLock(lockPath).catch(() => null);
    if (current && current !== 'unfinished' && current.token === me.token) await unlink(lockPath).catch(() => {});
  };
}

/** Throws DataDirInUseError when a live process holds the lock of `dataDir` (e.g. before deleting it). */
export async function assertDataDirFree(dataDir) {
  const holder = await readLock(join(dataDir, LOCK_FILE));
  if (holder && (holder === 'unfinished' || (await holderAlive(holder)))) {
    throw new DataDirInUseError(dataDir, holder === 'unfinished' ? 'unknown' : holder.pid);
  }
}
