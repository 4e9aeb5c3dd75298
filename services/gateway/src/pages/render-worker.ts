// A render worker thread (render-pool.ts): runs the jobs it is posted, keeping the builds' entries
// it has loaded until the pool retires it.
import { parentPort } from 'node:worker_threads';
import { type RenderJob, entryLoader, runJob } from './render-job.js';

const loader = entryLoader();

parentPort?.on('message', (message: { id: number; job: RenderJob }) => {
  runJob(loader, message.job).then(
    (result) => parentPort?.postMessage({ id: message.id, result, builds: loader.size }),
    (error: unknown) =>
      parentPort?.postMessage({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
});
