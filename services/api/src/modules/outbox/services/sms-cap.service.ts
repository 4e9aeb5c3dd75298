import { Inject, Injectable } from '@nestjs/common';
import { MessageTexts } from '@slotwise/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { toE164 } from '../senders/phone-number.js';

/** Statuses that mean an SMS went (or is going) to Twilio, and so count against the caps. */
const COUNTED = ['sending', 'sent', 'delivered'];

/** A cap reached: which one (MessageTexts.smsCapPhone or smsCapBusiness) and how long it holds. */
export interface SmsCapHit {
  reason: string;
  /** What a message held back by it says while it waits (MessageTexts.smsHeld…). */
  held: string;
  /** Until one more SMS fits in the hour's window (database time), in milliseconds. */
  waitMs: number;
}

/** Milliseconds until each counted send leaves the hour's window, soonest first. */
const WAIT_MS = `greatest(0, extract(epoch from claimed_at + interval '1 hour' - now()) * 1000)::float8`;

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
  async check(
    recipient: string,
    businessId: number | null | undefined,
    em: EntityManager = this.dataSource.manager,
  ): Promise<string | null> {
    return (await this.count(em, recipient, businessId))?.reason ?? null;
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
  ): Promise<SmsCapHit | null> {
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
  ): Promise<SmsCapHit | null> {
    const phone = toE164(recipient);
    const hits: SmsCapHit[] = [];
    if (phone) {
      // Numbers are stored as typed: narrow by the last 8 digits in SQL, compare exactly here.
      const rows: { recipient: string; wait_ms: number }[] = await em.query(
        `SELECT recipient, ${WAIT_MS} AS wait_ms FROM outbox
          WHERE channel = 'sms' AND status = ANY($1)
            AND claimed_at > now() - interval '1 hour'
            AND right(regexp_replace(recipient, '\\D', '', 'g'), 8) = $2
          ORDER BY claimed_at`,
        [COUNTED, phone.slice(-8)],
      );
      const sameNumber = rows.filter((r) => toE164(r.recipient) === phone);
      const cap = this.config.SMS_CAP_PER_PHONE_PER_HOUR;
      if (sameNumber.length >= cap) {
        // One more fits once all but cap - 1 of them have left the window.
        const waitMs = sameNumber[sameNumber.length - cap]!.wait_ms;
        hits.push({ reason: MessageTexts.smsCapPhone, held: MessageTexts.smsHeldPhone, waitMs });
      }
    }
    if (businessId != null) {
      const cap = this.config.SMS_CAP_PER_BUSINESS_PER_HOUR;
      const counted: { n: number; wait_ms: number | null }[] = await em.query(
        `WITH counted AS (
           SELECT claimed_at FROM outbox
            WHERE channel = 'sms' AND business_id = $1 AND status = ANY($2)
              AND claimed_at > now() - interval '1 hour')
         SELECT (SELECT count(*)::int FROM counted) AS n,
                (SELECT ${WAIT_MS} FROM counted
                  ORDER BY claimed_at DESC OFFSET $3 - 1 LIMIT 1) AS wait_ms`,
        [businessId, COUNTED, cap],
      );
      if ((counted[0]?.n ?? 0) >= cap) {
        hits.push({
          reason: MessageTexts.smsCapBusiness,
          held: MessageTexts.smsHeldBusiness,
          waitMs: counted[0]?.wait_ms ?? 0,
        });
      }
    }
    // Both reached: it waits for the later of the two.
    return hits.sort((a, b) => b.waitMs - a.waitMs)[0] ?? null;
  }
}
