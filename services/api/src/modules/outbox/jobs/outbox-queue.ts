import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { redisUrlOf, withTimeout } from '../../../core/queues/queue-with-worker.js';

export const OUTBOX_QUEUE = 'outbox';
export const DELIVER_JOB = 'deliver';

export interface DeliverJobData {
  outboxId: number;
}

export const jobIdFor = (outboxId: number): string => `outbox-${outboxId}`;

export class QueueUnavailableError extends Error {}

/** How long the relay waits for Redis before leaving its rows pending for the next tick. */
const ADD_TIMEOUT_MS = 3000;

/**
 * The BullMQ queue of outbox deliveries and its worker. The producer connection fails fast
 * (no offline queue) so the relay never blocks on a Redis that is down; the worker's connection
 * retries forever (`maxRetriesPerRequest: null`, as BullMQ requires) and picks up again when
 * Redis is back. Jobs are removed when they complete or fail, so an id can be added again after a
 * Redis restart lost it; the database claim keeps a message from being sent twice.
 */
@Injectable()
export class OutboxQueue implements OnModuleDestroy {
  private readonly logger = new Logger('OutboxQueue');
  private producer: Redis | null = null;
  private queue: Queue<DeliverJobData> | null = null;
  private workerConnection: Redis | null = null;
  private worker: Worker<DeliverJobData> | null = null;
  private producerFailed = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get redisUrl(): string {
    return redisUrlOf(this.config);
  }

  /** Connects the producer and starts processing with `processor`. */
  start(processor: (job: Job<DeliverJobData>) => Promise<void>, concurrency = 5): void {
    this.producer = new Redis(this.redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    // ioredis reports each failed reconnection; the relay says once that Redis is unavailable.
    this.producer.on('error', () => (this.producerFailed = true));
    this.producer.on('ready', () => (this.producerFailed = false));
    this.queue = new Queue<DeliverJobData>(OUTBOX_QUEUE, {
      connection: this.producer,
      prefix: this.config.QUEUE_PREFIX,
    });
    this.queue.on('error', () => undefined);

    this.workerConnection = new Redis(this.redisUrl, {
      maxRetriesPerRequest: null,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    this.workerConnection.on('error', () => undefined);
    // A worker that dies (SIGKILL) leaves its jobs 'active' in Redis until their lock expires,
    // and the relay cannot add those ids again meanwhile: keep that wait near the lease. A live
    // worker renews its locks, and its sends time out within half the lease anyway.
    const lockMs = Math.min(30_000, Math.max(1000, this.config.OUTBOX_LEASE_MS));
    this.worker = new Worker<DeliverJobData>(OUTBOX_QUEUE, processor, {
      connection: this.workerConnection,
      prefix: this.config.QUEUE_PREFIX,
      concurrency,
      lockDuration: lockMs,
      stalledInterval: lockMs,
    });
    let lastError = '';
    this.worker.on('error', (error) => {
      // Connection errors repeat while Redis is down: log each distinct one once.
      if (error.message !== lastError) this.logger.warn(`Queue worker: ${error.message}`);
      lastError = error.message;
    });
    this.worker.on('ready', () => (lastError = ''));
  }

  get ready(): boolean {
    return this.producer?.status === 'ready';
  }

  /** Redis refused or lost the connection (not merely still connecting at start-up). */
  get down(): boolean {
    return !this.ready && this.producerFailed;
  }

  /** Adds one delivery job per id (an id already in the queue is left as it is). */
  async add(outboxIds: number[]): Promise<void> {
    if (!outboxIds.length) return;
    if (!this.queue || !this.ready) throw new QueueUnavailableError('Redis is not connected');
    const jobs = outboxIds.map((outboxId) => ({
      name: DELIVER_JOB,
      data: { outboxId },
      opts: {
        jobId: jobIdFor(outboxId),
        attempts: this.config.OUTBOX_MAX_ATTEMPTS,
        backoff: { type: 'exponential', delay: this.config.OUTBOX_BACKOFF_MS },
        removeOnComplete: true,
        removeOnFail: true,
      },
    }));
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.queue.addBulk(jobs),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new QueueUnavailableError('Redis did not answer in time')),
            ADD_TIMEOUT_MS,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Lets running jobs finish (graceful SIGTERM), then closes every connection it opened. With
   * Redis down a graceful close would wait for it forever: then the worker is closed by force (a
   * job cut short is recovered like a crash, by the lease) and the connections are dropped.
   */
  async onModuleDestroy(): Promise<void> {
    const redisUp = this.workerConnection?.status === 'ready';
    await withTimeout(this.worker?.close(!redisUp), redisUp ? 30_000 : 2000);
    await withTimeout(this.queue?.close(), 2000);
    for (const connection of [this.workerConnection, this.producer]) {
      if (!connection || connection.status === 'end') continue;
      if (connection.status === 'ready') await withTimeout(connection.quit(), 2000);
      connection.disconnect();
    }
    this.worker = null;
    this.queue = null;
  }
}
