import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  APPOINTMENT_NOT_FOUND_MESSAGE,
  ErrorCode,
  type ManualMessageResponse,
  MessageTexts,
  type TestEmailRequestSchema,
  type TestSmsRequestSchema,
} from '@slotwise/contracts';
import type { z } from 'zod';
import { CLOCK, type Clock } from '../../../core/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import {
  DomainException,
  ValidationFailedException,
} from '../../../core/exceptions/domain.exception.js';
import { AppointmentEntity } from '../../appointment/entities/appointment.entity.js';
import { issueCustomerLinks } from '../../appointment/services/appointment-links.js';
import {
  AppointmentMessageKind,
  appointmentFacts,
  type AppointmentFacts,
  manualReminderEmail,
  manualReminderSms,
} from '../../appointment/services/appointment-messages.js';
import { BusinessEntity } from '../../business/entities/business.entity.js';
import { BusinessService } from '../../business/services/business.service.js';
import { ServiceEntity } from '../../catalog/entities/service.entity.js';
import { CustomerEntity } from '../../customer/entities/customer.entity.js';
import type { OutboxMessageInput } from '../../outbox/services/outbox.service.js';
import { OutboxService } from '../../outbox/services/outbox.service.js';
import { SmsCapService } from '../../outbox/services/sms-cap.service.js';
import { TEST_MESSAGE_KIND, testEmail, testSms } from './test-messages.js';

type TestEmailInput = z.output<typeof TestEmailRequestSchema>;
type TestSmsInput = z.output<typeof TestSmsRequestSchema>;

interface ReminderTarget {
  appointment: AppointmentEntity;
  customer: CustomerEntity;
  facts: AppointmentFacts;
}

const appointmentNotFound = () =>
  new DomainException(ErrorCode.NOT_FOUND, APPOINTMENT_NOT_FOUND_MESSAGE);

/**
 * Owners' manual sends, written to the outbox like every other message (decision 19), so they go
 * through the same relay, worker, caps and development mailbox as reminders (decision 16).
 *
 * A reminder always goes to the appointment's customer as stored: the payload's `email` or
 * `phoneNumber` is validated but never used as the recipient, so the endpoint cannot be pointed at
 * an arbitrary address with the business's name on it (and a stale address in an open dashboard
 * still reaches the right person). Test messages go to the given address: that is their purpose.
 */
@Injectable()
export class ManualMessageService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly businessService: BusinessService,
    private readonly outbox: OutboxService,
    private readonly smsCaps: SmsCapService,
  ) {}

  async sendEmail(userId: string, input: TestEmailInput): Promise<ManualMessageResponse> {
    if (input.type === 'test') {
      const business = await this.businessService.loadOrCreateForOwner(userId);
      return this.dataSource.transaction((em) =>
        this.write(em, testEmail(input.email, business.id, business.name)),
      );
    }
    return this.dataSource.transaction(async (em) => {
      const { appointment, customer, facts } = await this.reminderTarget(
        em,
        input.appointmentId!,
        userId,
      );
      if (!customer.email) {
        throw new ValidationFailedException(MessageTexts.customerHasNoEmail);
      }
      const links = await this.freshLinks(em, appointment);
      const name = `${customer.firstName} ${customer.lastName}`.trim();
      return this.write(em, manualReminderEmail(customer.email, name, facts, links));
    });
  }

  async sendSms(userId: string, input: TestSmsInput): Promise<ManualMessageResponse> {
    if (input.type === 'test') {
      const business = await this.businessService.loadOrCreateForOwner(userId);
      return this.dataSource.transaction((em) =>
        this.write(em, testSms(input.phoneNumber, business.id, business.name)),
      );
    }
    return this.dataSource.transaction(async (em) => {
      const { appointment, customer, facts } = await this.reminderTarget(
        em,
        input.appointmentId!,
        userId,
      );
      if (!customer.phone?.trim()) {
        throw new ValidationFailedException(MessageTexts.customerHasNoPhone);
      }
      const links = await this.freshLinks(em, appointment);
      return this.write(em, manualReminderSms(customer.phone, facts, links));
    });
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
    if (message.channel === 'sms') await this.checkSmsCaps(message.to, message.businessId ?? null);
    const messageId = await this.outbox.enqueue(em, message);
    // Written now, handed to the queue by the relay: 'pending' is its state at this moment.
    return { ok: true, messageId, status: 'pending' };
  }

  /** Serialised per business (advisory lock) so concurrent clicks cannot both fit under it. */
  private async checkManualCap(em: EntityManager, businessId: number | null): Promise<void> {
    if (businessId == null) return;
    await em.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`manual-sends:${businessId}`]);
    const rows: { n: number }[] = await em.query(
      `SELECT count(*)::int AS n FROM outbox
        WHERE business_id = $1 AND kind = ANY($2) AND created_at > now() - interval '1 hour'`,
      [businessId, [TEST_MESSAGE_KIND, AppointmentMessageKind.manualReminder]],
    );
    if ((rows[0]?.n ?? 0) >= this.config.MANUAL_SENDS_PER_HOUR) {
      throw new DomainException(ErrorCode.RATE_LIMITED, MessageTexts.manualSendCap);
    }
  }

  /**
   * The delivery pipeline's caps against SMS pumping (per number and per business per hour). The
   * worker checks again before sending; checking here lets the owner see 429 at once instead of a
   * message that silently fails later.
   */
  private async checkSmsCaps(to: string, businessId: number | null): Promise<void> {
    const capped = await this.smsCaps.check(to, businessId);
    if (capped) throw new DomainException(ErrorCode.RATE_LIMITED, capped);
  }

  /**
   * The owner's appointment, locked so a cancel or a move at the same moment is serialised with
   * this send. Another owner's (or an unknown) appointment is "not found" (decision 14).
   * A reminder of a cancelled or finished appointment would only confuse the customer.
   */
  private async reminderTarget(
    em: EntityManager,
    appointmentId: number,
    userId: string,
  ): Promise<ReminderTarget> {
    const appointment = await em.findOne(AppointmentEntity, {
      where: { id: appointmentId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!appointment) throw appointmentNotFound();
    const business = await em.findOneBy(BusinessEntity, {
      id: appointment.businessId,
      ownerUserId: userId,
    });
    if (!business) throw appointmentNotFound();
    if (appointment.status === 'cancelled') {
      throw new DomainException(ErrorCode.ALREADY_CANCELLED, MessageTexts.reminderOfCancelled);
    }
    if (
      appointment.status === 'completed' ||
      appointment.startsAt.getTime() <= this.clock.now().epochMilliseconds
    ) {
      throw new ValidationFailedException(MessageTexts.reminderOfPast);
    }
    const customer = await em.findOneByOrFail(CustomerEntity, { id: appointment.customerId });
    const service = await em.findOneOrFail(ServiceEntity, {
      where: { id: appointment.serviceId },
      withDeleted: true,
    });
    return {
      appointment,
      customer,
      facts: appointmentFacts(appointment, business, service),
    };
  }

  /**
   * New cancel and reschedule links for the reminder (raw tokens exist only when issued); the
   * earlier links stay valid until used or the appointment starts.
   */
  private freshLinks(em: EntityManager, appointment: AppointmentEntity) {
    return issueCustomerLinks(em, appointment.id, appointment.startsAt, this.config.PUBLIC_URL);
  }
}
