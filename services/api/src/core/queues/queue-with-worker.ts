import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/app-config.js';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Where the app's queues live: REDIS_URL, or the local default. */
export const redisUrlOf = (config: Pick<AppConfig, 'REDIS_URL'>): string =>
  config.REDIS_URL ?? DEFAULT_REDIS_URL;

export interface QueueWithWorker<T> {
  queue: Queue<T>;
  /** Whether jobs can be added now: the producer's connection is up. */
  ready(): boolean;
  /**
   * The worker first (its running jobs finish), then the queue and both connections. With Redis
   * down a graceful close would wait for it forever: the worker is then closed by force (a job
   * cut short runs again, as after a crash) and the connections dropped.
   */
  close(): Promise<void>;
}

/**
 * A BullMQ queue and the worker that runs its jobs, each on its own Redis connection. The
 * producer fails fast (one retry, no offline queue), so a caller never waits on a Redis that is
 * down; the worker's connection blocks, as BullMQ requires. Connection errors are only logged by
 * the worker's `onError`: Redis coming back is the recovery.
 */
export function openQueueWithWorker<T>(options: {
  /** The app's Redis (`redisUrlOf`) and QUEUE_PREFIX. */
  config: Pick<AppConfig, 'REDIS_URL' | 'QUEUE_PREFIX'>;
  name: string;
  concurrency: number;
  processor: (job: Job<T>) => Promise<unknown>;
  onError: (error: Error) => void;
}): QueueWithWorker<T> {
  const url = redisUrlOf(options.config);
  const prefix = options.config.QUEUE_PREFIX;
  const producer = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  producer.on('error', () => undefined);
  const queue = new Queue<T>(options.name, { connection: producer, prefix });
  queue.on('error', () => undefined);
  const workerConnection = new Redis(url, { maxRetriesPerRequest: null });
  workerConnection.on('error', () => undefined);
  const worker = new Worker<T>(options.name, options.processor, {
    connection: workerConnection,
    prefix,
    concurrency: options.concurrency,
  });
  worker.on('error', options.onError);
  return {
    queue,
    ready: () => producer.status === 'ready',
    async close() {
      const redisUp = workerConnection.status === 'ready';
      await withTimeout(worker.close(!redisUp), redisUp ? 30_000 : 2000);
      await withTimeout(queue.close(), 2000);
      for (const connection of [workerConnection, producer]) {
        if (connection.status === 'end') continue;
        if (connection.status === 'ready') await withTimeout(connection.quit(), 2000);
        connection.disconnect();
      }
    },
  };
}

/** Waits for `promise` at most `ms`; its failure or lateness is ignored (shutdown goes on). */
export async function withTimeout(
  promise: Promise<unknown> | undefined,
  ms: number,
): Promise<void> {
  if (!promise) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise.catch(() => undefined),
    new Promise((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
}
