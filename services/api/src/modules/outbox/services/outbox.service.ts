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
