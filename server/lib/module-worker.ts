// A worker thread running one of the server's modules: from the build when the server runs from it
// (`server/build/build-server.mjs` names the folder), else from its TypeScript source through tsx.
import path from 'node:path';
import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';

/**
 * Starts the worker `name` (an entry of the server's build) whose source is `source`. The worker
 * reads its input as `workerData.input`; what `options.transferList` names moves to it uncopied.
 */
export function startModuleWorker(
  name: string,
  source: URL,
  input: unknown,
  options: { resourceLimits?: ResourceLimits; transferList?: Transferable[] } = {},
): Worker {
  const built = process.env.SERVER_BUILD_DIR;
  if (built) return new Worker(path.join(built, `${name}.mjs`), { workerData: { input }, ...options });
  return new Worker(new URL('./ts-worker.mjs', import.meta.url), {
    workerData: { entry: source.href, input },
    ...options,
  });
}
