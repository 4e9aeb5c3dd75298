import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { WEBHOOK_LOG_DAYS } from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { RepeatingService } from '../../../core/timers/repeating-task.js';
import { WebhookQueue } from '../jobs/webhook-queue.js';

const BATCH = 100;

/**
 * Moves due webhook deliveries into the queue, in the worker, every OUTBOX_RELAY_INTERVAL_MS:
 * due 'pending' rows (by the injected clock, so tests can step through the retry schedule) are
 * queued in one transaction with FOR UPDATE SKIP LOCKED; rows 'queued' too long are queued again
 * (Redis lost its jobs); rows 'sending' past OUTBOX_LEASE_MS go back to 'pending' (a worker died
 * mid-attempt: delivery is at least once, with the same webhook-id); and the log older than 30
 * days is deleted.
 */
@Injectable()
export class WebhookRelayService extends RepeatingService {
  private readonly logger = new Logger('WebhookRelay');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly queue: WebhookQueue,
  ) {
    super(config.OUTBOX_RELAY_INTERVAL_MS);
  }

  async tick(): Promise<void> {
    try {
      if (this.queue.ready) {
        await this.queueRows(`status = 'pending' AND next_attempt_at <= $2`, [
          toDate(this.clock.now()),
        ]);
        await this.queueRows(`status = 'queued' AND updated_at < now() - $2::interval`, [
          `${this.config.OUTBOX_REQUEUE_AFTER_MS} milliseconds`,
        ]);
      }
      await this.dataSource.query(
        `UPDATE webhook_deliveries SET status = 'pending', claimed_at = NULL, updated_at = now()
          WHERE status = 'sending' AND claimed_at < now() - $1::interval`,
        [`${this.config.OUTBOX_LEASE_MS} milliseconds`],
      );
      await this.dataSource.query(
        // created_at is the database's time, as is this cut-off.
        `DELETE FROM webhook_deliveries WHERE created_at < now() - make_interval(days => $1)`,
        [WEBHOOK_LOG_DAYS],
      );
    } catch (error) {
      this.logger.warn(
        `Webhook relay pass failed: ${error instanceof Error ? error.message : error}`,
      );
    }
  }

  /** Queues the rows matching `where` ($1 is the batch size), marking them 'queued'. */
  private async queueRows(where: string, params: unknown[]): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const rows: { id: number }[] = await em.query(
        `SELECT id FROM webhook_deliveries WHERE ${where}
          ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [BATCH, ...params],
      );
      if (!rows.length) return;
      const ids = rows.map((r) => r.id);
      await this.queue.add(ids);
      await em.query(
        `UPDATE webhook_deliveries SET status = 'queued', updated_at = now() WHERE id = ANY($1)`,
        [ids],
      );
    });
  }
}
