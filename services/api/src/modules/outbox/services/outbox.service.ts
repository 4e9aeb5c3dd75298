import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import {
  type ConfirmationState,
  type DevOutboxMessage,
  isHeldByCap,
  type MessageStatus,
  messageStateText,
  MessageTexts,
  type OutboxStatus,
} from '@slotwise/contracts';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import type { SqlParams } from '../../../core/database/sql-params.js';
import {
  type OutboxAttachment,
  type OutboxChannel,
  OutboxMessageEntity,
} from '../entities/outbox-message.entity.js';
import { confirmationState, configuredChannels } from '../senders/configured-channels.js';
import { toE164 } from '../senders/phone-number.js';

export interface OutboxMessageInput {
  channel: OutboxChannel;
  to: string;
  subject: string | null;
  body: string;
  kind: string;
  /** The business it is sent for (SMS caps); omit for account emails. */
  businessId?: number | null;
  /** The appointment it is about (reminders are withdrawn or moved with it). */
  appointmentId?: number | null;
  /** Not before this instant (reminders); now when omitted. */
  notBefore?: Date;
  /** Files an email carries (a booking's calendar invite). */
  attachments?: OutboxAttachment[];
}

export function toDevOutboxDto(m: OutboxMessageEntity): DevOutboxMessage {
  return {
    id: m.id,
    channel: m.channel,
    to: m.recipient,
    subject: m.subject,
    body: m.body,
    kind: m.kind,
    status: m.status,
    lastError: m.lastError,
    notBefore: m.notBefore.toISOString(),
    createdAt: m.createdAt.toISOString(),
  };
}

@Injectable()
export class OutboxService {
  constructor(
    @InjectRepository(OutboxMessageEntity)
    private readonly messages: Repository<OutboxMessageEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether this server has a provider for each channel (the same settings as the worker's). */
  configuredChannels(): Record<OutboxChannel, boolean> {
    return configuredChannels(this.config);
  }

  /** What a customer can be told of a confirmation (see the function of the same name). */
  confirmationState(channel: OutboxChannel, wanted: boolean): ConfirmationState {
    return confirmationState(this.config, channel, wanted);
  }

  /**
   * Like `enqueue`, for a message the owner follows on screen: answers its state at once. Without
   * a provider for its channel the row is written `not_configured` straight away (the worker would
   * only mark it so later, and never sends it), so nobody is told "queued" for a message that
   * will never go. The worker claims only 'pending' and 'queued' rows.
   */
  async enqueueFollowed(
    em: EntityManager,
    input: OutboxMessageInput,
  ): Promise<{ id: number; status: OutboxStatus; error: string | null }> {
    if (this.configuredChannels()[input.channel]) {
      return { id: await this.enqueue(em, input), status: 'pending', error: null };
    }
    const error = MessageTexts.notConfigured;
    const id = await this.insert(em, input, { status: 'not_configured', lastError: error });
    return { id, status: 'not_configured', error };
  }

  /** One of a business's messages as it is now; null when the business has no such message. */
  async statusOf(businessId: number, id: number): Promise<MessageStatus | null> {
    const m = await this.messages.findOne({
      where: { id, businessId },
      select: { id: true, channel: true, status: true, lastError: true },
    });
    if (!m) return null;
    // A sent message's earlier failed tries (cleared on send) are no error of its own; a pending
    // one's is why a cap holds it back.
    const held = isHeldByCap({ status: m.status, error: m.lastError });
    const error =
      held || ['failed', 'not_configured', 'cancelled'].includes(m.status) ? m.lastError : null;
    return {
      id: m.id,
      channel: m.channel,
      status: m.status,
      error,
      message: messageStateText(m.channel, m.status, error),
    };
  }

  /**
   * Writes a message through `em`, so it commits (or not) with the change that caused it. Answers
   * the new row's id (manual sends report it to the owner).
   */
  enqueue(em: EntityManager, input: OutboxMessageInput): Promise<number> {
    return this.insert(em, input);
  }

  /**
   * `enqueue` of several messages as a part of a statement other modules' parts make up with it
   * (a public booking, written in one round trip): the body of a WITH query that writes them, in
   * order, while `condition` holds (an SQL condition on the statement's other parts: the messages
   * of a booking are written only with it), as `enqueue` writes each.
   */
  enqueueSql(inputs: readonly OutboxMessageInput[], condition: string, p: SqlParams): string {
    const rows = inputs.map((input) => ({
      channel: input.channel,
      recipient: input.to,
      subject: input.subject,
      body: input.body,
      attachments: input.attachments?.length ? input.attachments : null,
      kind: input.kind,
      business_id: input.businessId ?? null,
      appointment_id: input.appointmentId ?? null,
      not_before: input.notBefore ?? null,
    }));
    // Columns left out take their defaults, as with `enqueue`; not_before's is the statement's now().
    return `INSERT INTO outbox (channel, recipient, subject, body, attachments, kind, business_id,
                                appointment_id, not_before)
            SELECT m.channel, m.recipient, m.subject, m.body, m.attachments, m.kind, m.business_id,
                   m.appointment_id, coalesce(m.not_before, now())
              FROM ROWS FROM (jsonb_to_recordset(${p.add(JSON.stringify(rows), 'jsonb')})
                     AS (channel text, recipient text, subject text, body text, attachments jsonb,
                         kind text, business_id int, appointment_id int, not_before timestamptz))
                   WITH ORDINALITY AS m
             WHERE ${condition}
             ORDER BY m.ordinality`;
  }

  private async insert(
    em: EntityManager,
    input: OutboxMessageInput,
    state: Partial<Pick<OutboxMessageEntity, 'status' | 'lastError'>> = {},
  ): Promise<number> {
    const result = await em.insert(OutboxMessageEntity, {
      ...state,
      channel: input.channel,
      recipient: input.to,
      subject: input.subject,
      body: input.body,
      kind: input.kind,
      businessId: input.businessId ?? null,
      appointmentId: input.appointmentId ?? null,
      ...(input.notBefore ? { notBefore: input.notBefore } : {}),
      ...(input.attachments?.length ? { attachments: input.attachments } : {}),
    });
    return (result.identifiers[0] as { id: number }).id;
  }

  /**
   * Withdraws messages of `kind` that have not gone out (an appointment cancelled or moved, a plan
   * that no longer includes them), through `em` so it commits with that change. The worker claims
   * only 'pending' and 'queued' rows, so a withdrawn message is never sent; one already 'sending'
   * can no longer be stopped.
   */
  async withdraw(
    em: EntityManager,
    filter: { kind: string; appointmentId?: number; businessId?: number },
    reason: string,
  ): Promise<void> {
    const query = em
      .createQueryBuilder()
      .update(OutboxMessageEntity)
      .set({ status: 'cancelled', lastError: `withdrawn: ${reason}` })
      .where('kind = :kind', { kind: filter.kind })
      .andWhere(`status IN ('pending', 'queued')`);
    if (filter.appointmentId !== undefined) {
      query.andWhere('appointment_id = :appointmentId', { appointmentId: filter.appointmentId });
    }
    if (filter.businessId !== undefined) {
      query.andWhere('business_id = :businessId', { businessId: filter.businessId });
    }
    await query.execute();
  }

  /**
   * The appointments that messages of `kind` went out to `recipient` about (handed to the
   * provider), the most recently sent first: whom a reply from that number answers.
   */
  async sentTo(recipient: string, kind: string, limit = 20): Promise<number[]> {
    const rows: { appointment_id: number }[] = await this.messages.query(
      `SELECT appointment_id FROM outbox
        WHERE recipient = $1 AND kind = $2 AND appointment_id IS NOT NULL
          AND status IN ('sending', 'sent', 'delivered')
        ORDER BY sent_at DESC NULLS LAST, id DESC
        LIMIT $3`,
      [recipient, kind, limit],
    );
    return rows.map((r) => r.appointment_id);
  }

  /** How many messages of these kinds were written for a business in the last hour. */
  async countLastHour(
    em: EntityManager,
    businessId: number,
    kinds: readonly string[],
  ): Promise<number> {
    const rows: { n: number }[] = await em.query(
      `SELECT count(*)::int AS n FROM outbox
        WHERE business_id = $1 AND kind = ANY($2) AND created_at > now() - interval '1 hour'`,
      [businessId, kinds],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * The development mailbox: newest first, optionally only one recipient's. A phone number finds
   * its texts however it is typed ('0412 345 678' finds those sent to +61412345678).
   */
  async latest(limit: number, to?: string): Promise<DevOutboxMessage[]> {
    const e164 = to ? toE164(to) : null;
    const rows = await this.messages.find({
      where: to ? [{ recipient: to }, ...(e164 && e164 !== to ? [{ recipient: e164 }] : [])] : {},
      order: { id: 'DESC' },
      take: limit,
    });
    return rows.map(toDevOutboxDto);
  }
}
