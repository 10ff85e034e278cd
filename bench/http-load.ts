// Load generator of bench/api.ts, run as a child process so that sending requests does not take CPU
// from the server's event loop: `connections` loops over keep-alive sockets, each sending one request
// after the answer to the previous one, for `seconds`. Answers the latency of every call (ms) and how
// many failed. Plain node:http keeps the client's own cost per call low.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export type LoadRequest = {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
};

export type LoadResult = { latencies: Float64Array; failures: number; seconds: number };

function call(agent: http.Agent, target: URL, request: LoadRequest): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.request(
      target,
      {
        agent,
        method: request.method,
        headers:
          request.body === undefined ? request.headers : { ...request.headers, 'content-type': 'application/json' },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode === 200));
        res.on('error', () => resolve(false));
      },
    );
    req.on('error', () => resolve(false));
    req.end(request.body);
  });
}

async function run(request: LoadRequest): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: request.connections });
  const target = new URL(request.url);
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const until = started + request.seconds * 1000;
  await Promise.all(
    Array.from({ length: request.connections }, async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        if (await call(agent, target, request)) latencies.push(performance.now() - sent);
        else failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies: Float64Array.from(latencies), failures, seconds };
}

process.on('message', (request: LoadRequest) => {
  void run(request).then((result) => process.send?.(result));
});
