import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { ClientImportRunner } from '../services/client-import-runner.service.js';

export const CLIENT_IMPORT_QUEUE = 'client-imports';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

interface ImportJobData {
  importId: number;
}

/**
 * The BullMQ queue of client imports, in the worker process (the API stores an import and never
 * needs Redis). Every OUTBOX_RELAY_INTERVAL_MS the queued imports are added as jobs, one id each
 * (`import-<id>`: one already in the queue is left as it is); the job runs the import once, by
 * its claim of the row (ClientImportRunner), so a job added twice imports once.
 */
@Injectable()
export class ClientImportQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ClientImportQueue');
  private producer: Redis | null = null;
  private workerConnection: Redis | null = null;
  private queue: Queue<ImportJobData> | null = null;
  private worker: Worker<ImportJobData> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly runner: ClientImportRunner,
  ) {}

  onApplicationBootstrap(): void {
    const url = this.config.REDIS_URL ?? DEFAULT_REDIS_URL;
    this.producer = new Redis(url, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    this.producer.on('error', () => undefined);
    this.queue = new Queue<ImportJobData>(CLIENT_IMPORT_QUEUE, {
      connection: this.producer,
      prefix: this.config.QUEUE_PREFIX,
    });
    this.queue.on('error', () => undefined);
    this.workerConnection = new Redis(url, { maxRetriesPerRequest: null });
    this.workerConnection.on('error', () => undefined);
    this.worker = new Worker<ImportJobData>(
      CLIENT_IMPORT_QUEUE,
      (job: Job<ImportJobData>) => this.runner.run(job.data.importId),
      { connection: this.workerConnection, prefix: this.config.QUEUE_PREFIX, concurrency: 1 },
    );
    this.worker.on('error', (error) => this.logger.warn(`Import worker: ${error.message}`));
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.relay().finally(() => {
        this.running = null;
        this.schedule(this.config.OUTBOX_RELAY_INTERVAL_MS);
      });
    }, delay);
  }

  /** Adds every queued import as a job; Redis or the database being down waits for the next tick. */
  private async relay(): Promise<void> {
    if (this.producer?.status !== 'ready' || !this.queue) return;
    try {
      const rows = (await this.dataSource.query(
        `SELECT id FROM client_imports WHERE status = 'queued' ORDER BY id LIMIT 100`,
      )) as { id: number }[];
      if (rows.length === 0) return;
      await this.queue.addBulk(
        rows.map((r) => ({
          name: 'import',
          data: { importId: r.id },
          opts: { jobId: `import-${r.id}`, removeOnComplete: true, removeOnFail: true },
        })),
      );
    } catch (error) {
      this.logger.warn(`Client imports wait: ${(error as Error).message}`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.worker?.close();
    await this.queue?.close();
    for (const connection of [this.workerConnection, this.producer]) {
      if (!connection || connection.status === 'end') continue;
      if (connection.status === 'ready') await connection.quit().catch(() => undefined);
      connection.disconnect();
    }
  }
}
