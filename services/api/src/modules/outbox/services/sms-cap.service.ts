import { Inject, Injectable } from '@nestjs/common';
import { MessageTexts } from '@slotwise/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { toE164 } from '../senders/phone-number.js';

/** Statuses that mean an SMS went (or is going) to Twilio, and so count against the caps. */
const COUNTED = ['sending', 'sent', 'delivered'];

/**
 * Caps against SMS pumping (someone making us text premium numbers): at most
 * SMS_CAP_PER_PHONE_PER_HOUR messages to one number and SMS_CAP_PER_BUSINESS_PER_HOUR for one
 * business, counting what was sent or is being sent in the last hour (database time). The worker
 * checks before every SMS; the API's manual send calls it first to answer 429 up front.
 */
@Injectable()
export class SmsCapService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * null when one more SMS to `recipient` (as typed) for `businessId` is allowed, else the
   * message to show (MessageTexts.smsCapPhone or smsCapBusiness). Inside a transaction pass its
   * `em`: a request holding a connection must not wait for a second one from the pool.
   */
  check(
    recipient: string,
    businessId: number | null | undefined,
    em: EntityManager = this.dataSource.manager,
  ): Promise<string | null> {
    return this.count(em, recipient, businessId);
  }

  /**
   * The worker's check, inside the transaction that claims the message: transaction-level
   * advisory locks on the number and the business serialise concurrent jobs, so two sends to one
   * number cannot both see room for one more.
   */
  async checkAndLock(
    em: EntityManager,
    recipient: string,
    businessId: number | null | undefined,
  ): Promise<string | null> {
    const phone = toE164(recipient);
    if (phone) await em.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`sms-cap:${phone}`]);
    if (businessId != null) {
      await em.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`sms-cap:b${businessId}`]);
    }
    return this.count(em, recipient, businessId);
  }

  private async count(
    em: EntityManager,
    recipient: string,
    businessId: number | null | undefined,
  ): Promise<string | null> {
    const phone = toE164(recipient);
    if (phone) {
      // Numbers are stored as typed: narrow by the last 8 digits in SQL, compare exactly here.
      const rows: { recipient: string }[] = await em.query(
        `SELECT recipient FROM outbox
          WHERE channel = 'sms' AND status = ANY($1)
            AND claimed_at > now() - interval '1 hour'
            AND right(regexp_replace(recipient, '\\D', '', 'g'), 8) = $2`,
        [COUNTED, phone.slice(-8)],
      );
      const sameNumber = rows.filter((r) => toE164(r.recipient) === phone).length;
      if (sameNumber >= this.config.SMS_CAP_PER_PHONE_PER_HOUR) return MessageTexts.smsCapPhone;
    }
    if (businessId != null) {
      const counted: { n: number }[] = await em.query(
        `SELECT count(*)::int AS n FROM outbox
          WHERE channel = 'sms' AND business_id = $1 AND status = ANY($2)
            AND claimed_at > now() - interval '1 hour'`,
        [businessId, COUNTED],
      );
      if ((counted[0]?.n ?? 0) >= this.config.SMS_CAP_PER_BUSINESS_PER_HOUR) {
        return MessageTexts.smsCapBusiness;
      }
    }
    return null;
  }
}
