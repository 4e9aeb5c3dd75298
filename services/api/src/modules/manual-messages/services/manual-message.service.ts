import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ErrorCode,
  type ManualMessageResponse,
  messageStateText,
  MessageTexts,
  type OutboxChannel,
  type TestEmailRequestSchema,
  type TestSmsRequestSchema,
} from '@slotwise/contracts';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { AppointmentMessageKind, ManualReminderService } from '../../booking-flows/index.js';
import type { OwnedBusinessRef } from '../../business/index.js';
import { type OutboxMessageInput, OutboxService, SmsCapService } from '../../outbox/index.js';
import { TEST_MESSAGE_KIND, testEmail, testSms } from './test-messages.js';

type TestEmailInput = z.output<typeof TestEmailRequestSchema>;
type TestSmsInput = z.output<typeof TestSmsRequestSchema>;

/** What the hourly cap on owners' manual sends counts. */
const MANUAL_KINDS = [TEST_MESSAGE_KIND, AppointmentMessageKind.manualReminder];

/**
 * Owners' manual sends, written to the outbox like every other message, so they go through the
 * same relay, worker, caps and development mailbox as automatic reminders. A reminder goes to the
 * appointment's customer as stored; a test message goes to the address given (its purpose).
 */
@Injectable()
export class ManualMessageService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxService,
    private readonly smsCaps: SmsCapService,
    private readonly reminders: ManualReminderService,
  ) {}

  sendEmail(owned: OwnedBusinessRef, input: TestEmailInput): Promise<ManualMessageResponse> {
    return this.send(owned, 'email', input, () =>
      testEmail(input.email, owned.id, owned.business.name),
    );
  }

  sendSms(owned: OwnedBusinessRef, input: TestSmsInput): Promise<ManualMessageResponse> {
    return this.send(owned, 'sms', input, () =>
      testSms(input.phoneNumber, owned.id, owned.business.name),
    );
  }

  /** `test` builds the test message; a reminder is prepared from the appointment instead. */
  private send(
    owned: OwnedBusinessRef,
    channel: OutboxChannel,
    input: TestEmailInput | TestSmsInput,
    test: () => OutboxMessageInput,
  ): Promise<ManualMessageResponse> {
    return this.dataSource.transaction(async (em) =>
      this.write(
        em,
        input.type === 'test'
          ? test()
          : await this.reminders.prepare(em, owned, input.appointmentId!, channel),
      ),
    );
  }

  /**
   * Caps first (429 with the cap's text), then the outbox row in the caller's transaction.
   * Manual sends have their own hourly cap per business, on both channels: without it the test
   * email could mail any address in the business's name as often as someone clicks.
   */
  private async write(
    em: EntityManager,
    message: OutboxMessageInput,
  ): Promise<ManualMessageResponse> {
    await this.checkManualCap(em, message.businessId ?? null);
    if (message.channel === 'sms') {
      // The worker checks again before sending; checking here answers 429 at once instead of a
      // message that silently fails later.
      const capped = await this.smsCaps.check(message.to, message.businessId ?? null, em);
      if (capped) throw new DomainException(ErrorCode.RATE_LIMITED, capped);
    }
    // 'pending' (the relay hands it to the queue next), or 'not_configured' at once when this
    // server has no provider for the channel: the owner is never told it is on its way when not.
    const { id, status, error } = await this.outbox.enqueueFollowed(em, message);
    return {
      ok: true,
      messageId: id,
      channel: message.channel,
      status,
      error,
      message: messageStateText(message.channel, status, error),
    };
  }

  /** Serialised per business (advisory lock) so concurrent clicks cannot both fit under it. */
  private async checkManualCap(em: EntityManager, businessId: number | null): Promise<void> {
    if (businessId == null) return;
    await em.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`manual-sends:${businessId}`]);
    const sent = await this.outbox.countLastHour(em, businessId, MANUAL_KINDS);
    if (sent >= this.config.MANUAL_SENDS_PER_HOUR) {
      throw new DomainException(ErrorCode.RATE_LIMITED, MessageTexts.manualSendCap);
    }
  }
}
