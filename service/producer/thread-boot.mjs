// The producer thread's first module: the service runs from TypeScript sources (tsx), and a
// worker thread does not inherit tsx's loader, so it is registered here before the entry loads.
import { workerData } from 'node:worker_threads';

const entry = /** @type {{ entry: string }} */ (workerData).entry;
if (entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(entry);
