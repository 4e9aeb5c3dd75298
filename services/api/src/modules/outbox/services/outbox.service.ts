import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import type { DevOutboxMessage } from '@slotwise/contracts';
import { type OutboxChannel, OutboxMessageEntity } from '../entities/outbox-message.entity.js';

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
  ) {}

  /**
   * Writes a message through `em`, so it commits (or not) with the change that caused it. Answers
   * the new row's id (manual sends report it to the owner).
   */
  async enqueue(em: EntityManager, input: OutboxMessageInput): Promise<number> {
    const result = await em.insert(OutboxMessageEntity, {
      channel: input.channel,
      recipient: input.to,
      subject: input.subject,
      body: input.body,
      kind: input.kind,
      businessId: input.businessId ?? null,
      appointmentId: input.appointmentId ?? null,
      ...(input.notBefore ? { notBefore: input.notBefore } : {}),
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

  /** The development mailbox: newest first, optionally only one recipient's. */
  async latest(limit: number, to?: string): Promise<DevOutboxMessage[]> {
    const rows = await this.messages.find({
      where: to ? { recipient: to } : {},
      order: { id: 'DESC' },
      take: limit,
    });
    return rows.map(toDevOutboxDto);
  }
}
