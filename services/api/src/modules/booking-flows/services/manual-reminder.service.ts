import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  APPOINTMENT_NOT_FOUND_MESSAGE,
  ErrorCode,
  MessageTexts,
  type OutboxChannel,
} from '@slotwise/contracts';
import { CLOCK, type Clock } from '../../../core/clock/clock.js';
import { fullName } from '../../../core/database/columns.js';
import {
  DomainException,
  ValidationFailedException,
} from '../../../core/exceptions/domain.exception.js';
import { BookingWriter } from '../../bookings/index.js';
import type { OwnedBusinessRef } from '../../business/index.js';
import { CatalogService } from '../../catalog/index.js';
import { CustomerService } from '../../customer/index.js';
import type { OutboxMessageInput } from '../../outbox/index.js';
import {
  appointmentFacts,
  manualReminderEmail,
  manualReminderSms,
} from './appointment-messages.js';
import { CustomerLinksService } from './customer-links.service.js';
import { bookedCustomer } from './booked-customer.js';

const appointmentNotFound = () =>
  new DomainException(ErrorCode.NOT_FOUND, APPOINTMENT_NOT_FOUND_MESSAGE);

/**
 * The reminder an owner sends by hand from the dashboard. It always goes to the appointment's
 * customer as stored, never to an address the request names, so the endpoint cannot send
 * arbitrary messages in the business's name (and a stale address in an open dashboard still
 * reaches the right person).
 */
@Injectable()
export class ManualReminderService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly ledger: BookingWriter,
    private readonly catalog: CatalogService,
    private readonly customers: CustomerService,
    private readonly links: CustomerLinksService,
  ) {}

  /**
   * The message, through `em`: the appointment stays locked until the caller commits, so a cancel
   * or a move at the same moment waits for this send. It carries new cancel and reschedule links
   * (raw tokens exist only when issued); earlier links stay valid until used or the start.
   */
  async prepare(
    em: EntityManager,
    owned: OwnedBusinessRef,
    appointmentId: number,
    channel: OutboxChannel,
  ): Promise<OutboxMessageInput> {
    const appointment = await this.ledger.lock(em, appointmentId, owned.id);
    if (!appointment) throw appointmentNotFound();
    // A reminder of a cancelled or finished appointment would only confuse the customer.
    if (appointment.status === 'cancelled') {
      throw new DomainException(ErrorCode.ALREADY_CANCELLED, MessageTexts.reminderOfCancelled);
    }
    if (
      appointment.status === 'completed' ||
      appointment.startsAt.getTime() <= this.clock.now().epochMilliseconds
    ) {
      throw new ValidationFailedException(MessageTexts.reminderOfPast);
    }
    const customer = bookedCustomer(
      await this.customers.findById(appointment.customerId, em),
      appointment,
    );
    if (channel === 'email' && !customer.email) {
      throw new ValidationFailedException(MessageTexts.customerHasNoEmail);
    }
    if (channel === 'sms' && !customer.phone?.trim()) {
      throw new ValidationFailedException(MessageTexts.customerHasNoPhone);
    }
    const service = await this.catalog.findById(appointment.serviceId, em);
    const facts = appointmentFacts(appointment, owned.business, service);
    const links = await this.links.issue(em, appointment);
    return channel === 'email'
      ? manualReminderEmail(customer.email!, fullName(customer), facts, links)
      : manualReminderSms(customer.phone, facts, links);
  }
}
