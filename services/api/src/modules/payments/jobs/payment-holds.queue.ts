import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';

export const PAYMENT_HOLDS_QUEUE = 'payment-holds';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface ExpireHoldJob {
  /** The hold's booking_payments row. */
  paymentId: number;
}

/**
 * The delayed BullMQ jobs that free an abandoned `pending_payment` hold when its 10 minutes are
 * up. Every API process both adds and runs them (the job id is the row's, so a hold has one job);
 * the job re-reads the row and does nothing once Stripe confirmed it.
 */
@Injectable()
export class PaymentHoldsQueue implements OnModuleDestroy {
  private readonly logger = new Logger('PaymentHolds');
  private producer: Redis | null = null;
  private queue: Queue<ExpireHoldJob> | null = null;
  private workerConnection: Redis | null = null;
  private worker: Worker<ExpireHoldJob> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  start(processor: (job: Job<ExpireHoldJob>) => Promise<unknown>): void {
    const url = this.config.REDIS_URL ?? DEFAULT_REDIS_URL;
    this.producer = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.producer.on('error', () => undefined);
    this.queue = new Queue<ExpireHoldJob>(PAYMENT_HOLDS_QUEUE, {
      connection: this.producer,
      prefix: this.config.QUEUE_PREFIX,
    });
    this.queue.on('error', () => undefined);
    this.workerConnection = new Redis(url, { maxRetriesPerRequest: null });
    this.workerConnection.on('error', () => undefined);
    this.worker = new Worker<ExpireHoldJob>(PAYMENT_HOLDS_QUEUE, processor, {
      connection: this.workerConnection,
      prefix: this.config.QUEUE_PREFIX,
      concurrency: 2,
    });
    this.worker.on('error', (error) => this.logger.warn(`Hold worker: ${error.message}`));
  }

  /** Frees the hold after `delayMs` (and retries while Stripe or the database fail). */
  async schedule(paymentId: number, delayMs: number): Promise<void> {
    if (!this.queue) {
      this.logger.warn(`No hold queue: hold ${paymentId} is freed only by a later sweep`);
      return;
    }
    try {
      await this.queue.add(
        'expire',
        { paymentId },
        {
          jobId: `hold-${paymentId}`,
          delay: delayMs,
          attempts: 5,
          backoff: { type: 'exponential', delay: 5000 },
          removeOnComplete: true,
          removeOnFail: true,
        },
      );
    } catch (error) {
      // The booking is kept either way; the worker's sweep frees it if Redis lost this job.
      this.logger.warn(`Hold ${paymentId} not scheduled: ${String(error)}`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close().catch(() => undefined);
    await this.queue?.close().catch(() => undefined);
    for (const c of [this.workerConnection, this.producer]) c?.disconnect();
  }
}
