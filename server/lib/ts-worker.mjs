// A worker thread's first module when the server runs from its sources: loads the TypeScript entry
// named in workerData through tsx.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
