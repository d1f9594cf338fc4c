// A worker thread's entry: loads the TypeScript module named in workerData.entry through tsx, since
// worker threads do not take the --import flag the main thread was started with.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
