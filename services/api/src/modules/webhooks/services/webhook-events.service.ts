import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { WebhookEventType } from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import type { SqlParams } from '../../../core/database/sql-params.js';

/** The `webhook-id` of a message: unique, and the same on each of its attempts. */
export const newMessageId = (): string => `msg_${randomBytes(15).toString('base64url')}`;

/** The body every endpoint receives (Standard Webhooks' recommended shape). */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * The hook the writers of bookings and clients call inside their transaction: one delivery row
 * per enabled endpoint of the business that chose the event, so the event exists if and only if
 * the change commits (decision 42). The worker delivers them.
 */
@Injectable()
export class WebhookEvents {
  constructor(@Inject(CLOCK) private readonly clock: Clock) {}

  payload(type: string, data: Record<string, unknown>): WebhookPayload {
    return { type, timestamp: this.clock.now().toString(), data };
  }

  /** Records `type` for the business's endpoints in `em`'s transaction. */
  async emit(
    em: EntityManager,
    businessId: number,
    type: WebhookEventType,
    data: Record<string, unknown>,
  ): Promise<void> {
    await em.query(
      `INSERT INTO webhook_deliveries
              (business_id, endpoint_id, message_id, event_type, payload, next_attempt_at)
       SELECT e.business_id, e.id, $3::text, $2::text, $4::jsonb, $5::timestamptz
         FROM webhook_endpoints e
        WHERE e.business_id = $1::int AND e.enabled AND $2::text = ANY(e.events)`,
      [
        businessId,
        type,
        newMessageId(),
        JSON.stringify(this.payload(type, data)),
        toDate(this.clock.now()),
      ],
    );
  }

  /**
   * `emit` as the body of a WITH query of a statement other modules make up (a public booking),
   * writing only while `condition` holds. `extra` is SQL for a jsonb merged into `data` (an id the
   * statement itself writes), reading `from`.
   */
  emitSql(
    businessId: number,
    type: WebhookEventType,
    data: Record<string, unknown>,
    condition: string,
    p: SqlParams,
    more: { from?: string; extra?: string } = {},
  ): string {
    const payload = p.add(JSON.stringify(this.payload(type, data)), 'jsonb');
    const merged = more.extra
      ? `jsonb_set(${payload}, '{data}', (${payload} -> 'data') || ${more.extra})`
      : payload;
    return `INSERT INTO webhook_deliveries
              (business_id, endpoint_id, message_id, event_type, payload, next_attempt_at)
            SELECT e.business_id, e.id, ${p.add(newMessageId(), 'text')}, ${p.add(type, 'text')},
                   ${merged}, ${p.add(toDate(this.clock.now()), 'timestamptz')}
              FROM webhook_endpoints e${more.from ? `, ${more.from}` : ''}
             WHERE e.business_id = ${p.add(businessId, 'int')} AND e.enabled
               AND ${p.add(type, 'text')} = ANY(e.events) AND ${condition}
            RETURNING id`;
  }
}
