import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import {
  openQueueWithWorker,
  type QueueWithWorker,
} from '../../../core/queues/queue-with-worker.js';

export const PAYMENT_HOLDS_QUEUE = 'payment-holds';

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
  private jobs: QueueWithWorker<ExpireHoldJob> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  start(processor: (job: Job<ExpireHoldJob>) => Promise<unknown>): void {
    this.jobs = openQueueWithWorker<ExpireHoldJob>({
      config: this.config,
      name: PAYMENT_HOLDS_QUEUE,
      concurrency: 2,
      processor,
      onError: (error) => this.logger.warn(`Hold worker: ${error.message}`),
    });
  }

  /** Frees the hold after `delayMs` (and retries while Stripe or the database fail). */
  async schedule(paymentId: number, delayMs: number): Promise<void> {
    const queue = this.jobs?.queue;
    if (!queue) {
      this.logger.warn(`No hold queue: hold ${paymentId} is freed only by a later sweep`);
      return;
    }
    try {
      await queue.add(
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
    await this.jobs?.close();
  }
}
