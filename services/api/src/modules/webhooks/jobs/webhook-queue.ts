import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import {
  openQueueWithWorker,
  type QueueWithWorker,
} from '../../../core/queues/queue-with-worker.js';
import { WebhookDeliveryService } from '../services/webhook-delivery.service.js';

export const WEBHOOK_QUEUE = 'webhooks';

/**
 * The BullMQ queue of webhook attempts and its processor: one job per due attempt. Retries are
 * not BullMQ's: the delivery row carries its schedule (it must survive Redis losing its jobs),
 * and the relay queues it again when it is due. Like the outbox's queue, the producer fails fast
 * and the worker's connection retries forever.
 */
@Injectable()
export class WebhookQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private jobs: QueueWithWorker<{ deliveryId: number }> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly delivery: WebhookDeliveryService,
  ) {}

  onApplicationBootstrap(): void {
    this.jobs = openQueueWithWorker<{ deliveryId: number }>({
      config: this.config,
      name: WEBHOOK_QUEUE,
      concurrency: 10,
      processor: (job) => this.delivery.attempt(job.data.deliveryId),
      onError: () => undefined,
    });
  }

  get ready(): boolean {
    return this.jobs?.ready() ?? false;
  }

  /** One job per delivery id; an id whose job is still in Redis is left as it is. */
  async add(deliveryIds: number[]): Promise<void> {
    if (!deliveryIds.length) return;
    const queue = this.jobs?.queue;
    if (!queue || !this.ready) throw new Error('Redis is not connected');
    await queue.addBulk(
      deliveryIds.map((deliveryId) => ({
        name: 'attempt',
        data: { deliveryId },
        opts: { jobId: `webhook-${deliveryId}`, removeOnComplete: true, removeOnFail: true },
      })),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.jobs?.close();
  }
}
