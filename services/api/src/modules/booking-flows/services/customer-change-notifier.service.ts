import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type ConfirmationState, isAustralianMobile } from '@slotwise/contracts';
import { CLOCK, type Clock } from '../../../core/clock/clock.js';
import { fullName } from '../../../core/database/columns.js';
import type { AppointmentEntity } from '../../bookings/index.js';
import type { BusinessEntity } from '../../business/index.js';
import type { ServiceEntity } from '../../catalog/index.js';
import { CustomerService } from '../../customer/index.js';
import { OutboxService } from '../../outbox/index.js';
import { StaffService } from '../../staff/index.js';
import {
  appointmentFacts,
  cancellationConfirmationSms,
  type OwnerBookingFacts,
  ownerCustomerCancelledEmail,
  ownerCustomerRescheduledEmail,
  rescheduleConfirmationSms,
} from './appointment-messages.js';
import { confirmationRequestFor, reminderFor, withdrawReminders } from './appointment-reminders.js';
import { CustomerLinksService } from './customer-links.service.js';
import { bookedCustomer } from './booked-customer.js';

/** A booking a customer changed through their link, with what the messages about it name. */
export interface ChangedBooking {
  appointment: AppointmentEntity;
  business: BusinessEntity;
  service: ServiceEntity;
}

/**
 * What a customer's own cancel or move (their SMS links) sends and withdraws, written through the
 * change's transaction: the customer's SMS (Australian mobiles only), the reminder withdrawn (and,
 * for a move, written again for the new time with fresh links), and the owner's email.
 */
@Injectable()
export class CustomerChangeNotifier {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly customers: CustomerService,
    private readonly staff: StaffService,
    private readonly outbox: OutboxService,
    private readonly links: CustomerLinksService,
  ) {}

  async cancelled(em: EntityManager, { appointment, business, service }: ChangedBooking) {
    await withdrawReminders(
      this.outbox,
      em,
      appointment.id,
      'the customer cancelled the appointment',
    );
    const facts = await this.ownerFacts(em, appointment, business, service);
    if (isAustralianMobile(facts.customerPhone)) {
      await this.outbox.enqueue(
        em,
        cancellationConfirmationSms(
          facts.customerPhone,
          facts,
          this.links.bookingPage(business.slug),
        ),
      );
    }
    if (business.email) {
      await this.outbox.enqueue(em, ownerCustomerCancelledEmail(business.email, facts));
    }
  }

  /**
   * `moved` is the booking at its new time (its old links already spent); answers what became of
   * the customer's SMS with the fresh links.
   */
  async moved(
    em: EntityManager,
    { appointment: moved, business, service }: ChangedBooking,
    previousStart: Date,
  ): Promise<ConfirmationState> {
    const links = await this.links.issue(em, moved);
    const facts = await this.ownerFacts(em, moved, business, service);
    const textable = isAustralianMobile(facts.customerPhone);
    if (textable) {
      await this.outbox.enqueue(em, rescheduleConfirmationSms(facts.customerPhone, facts, links));
    }
    // The old reminder is withdrawn and a new one written for the new time, with the new links
    // (the old ones are spent).
    await withdrawReminders(this.outbox, em, moved.id, 'the customer moved the appointment');
    const customer = await this.customers.findById(moved.customerId, em);
    const reminder = reminderFor(business, customer, facts, links, this.clock.now());
    if (reminder) await this.outbox.enqueue(em, reminder);
    const request = confirmationRequestFor(business, customer, facts, this.clock.now());
    if (request) await this.outbox.enqueue(em, request);
    if (business.email) {
      await this.outbox.enqueue(
        em,
        ownerCustomerRescheduledEmail(business.email, facts, previousStart),
      );
    }
    return this.outbox.confirmationState('sms', textable);
  }

  /** The staff member's name, null when the business itself is booked. */
  async staffName(em: EntityManager, appointment: AppointmentEntity): Promise<string | null> {
    if (appointment.staffId == null) return null;
    const member = (await this.staff.byIds([appointment.staffId], em)).get(appointment.staffId);
    return member ? fullName(member) : null;
  }

  /** What the messages about `appointment` name, the owner's email included. */
  private async ownerFacts(
    em: EntityManager,
    appointment: AppointmentEntity,
    business: BusinessEntity,
    service: ServiceEntity,
  ): Promise<OwnerBookingFacts> {
    const customer = bookedCustomer(
      await this.customers.findById(appointment.customerId, em),
      appointment,
    );
    return {
      ...appointmentFacts(appointment, business, service),
      customerName: fullName(customer),
      customerPhone: customer.phone,
      staffName: await this.staffName(em, appointment),
      notes: appointment.notes,
    };
  }
}
