import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job } from 'bullmq';
import { OutboxDeliveryService } from '../services/outbox-delivery.service.js';
import { type DeliverJobData, OutboxQueue } from './outbox-queue.js';

/** The BullMQ processor: one delivery attempt per job run; a thrown error is a retry. */
@Injectable()
export class DeliverMessageJob implements OnApplicationBootstrap {
  constructor(
    private readonly queue: OutboxQueue,
    private readonly delivery: OutboxDeliveryService,
  ) {}

  onApplicationBootstrap(): void {
    this.queue.start((job) => this.process(job));
  }

  async process(job: Job<DeliverJobData>): Promise<void> {
    const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    await this.delivery.deliver(job.data.outboxId, lastTry);
  }
}
