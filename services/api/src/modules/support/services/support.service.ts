import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type MessageResponse,
  SupportMessageRequestSchema,
  SupportMessages,
} from '@slotwise/contracts';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { OutboxService } from '../../outbox/index.js';
import { SupportMessageEntity } from '../entities/support-message.entity.js';

export type SupportMessageInput = z.output<typeof SupportMessageRequestSchema>;

export function supportEmailBody(m: SupportMessageInput, id: number): string {
  return [
    `Support message #${id} from the Slotwise website`,
    '',
    `From: ${m.firstName} ${m.lastName} <${m.email}>`,
    `Subject: ${m.subject}`,
    '',
    m.message,
    '',
    `Reply to ${m.email} within 24 hours (Sydney time support hours).`,
  ].join('\n');
}

@Injectable()
export class SupportService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  /** Stores the message and queues the email to the support address in one transaction. */
  async receive(input: SupportMessageInput, clientIp: string | null): Promise<MessageResponse> {
    await this.dataSource.transaction(async (em) => {
      const saved = await em.save(
        em.create(SupportMessageEntity, { ...input, clientIp: clientIp?.slice(0, 45) ?? null }),
      );
      await this.outbox.enqueue(em, {
        channel: 'email',
        to: this.config.SUPPORT_EMAIL,
        subject: `[Support] ${input.subject}`,
        body: supportEmailBody(input, saved.id),
        kind: 'support-message',
      });
    });
    return { message: SupportMessages.received };
  }
}
