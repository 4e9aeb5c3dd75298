import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { WEBHOOK_RETRY_SCHEDULE_SEC } from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { OutboxService } from '../../outbox/index.js';
import { sendWebhook, type SendResult } from './webhook-sender.js';

/** After this long with nothing but failures, an endpoint is disabled and the owner told. */
export const FAILING_DAYS_BEFORE_DISABLE = 5;
export const GONE_REASON = 'The endpoint answered 410 Gone';
export const FAILING_REASON = `Every delivery failed for ${FAILING_DAYS_BEFORE_DISABLE} days`;

interface ClaimedDelivery {
  id: number;
  business_id: number;
  endpoint_id: number;
  message_id: string;
  attempts: number;
  body: string;
  url: string;
  secret: string;
  enabled: boolean;
}

/** The delay before attempt `n + 1` (n attempts made), ±10 % jitter so retries do not bunch. */
export function retryDelayMs(attemptsMade: number, random = Math.random): number | null {
  const seconds = WEBHOOK_RETRY_SCHEDULE_SEC[attemptsMade];
  if (seconds === undefined) return null;
  return Math.round(seconds * 1000 * (0.9 + 0.2 * random()));
}

/**
 * One attempt of one delivery, and what it leads to: 2xx delivered; 410 disables the endpoint;
 * anything else (3xx included, and no answer) is retried on the Standard Webhooks schedule until
 * it runs out. An endpoint failing for 5 days is disabled and its owner emailed.
 */
@Injectable()
export class WebhookDeliveryService {
  private readonly logger = new Logger('WebhookDelivery');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly outbox: OutboxService,
  ) {}

  async attempt(deliveryId: number): Promise<void> {
    // The claim: a queued row, or a due pending one (the job can start before the relay's
    // transaction marking it queued commits: the UPDATE waits for that row lock, then sees it).
    // A job run twice (a requeue) sends once per claim.
    const [claimed] = (await this.dataSource.query(
      `UPDATE webhook_deliveries d
          SET status = 'sending', claimed_at = now(), updated_at = now()
         FROM webhook_endpoints e
        WHERE d.id = $1 AND e.id = d.endpoint_id
          AND (d.status = 'queued' OR (d.status = 'pending' AND d.next_attempt_at <= $2))
       RETURNING d.id, d.business_id, d.endpoint_id, d.message_id, d.attempts,
                 d.payload::text AS body, e.url, e.secret, e.enabled`,
      [deliveryId, this.now()],
    )) as [ClaimedDelivery[], number];
    const row = claimed[0];
    if (!row) return;
    if (!row.enabled) {
      await this.finish(row, 'failed', { status: null, error: 'The endpoint is disabled' });
      return;
    }
    const result = await sendWebhook(
      { url: row.url, secret: row.secret, messageId: row.message_id, body: row.body },
      {
        allowLoopback: this.config.WEBHOOKS_ALLOW_LOOPBACK,
        timeoutMs: this.config.WEBHOOKS_TIMEOUT_MS,
      },
    );
    await this.record(row, result);
  }

  private async record(row: ClaimedDelivery, result: SendResult): Promise<void> {
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    if (ok) {
      await this.dataSource.transaction(async (em) => {
        await this.finish(row, 'succeeded', result, em);
        await em.query(`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1`, [
          row.endpoint_id,
        ]);
      });
      return;
    }
    const error = result.error ?? `HTTP ${result.status}`;
    await this.dataSource.transaction(async (em) => {
      if (result.status === 410) {
        await this.finish(row, 'failed', { ...result, error }, em);
        await this.disable(em, row, GONE_REASON);
        return;
      }
      const delay = retryDelayMs(row.attempts + 1);
      if (delay === null) {
        await this.finish(row, 'failed', { ...result, error }, em);
      } else {
        await em.query(
          `UPDATE webhook_deliveries
              SET status = 'pending', attempts = attempts + 1, response_code = $2,
                  last_error = $3, next_attempt_at = $4, claimed_at = NULL, updated_at = now()
            WHERE id = $1`,
          [row.id, result.status, error, new Date(this.now().getTime() + delay)],
        );
      }
      await this.noteFailure(em, row);
    });
  }

  private now(): Date {
    return toDate(this.clock.now());
  }

  private async finish(
    row: ClaimedDelivery,
    status: 'succeeded' | 'failed',
    result: SendResult,
    em: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await em.query(
      `UPDATE webhook_deliveries
          SET status = $2, attempts = attempts + 1, response_code = $3, last_error = $4,
              delivered_at = $5, next_attempt_at = NULL, claimed_at = NULL, updated_at = now()
        WHERE id = $1`,
      [row.id, status, result.status, result.error, status === 'succeeded' ? this.now() : null],
    );
  }

  /** Starts (or continues) the endpoint's failure streak; 5 days of it disable the endpoint. */
  private async noteFailure(em: EntityManager, row: ClaimedDelivery): Promise<void> {
    const [rows] = (await em.query(
      `UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, $2), updated_at = now()
        WHERE id = $1 AND enabled
       RETURNING failing_since`,
      [row.endpoint_id, this.now()],
    )) as [{ failing_since: Date }[], number];
    const since = rows[0]?.failing_since;
    const limit = FAILING_DAYS_BEFORE_DISABLE * 86_400_000;
    if (since && this.now().getTime() - since.getTime() >= limit) {
      await this.disable(em, row, FAILING_REASON);
    }
  }

  /** Disables the endpoint, drops its waiting deliveries and emails the owner, all at once. */
  private async disable(em: EntityManager, row: ClaimedDelivery, reason: string): Promise<void> {
    const [changed] = (await em.query(
      `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2, updated_at = now()
        WHERE id = $1 AND enabled RETURNING url`,
      [row.endpoint_id, reason],
    )) as [{ url: string }[], number];
    if (!changed.length) return;
    await em.query(
      `UPDATE webhook_deliveries SET status = 'failed', last_error = 'The endpoint was disabled',
              next_attempt_at = NULL, updated_at = now()
        WHERE endpoint_id = $1 AND status = 'pending'`,
      [row.endpoint_id],
    );
    this.logger.warn(`Webhook endpoint ${row.endpoint_id} disabled: ${reason}`);
    const [owner] = (await em.query(
      `SELECT coalesce(b.email, u.email) AS email, b.name
         FROM businesses b LEFT JOIN users u ON u.id = b.owner_user_id
        WHERE b.id = $1`,
      [row.business_id],
    )) as { email: string | null; name: string }[];
    if (!owner?.email) return;
    await this.outbox.enqueue(em, {
      channel: 'email',
      to: owner.email,
      subject: 'A webhook endpoint was disabled',
      body: [
        `Slotwise stopped sending events to ${changed[0]!.url} for ${owner.name}.`,
        `Why: ${reason}.`,
        'Fix the receiver, then turn the endpoint back on in Settings → Integrations; the failed deliveries can be resent from its delivery log.',
      ].join('\n\n'),
      kind: 'webhook-disabled',
      businessId: row.business_id,
    });
  }
}
