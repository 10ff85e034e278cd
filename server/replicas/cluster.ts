// Server processes for the replica test: a throwaway PostgreSQL database, free ports, and
// `server/main.ts` built and started as `npm start` runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildServer, serverBuildDir } from '../build/build-server.mjs';
import { MEMORY_SETTINGS } from '../build/memory-settings.mjs';
import { adminQuery } from '../db/admin-query';

/** An empty database next to the one in `adminUrl`: the replicas migrate and seed it themselves. */
export async function createEmptyDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `replicas_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `count` ports nobody listens on, from REPLICAS_PORTS (`first-last`, default 3300-3399). */
export async function freePorts(count: number): Promise<number[]> {
  const [first = 3300, last = 3399] = (process.env.REPLICAS_PORTS ?? '').split('-').map(Number).filter(Boolean);
  const ports: number[] = [];
  const start = first + Math.floor(Math.random() * (last - first + 1));
  for (let i = 0; i <= last - first && ports.length < count; i++) {
    const port = first + ((start - first + i) % (last - first + 1));
    if (await portIsFree(port)) ports.push(port);
  }
  if (ports.length < count) throw new Error(`fewer than ${count} free ports in ${first}-${last}`);
  return ports;
}

export async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

export type Replica = {
  name: string;
  url: string;
  process: ChildProcess;
  /** stdout and stderr, line by line. */
  log: string[];
  /** Resolves with the exit code (null when ended by a signal). */
  exited: Promise<number | null>;
};

/** Builds the server that `startReplica` runs (as `npm start` does): once, before the first replica. */
export async function buildReplicaServer(): Promise<void> {
  await buildServer();
}

export function startReplica(name: string, port: number, env: Record<string, string>): Replica {
  const main = path.join(serverBuildDir, 'main.mjs');
  if (!existsSync(main)) throw new Error('The server is not built: call buildReplicaServer() first.');
  // The built server itself, with no process between the test's signals and it.
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, ...MEMORY_SETTINGS, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const collect = (chunk: Buffer) => log.push(...String(chunk).split('\n').filter(Boolean));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, url: `http://127.0.0.1:${port}`, process: child, log, exited };
}

/** Waits for /readyz; fails at once, with the replica's log, if the process ends first. */
export async function waitReady(replica: Replica, timeoutMs: number): Promise<void> {
  const ended = replica.exited.then((code) => {
    throw new Error(`${replica.name} exited (${code}) before it was ready:\n${replica.log.join('\n')}`);
  });
  const ready = waitFor(`${replica.name} to be ready`, timeoutMs, async () => {
    const response = await fetch(`${replica.url}/readyz`);
    return response.status === 200 ? true : undefined;
  });
  await Promise.race([ready, ended]);
}

/** Signals a child unless it has ended, and waits for it; SIGKILL after `timeoutMs`. */
export async function stopChild(
  child: ChildProcess,
  exited: Promise<unknown>,
  signal: NodeJS.Signals = 'SIGTERM',
  timeoutMs = 15_000,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}
