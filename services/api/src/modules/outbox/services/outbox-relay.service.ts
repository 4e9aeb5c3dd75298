import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { RepeatingService } from '../../../core/timers/repeating-task.js';
import { OutboxQueue } from '../jobs/outbox-queue.js';
import { OutboxDeliveryService } from './outbox-delivery.service.js';
import { msInterval, type OutboxRow } from './outbox-row.js';

const BATCH = 100;

/**
 * Moves the outbox into the queue, in the worker process (the API never needs Redis to take a
 * booking). Every OUTBOX_RELAY_INTERVAL_MS:
 * 1. due 'pending' rows (not_before passed, by the injected clock so reminder tests can move
 *    time) are added to the queue and marked 'queued', in one transaction with
 *    FOR UPDATE SKIP LOCKED, so several workers never take the same rows and a Redis failure
 *    leaves them pending;
 * 2. rows 'queued' for longer than OUTBOX_REQUEUE_AFTER_MS are added again (Redis keeps nothing
 *    on disk here: a restart loses its jobs);
 * 3. rows 'sending' past OUTBOX_LEASE_MS (a worker died between send and mark, or Twilio's answer
 *    was lost) are recovered without a second SMS: Twilio is asked whether it has the message;
 *    if it has, the row is marked sent, otherwise it is queued again. Emails are queued again
 *    and resent with the same Message-ID (see smtp-email.sender.ts).
 * Durations (requeue, lease) are measured with the database's clock, like claimed_at.
 */
@Injectable()
export class OutboxRelayService extends RepeatingService {
  private readonly logger = new Logger('OutboxRelay');
  private redisWasDown = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly dataSource: DataSource,
    private readonly queue: OutboxQueue,
    private readonly delivery: OutboxDeliveryService,
  ) {
    super(config.OUTBOX_RELAY_INTERVAL_MS);
  }

  /** One pass of the three steps; errors are logged and the next tick tries again. */
  async tick(): Promise<void> {
    try {
      if (!this.queue.ready) {
        if (!this.redisWasDown && this.queue.down) {
          this.logger.warn('Redis is unavailable: messages wait in the outbox until it is back');
        }
        this.redisWasDown ||= this.queue.down;
      } else {
        if (this.redisWasDown) this.logger.log('Redis is back: relaying the outbox');
        this.redisWasDown = false;
        await this.relayDue();
        await this.requeueForgotten();
      }
      await this.recoverStale();
    } catch (error) {
      this.logger.warn(`Relay pass failed: ${error instanceof Error ? error.message : error}`);
    }
  }

  private async relayDue(): Promise<void> {
    const now = toDate(this.clock.now());
    await this.dataSource.transaction(async (em) => {
      const rows: { id: number }[] = await em.query(
        `SELECT id FROM outbox WHERE status = 'pending' AND not_before <= $1
          ORDER BY not_before, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [now, BATCH],
      );
      if (!rows.length) return;
      const ids = rows.map((r) => r.id);
      await this.queue.add(ids);
      await em.query(
        `UPDATE outbox SET status = 'queued', updated_at = now() WHERE id = ANY($1) AND status = 'pending'`,
        [ids],
      );
    });
  }

  private async requeueForgotten(): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const rows: { id: number }[] = await em.query(
        `SELECT id FROM outbox WHERE status = 'queued' AND updated_at < now() - $1::interval
          ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [msInterval(this.config.OUTBOX_REQUEUE_AFTER_MS), BATCH],
      );
      if (!rows.length) return;
      const ids = rows.map((r) => r.id);
      // Same job ids: a job still in Redis (waiting, or delayed for a retry) is left as it is.
      await this.queue.add(ids);
      await em.query(`UPDATE outbox SET updated_at = now() WHERE id = ANY($1)`, [ids]);
    });
  }

  private async recoverStale(): Promise<void> {
    // Taking the lease again (claimed_at = now()) first, so one worker handles each stale row.
    const stale: (OutboxRow & { previous_claim: Date })[] = await this.dataSource.query(
      `WITH stale AS (
         SELECT id, claimed_at AS previous_claim FROM outbox
          WHERE status = 'sending' AND claimed_at < now() - $1::interval
          ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED),
       renewed AS (
         UPDATE outbox o SET claimed_at = now(), updated_at = now()
           FROM stale WHERE o.id = stale.id
         RETURNING o.*, stale.previous_claim)
       SELECT * FROM renewed`,
      [msInterval(this.config.OUTBOX_LEASE_MS), BATCH],
    );
    for (const row of stale) {
      try {
        await this.recover(row);
      } catch (error) {
        // Still 'sending' with a fresh lease: tried again after another OUTBOX_LEASE_MS.
        this.logger.warn(
          `Outbox ${row.id}: recovery failed (${error instanceof Error ? error.message : error})`,
        );
      }
    }
  }

  private async recover(row: OutboxRow & { previous_claim: Date }): Promise<void> {
    // A minute of slack for clock differences between us and Twilio.
    if (await this.delivery.foundAtProvider(row, new Date(row.previous_claim.getTime() - 60_000))) {
      return;
    }
    if (!this.queue.ready) return;
    const moved = await this.dataSource.query(
      `WITH q AS (UPDATE outbox SET status = 'queued', updated_at = now()
                   WHERE id = $1 AND status = 'sending' RETURNING id)
       SELECT id FROM q`,
      [row.id],
    );
    if (moved.length) {
      await this.queue.add([row.id]);
      this.logger.log(`Outbox ${row.id}: not confirmed by the provider, queued again`);
    }
  }
}
