import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { WebhookDeliveryService } from '../services/webhook-delivery.service.js';

export const WEBHOOK_QUEUE = 'webhooks';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * The BullMQ queue of webhook attempts and its processor: one job per due attempt. Retries are
 * not BullMQ's: the delivery row carries its schedule (it must survive Redis losing its jobs),
 * and the relay queues it again when it is due. Like the outbox's queue, the producer fails fast
 * and the worker's connection retries forever.
 */
@Injectable()
export class WebhookQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private producer: Redis | null = null;
  private queue: Queue<{ deliveryId: number }> | null = null;
  private worker: Worker<{ deliveryId: number }> | null = null;
  private workerConnection: Redis | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly delivery: WebhookDeliveryService,
  ) {}

  onApplicationBootstrap(): void {
    const url = this.config.REDIS_URL ?? DEFAULT_REDIS_URL;
    const prefix = this.config.QUEUE_PREFIX;
    this.producer = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.producer.on('error', () => undefined);
    this.queue = new Queue(WEBHOOK_QUEUE, { connection: this.producer, prefix });
    this.queue.on('error', () => undefined);
    this.workerConnection = new Redis(url, { maxRetriesPerRequest: null });
    this.workerConnection.on('error', () => undefined);
    this.worker = new Worker(WEBHOOK_QUEUE, (job) => this.delivery.attempt(job.data.deliveryId), {
      connection: this.workerConnection,
      prefix,
      concurrency: 10,
    });
    this.worker.on('error', () => undefined);
  }

  get ready(): boolean {
    return this.producer?.status === 'ready';
  }

  /** One job per delivery id; an id whose job is still in Redis is left as it is. */
  async add(deliveryIds: number[]): Promise<void> {
    if (!deliveryIds.length) return;
    if (!this.queue || !this.ready) throw new Error('Redis is not connected');
    await this.queue.addBulk(
      deliveryIds.map((deliveryId) => ({
        name: 'attempt',
        data: { deliveryId },
        opts: { jobId: `webhook-${deliveryId}`, removeOnComplete: true, removeOnFail: true },
      })),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close().catch(() => undefined);
    await this.queue?.close().catch(() => undefined);
    for (const connection of [this.workerConnection, this.producer]) {
      if (connection && connection.status !== 'end') connection.disconnect();
    }
  }
}
