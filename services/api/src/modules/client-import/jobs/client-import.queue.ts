import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import {
  openQueueWithWorker,
  type QueueWithWorker,
} from '../../../core/queues/queue-with-worker.js';
import { RepeatingService } from '../../../core/timers/repeating-task.js';
import { IMPORT_STOPPED_MESSAGE } from '@slotwise/contracts';
import { ClientImportRunner } from '../services/client-import-runner.service.js';
import { expireImportsSql } from '../services/import-lease.js';

export const CLIENT_IMPORT_QUEUE = 'client-imports';

interface ImportJobData {
  importId: number;
}

/**
 * The BullMQ queue of client imports, in the worker process (the API stores an import and never
 * needs Redis). Every OUTBOX_RELAY_INTERVAL_MS the queued imports are added as jobs, one id each
 * (`import-<id>`: one already in the queue is left as it is); the job runs the import once, by
 * its claim of the row (ClientImportRunner), so a job added twice imports once. Each tick also
 * marks failed the running imports whose lease passed (their worker died: import-lease.ts).
 */
@Injectable()
export class ClientImportQueue extends RepeatingService {
  private readonly logger = new Logger('ClientImportQueue');
  private jobs: QueueWithWorker<ImportJobData> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly runner: ClientImportRunner,
  ) {
    super(config.OUTBOX_RELAY_INTERVAL_MS);
  }

  override onApplicationBootstrap(): void {
    this.jobs = openQueueWithWorker<ImportJobData>({
      config: this.config,
      name: CLIENT_IMPORT_QUEUE,
      concurrency: 1,
      processor: (job) => this.runner.run(job.data.importId),
      onError: (error) => this.logger.warn(`Import worker: ${error.message}`),
    });
    super.onApplicationBootstrap();
  }

  /** Adds every queued import as a job; Redis or the database being down waits for the next tick. */
  async tick(): Promise<void> {
    await this.dataSource
      .query(expireImportsSql(), [IMPORT_STOPPED_MESSAGE])
      .catch((error: Error) => this.logger.warn(`Stopped imports wait: ${error.message}`));
    const jobs = this.jobs;
    if (!jobs?.ready()) return;
    try {
      const rows = (await this.dataSource.query(
        `SELECT id FROM client_imports WHERE status = 'queued' ORDER BY id LIMIT 100`,
      )) as { id: number }[];
      if (rows.length === 0) return;
      await jobs.queue.addBulk(
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

  override async onModuleDestroy(): Promise<void> {
    await super.onModuleDestroy();
    await this.jobs?.close();
  }
}
