// The server a bench measures: built and started as `npm start` runs it, in a child process that
// opens the seeded database itself (the bench lets go of a PGlite folder first), with readers of its
// RSS (from /proc) and of its event-loop delay (from its /metrics).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildReplicaServer, freePorts, startReplica, stopChild, waitReady } from '../../server/replicas/cluster';

const METRICS_TOKEN = 'bench-metrics';

/**
 * Period of the server's event-loop monitor's timer (prom-client's default). Its histogram holds the
 * time between the timer's turns, so the delay is what exceeds the period.
 */
const LOOP_TIMER_MS = 10;

export type LoopDelay = { p50: number; p99: number; max: number };

/** Starts the server on a free loopback port; `ready` waits for /readyz, `stop` ends it. */
export async function startBenchServer(name: string, dataDir: string, env: Record<string, string> = {}) {
  await buildReplicaServer();
  const [port] = await freePorts(1);
  const base = `http://127.0.0.1:${port}`;
  const server = startReplica(name, port!, {
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    DATA_DIR: path.join(dataDir, 'db'),
    PUBLIC_URL: base,
    SERVE_SPA: 'false',
    LOG_LEVEL: 'warn',
    METRICS: 'true',
    METRICS_TOKEN,
    ...env,
  });
  return {
    base,
    server,
    ready: () => waitReady(server, 300_000),
    stop: () => stopChild(server.process, server.exited),
    /** The server process's resident memory now, in bytes. */
    async rss() {
      const status = await readFile(`/proc/${server.process.pid}/status`, 'utf8');
      return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
    },
    /** The server's event-loop delay since the last read, in ms (its monitor starts over at each read). */
    async loopDelay(): Promise<LoopDelay> {
      const text = await (
        await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      const read = (name: string) => {
        const line = new RegExp(`^nodejs_eventloop_lag_${name}_seconds(?:\\{[^}]*\\})? (\\S+)$`, 'm');
        return Math.max(0, Number(line.exec(text)?.[1] ?? 0) * 1000 - LOOP_TIMER_MS);
      };
      return { p50: read('p50'), p99: read('p99'), max: read('max') };
    },
  };
}
