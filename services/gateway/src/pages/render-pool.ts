// Worker threads for server renders, recycled: a worker is retired after a number of renders or
// once it holds too many builds' entries (each deploy adds one), and stopped outright when a render
// runs past its limit, so a stuck or leaking render never stays in the gateway.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { JobResult, RenderJob } from './render-job.js';

export interface RenderPoolOptions {
  /** Worker threads (default 1). */
  size?: number;
  /** Renders a worker runs before it is replaced (default 500). */
  maxJobs?: number;
  /** Builds a worker may hold before it is replaced (default 8). */
  maxBuilds?: number;
}

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (r: JobResult) => void; reject: (e: Error) => void }>;
  jobs: number;
  retiring: boolean;
}

/**
 * The worker script beside this module; under the tests, its .ts source, through tsx's loader
 * (registered in the worker itself: a loader given by execArgv does not reach it).
 */
function spawn(): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./render-worker.js', import.meta.url));
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const script = new URL('./render-worker.ts', import.meta.url).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(script)}); });`,
    { eval: true },
  );
}

export interface RenderPool {
  /** Runs `job`; past `limitMs` its worker is stopped and the job rejected. */
  run(job: RenderJob, limitMs: number): Promise<JobResult>;
  close(): Promise<void>;
}

export function renderPool({
  size = 1,
  maxJobs = 500,
  maxBuilds = 8,
}: RenderPoolOptions = {}): RenderPool {
  const slots: Slot[] = [];
  let nextId = 0;
  let closed = false;

  function stop(slot: Slot, reason: string) {
    const index = slots.indexOf(slot);
    if (index < 0) return;
    slots.splice(index, 1);
    for (const { reject } of slot.pending.values()) reject(new Error(reason));
    slot.pending.clear();
    void slot.worker.terminate();
    // Its successor starts now, so the next render does not wait for a thread to boot.
    if (!closed && slots.filter((s) => !s.retiring).length < size) start();
  }

  /** No new jobs for `slot`; a successor starts at once. */
  function retire(slot: Slot) {
    if (slot.retiring) return;
    slot.retiring = true;
    if (!closed) start();
  }

  function start(): Slot {
    const slot: Slot = { worker: spawn(), pending: new Map(), jobs: 0, retiring: false };
    slot.worker.unref();
    slot.worker.on(
      'message',
      (message: { id: number; result?: JobResult; error?: string; builds?: number }) => {
        const job = slot.pending.get(message.id);
        slot.pending.delete(message.id);
        if (message.result) job?.resolve(message.result);
        else job?.reject(new Error(message.error ?? 'the render failed'));
        if ((message.builds ?? 0) > maxBuilds) retire(slot);
        if (slot.retiring && slot.pending.size === 0) stop(slot, 'retired');
      },
    );
    slot.worker.on('error', (error) => stop(slot, error.message));
    slot.worker.on('exit', () => stop(slot, 'the render worker exited'));
    slots.push(slot);
    return slot;
  }

  function pick(): Slot {
    const open = slots.filter((s) => !s.retiring);
    if (open.length === 0) return start();
    return open.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  // Started with the gateway: the first render does not wait for a thread to boot.
  for (let i = 0; i < size; i++) start();

  return {
    run(job, limitMs) {
      const slot = pick();
      const id = nextId++;
      slot.jobs += 1;
      if (slot.jobs >= maxJobs) retire(slot);
      return new Promise<JobResult>((resolve, reject) => {
        const timer = setTimeout(
          () => stop(slot, `the render ran past ${limitMs} ms; its worker was stopped`),
          limitMs,
        );
        slot.pending.set(id, {
          resolve: (r) => {
            clearTimeout(timer);
            resolve(r);
          },
          reject: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        });
        slot.worker.postMessage({ id, job });
      });
    },
    async close() {
      closed = true;
      for (const slot of [...slots]) stop(slot, 'closed');
    },
  };
}
