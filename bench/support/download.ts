// A file download in a child process, so that the bench's server process does not also pay for
// reading the answer: counts bytes and line breaks as they arrive, keeps nothing.
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export type Download = { url: string; headers: Record<string, string>; body: string; timeoutMs: number };
export type Downloaded = { status: number; bytes: number; lineBreaks: number; seconds: number };

async function download({ url, headers, body, timeoutMs }: Download): Promise<Downloaded> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  let bytes = 0;
  let lineBreaks = 0;
  if (res.body) {
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lineBreaks += 1;
    }
  }
  return { status: res.status, bytes, lineBreaks, seconds: (performance.now() - started) / 1000 };
}

/** Runs one download in a fresh child process. */
export function downloadInChild(request: Download): Promise<Downloaded> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url));
    child.once('message', (result: Downloaded | { error: string }) => {
      child.kill();
      if ('error' in result) reject(new Error(result.error));
      else resolve(result);
    });
    child.once('error', reject);
    child.send(request);
  });
}

if (process.send) {
  process.once('message', (request: Download) => {
    download(request).then(
      (result) => process.send!(result),
      (error: unknown) => process.send!({ error: String(error) }),
    );
  });
}
