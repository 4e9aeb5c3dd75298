import { Inject, Injectable, Logger } from '@nestjs/common';
import { MessageTexts } from '@slotwise/contracts';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '../../../core/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { toE164 } from '../senders/phone-number.js';
import { SendError } from '../senders/send-error.js';
import { messageIdFor, SmtpEmailSender } from '../senders/smtp-email.sender.js';
import { TwilioSmsSender } from '../senders/twilio-sms.sender.js';
import type { OutboxRow } from './outbox-row.js';
import { SmsCapService } from './sms-cap.service.js';

export const INVALID_PHONE = 'invalid phone number';

/** What one delivery attempt did (for logs and tests). */
export type DeliveryOutcome =
  'duplicate' | 'sent' | 'not_configured' | 'failed' | 'retry' | 'unknown' | 'held';

/** Slack after a cap's window frees, so the next try does not land a moment too early. */
const HOLD_SLACK_MS = 1000;

/** Thrown to make BullMQ retry the job with backoff; the row is back in 'queued'. */
export class RetryLaterError extends Error {}

/**
 * One delivery attempt of one outbox row, never sent twice. The row is claimed first: moved to
 * 'sending' in its own committed statement, so no other job or worker can take it while the
 * provider call runs. Only then is the provider called, and the result recorded.
 */
@Injectable()
export class OutboxDeliveryService {
  private readonly logger = new Logger('OutboxDelivery');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly dataSource: DataSource,
    private readonly sms: TwilioSmsSender,
    private readonly email: SmtpEmailSender,
    private readonly caps: SmsCapService,
  ) {}

  /**
   * `lastTry`: BullMQ will not retry this job again. Throws RetryLaterError on a transient
   * failure that still has tries left.
   */
  async deliver(outboxId: number, lastTry = false): Promise<DeliveryOutcome> {
    const claimed = await this.claim(outboxId);
    // Another job (a re-added id, a stalled job run again) has it or already finished it.
    if (!claimed) return 'duplicate';
    if ('outcome' in claimed) return claimed.outcome;
    const { row, to } = claimed;
    let providerId: string;
    try {
      providerId = to
        ? await this.sms.send({ outboxId: row.id, to, body: row.body })
        : await this.sendEmail(row);
    } catch (error) {
      // Anything but a classified provider error: whether it went out is unknown, so the row
      // stays 'sending' and the lease recovery decides (never a blind second send).
      if (!(error instanceof SendError)) throw error;
      return this.onSendError(row, error, lastTry);
    }
    // Sent: from here on the row never goes back to the queue. If recording fails (the database
    // is away), it stays 'sending' and the lease recovery finds the SID at Twilio.
    try {
      await this.markSent(row.id, providerId);
    } catch (error) {
      this.logger.error(
        `Outbox ${row.id} was sent (${providerId}) but not recorded: ${
          error instanceof Error ? error.message : error
        }`,
      );
      throw error;
    }
    return 'sent';
  }

  /**
   * The atomic claim, committed before any send: the row (still 'pending' or 'queued') is locked,
   * checked (provider configured, phone usable, SMS caps) and moved to 'sending', or straight to
   * its final state when it cannot be sent. null: someone else has it or it is done.
   */
  async claim(
    outboxId: number,
  ): Promise<{ row: OutboxRow; to: string | null } | { outcome: DeliveryOutcome } | null> {
    return this.dataSource.transaction(async (em) => {
      const rows: OutboxRow[] = await em.query(
        `SELECT * FROM outbox WHERE id = $1 AND status IN ('pending', 'queued') FOR UPDATE`,
        [outboxId],
      );
      const row = rows[0];
      if (!row) return null;
      const end = async (status: 'failed' | 'not_configured', reason: string) => {
        await em.query(
          `UPDATE outbox SET status = $2, last_error = $3, attempts = attempts + 1,
                  claimed_at = now(), updated_at = now()
            WHERE id = $1`,
          [row.id, status, reason],
        );
        if (status === 'failed') this.logger.warn(`Outbox ${row.id} failed: ${reason}`);
        return { outcome: status } as const;
      };
      const sender = row.channel === 'sms' ? this.sms : this.email;
      if (!sender.configured) return end('not_configured', MessageTexts.notConfigured);
      let to: string | null = null;
      if (row.channel === 'sms') {
        to = toE164(row.recipient);
        if (!to) return end('failed', INVALID_PHONE);
        const capped = await this.caps.checkAndLock(em, row.recipient, row.business_id);
        if (capped) {
          // Held, not failed: a booking's confirmation carries the customer's only cancel and
          // reschedule links. Back to 'pending' until the hour's window has room (the relay
          // compares not_before with the injected clock, so the wait is added to that clock).
          const notBefore = new Date(
            this.clock.now().epochMilliseconds + capped.waitMs + HOLD_SLACK_MS,
          );
          await em.query(
            `UPDATE outbox SET status = 'pending', not_before = $2, last_error = $3,
                    updated_at = now()
              WHERE id = $1`,
            [row.id, notBefore, capped.held],
          );
          this.logger.log(
            `Outbox ${row.id} held until ${notBefore.toISOString()}: ${capped.reason}`,
          );
          return { outcome: 'held' as const };
        }
      }
      const claimed: OutboxRow[] = await em.query(
        `WITH claimed AS (
           UPDATE outbox
              SET status = 'sending', claimed_at = now(), attempts = attempts + 1,
                  updated_at = now()
            WHERE id = $1 AND status IN ('pending', 'queued')
           RETURNING *)
         SELECT * FROM claimed`,
        [row.id],
      );
      return claimed[0] ? { row: claimed[0], to } : null;
    });
  }

  private async onSendError(
    row: OutboxRow,
    error: SendError,
    lastTry: boolean,
  ): Promise<DeliveryOutcome> {
    if (error.kind === 'permanent') {
      await this.finish(row.id, 'failed', error.message);
      return 'failed';
    }
    if (error.kind === 'unknown' && row.channel === 'sms') {
      // Twilio may have taken it: stay 'sending' so the lease recovery asks Twilio before any
      // second send (a blind retry here is how customers get two texts).
      await this.dataSource.query(
        `UPDATE outbox SET last_error = $2, updated_at = now() WHERE id = $1 AND status = 'sending'`,
        [row.id, error.message],
      );
      this.logger.warn(`Outbox ${row.id}: outcome unknown (${error.message}); will check Twilio`);
      return 'unknown';
    }
    if (lastTry || row.attempts >= this.config.OUTBOX_MAX_ATTEMPTS) {
      await this.finish(row.id, 'failed', `${error.message} (gave up after ${row.attempts} tries)`);
      return 'failed';
    }
    await this.backToQueue(row.id, error.message);
    throw new RetryLaterError(error.message);
  }

  private sendEmail(row: OutboxRow): Promise<string> {
    return this.email.send({
      to: row.recipient,
      subject: row.subject ?? '',
      text: row.body,
      attachments: row.attachments ?? [],
      messageId: messageIdFor(row.id, row.created_at, this.config.MAIL_FROM),
    });
  }

  /**
   * For a row left 'sending' (a lost answer, a worker that died): when the provider has its
   * message (an SMS sent since `since`), the row is marked sent and true comes back; otherwise
   * it may be sent again.
   */
  async foundAtProvider(row: OutboxRow, since: Date): Promise<boolean> {
    const to = row.channel === 'sms' ? toE164(row.recipient) : null;
    if (!to || !this.sms.configured) return false;
    const sids = await this.sms.findSent(to, row.body, since);
    // Two rows can hold the same text for one number (two test messages): a SID another row
    // already has is that row's message, not this one's.
    const taken: { provider_message_id: string }[] = sids.length
      ? await this.dataSource.query(
          `SELECT provider_message_id FROM outbox WHERE provider_message_id = ANY($1)`,
          [sids],
        )
      : [];
    const sid = sids.find((s) => !taken.some((t) => t.provider_message_id === s));
    if (!sid) return false;
    await this.markSent(row.id, sid);
    this.logger.log(`Outbox ${row.id}: found at Twilio (${sid}), marked sent`);
    return true;
  }

  /** Records a send. Only from 'sending': a status callback may already have said 'delivered'. */
  async markSent(outboxId: number, providerMessageId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE outbox
          SET status = 'sent', provider_message_id = $2, sent_at = coalesce(sent_at, now()),
              last_error = NULL, updated_at = now()
        WHERE id = $1 AND status = 'sending'`,
      [outboxId, providerMessageId],
    );
  }

  private async finish(outboxId: number, status: 'failed' | 'not_configured', reason: string) {
    await this.dataSource.query(
      `UPDATE outbox SET status = $2, last_error = $3, updated_at = now()
        WHERE id = $1 AND status = 'sending'`,
      [outboxId, status, reason],
    );
    if (status === 'failed') this.logger.warn(`Outbox ${outboxId} failed: ${reason}`);
  }

  private async backToQueue(outboxId: number, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE outbox SET status = 'queued', last_error = $2, updated_at = now()
        WHERE id = $1 AND status = 'sending'`,
      [outboxId, reason],
    );
  }
}
