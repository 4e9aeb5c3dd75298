import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import {
  INVALID_TWILIO_SIGNATURE,
  type TwilioCallback,
  verifyTwilioSignature,
} from './twilio-signature.js';

export { INVALID_TWILIO_SIGNATURE };

/**
 * Twilio's status callbacks (POST /api/webhooks/twilio/status): verified with X-Twilio-Signature,
 * then moved forward only (queued → sent → delivered, or failed), so a late 'sent' never undoes a
 * 'delivered'.
 */
@Injectable()
export class TwilioStatusService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  async handle(callback: TwilioCallback): Promise<void> {
    verifyTwilioSignature(this.config.TWILIO_AUTH_TOKEN, callback);
    const sid = callback.params.MessageSid ?? callback.params.SmsSid;
    if (!sid) return;
    const outboxId = Number(new URL(callback.url).searchParams.get('outboxId'));
    if (Number.isSafeInteger(outboxId) && outboxId > 0) {
      // The callback can beat the worker's own 'sent' mark: attach the SID to the row first.
      await this.dataSource.query(
        `UPDATE outbox SET provider_message_id = $2, updated_at = now()
          WHERE id = $1 AND channel = 'sms' AND status = 'sending' AND provider_message_id IS NULL
            AND NOT EXISTS (SELECT 1 FROM outbox WHERE provider_message_id = $2)`,
        [outboxId, sid],
      );
    }
    const status = callback.params.MessageStatus ?? callback.params.SmsStatus;
    switch (status) {
      case 'sent':
        await this.dataSource.query(
          `UPDATE outbox SET status = 'sent', sent_at = coalesce(sent_at, now()), updated_at = now()
            WHERE provider_message_id = $1 AND status = 'sending'`,
          [sid],
        );
        return;
      case 'delivered':
      case 'read':
        await this.dataSource.query(
          `UPDATE outbox SET status = 'delivered', delivered_at = coalesce(delivered_at, now()),
                  sent_at = coalesce(sent_at, now()), last_error = NULL, updated_at = now()
            WHERE provider_message_id = $1 AND status IN ('sending', 'sent')`,
          [sid],
        );
        return;
      case 'failed':
      case 'undelivered': {
        const code = callback.params.ErrorCode;
        const reason = `Twilio: ${status}${code ? ` (error ${code})` : ''}`;
        await this.dataSource.query(
          `UPDATE outbox SET status = 'failed', last_error = $2, updated_at = now()
            WHERE provider_message_id = $1 AND status IN ('sending', 'sent')`,
          [sid, reason],
        );
        return;
      }
      default:
      // queued, sending, accepted...: nothing the row does not already say.
    }
  }
}
