import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type AppointmentStatus, isAustralianMobile } from '@slotwise/contracts';
import { CLOCK, type Clock } from '../../../core/clock/clock.js';
import type { AppointmentEntity } from '../../bookings/index.js';
import { BusinessService } from '../../business/index.js';
import { CatalogService } from '../../catalog/index.js';
import { CustomerService } from '../../customer/index.js';
import { OutboxService } from '../../outbox/index.js';
import {
  appointmentFacts,
  cancelledByBusinessSms,
  confirmedByBusinessSms,
} from './appointment-messages.js';
import {
  confirmationRequestFor,
  reminderDue,
  reminderFor,
  withdrawReminders,
} from './appointment-reminders.js';
import { CustomerLinksService } from './customer-links.service.js';
import { bookedCustomer } from './booked-customer.js';

/** Statuses of an appointment that is still going to happen, so it keeps its reminder. */
const UPCOMING: readonly AppointmentStatus[] = ['pending', 'confirmed'];

/**
 * What an owner's status change (dashboard Confirm/Complete/Cancel, PATCH, DELETE) sends and
 * withdraws, written through the change's own transaction (a message is never lost or sent for a
 * change that did not commit):
 * - cancelled: the reminder is withdrawn and the customer is texted (whatever their SMS
 *   preference: a cancellation they never hear of is a wasted trip);
 * - completed: the reminder is withdrawn (nothing is left to remind of);
 * - confirmed: the customer is texted when their SMS preference is on;
 * - back to pending or confirmed from cancelled or completed: a new reminder (Professional) with
 *   fresh links, since the old ones may be spent.
 * Nothing is texted about an appointment that has already started.
 */
@Injectable()
export class StatusChangeNotifier {
  constructor(
    private readonly outbox: OutboxService,
    private readonly businesses: BusinessService,
    private readonly catalog: CatalogService,
    private readonly customers: CustomerService,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly links: CustomerLinksService,
  ) {}

  async statusChanged(
    em: EntityManager,
    appointment: AppointmentEntity,
    from: AppointmentStatus,
    to: AppointmentStatus,
  ): Promise<void> {
    if (to === 'cancelled' || to === 'completed' || to === 'no_show') {
      await withdrawReminders(
        this.outbox,
        em,
        appointment.id,
        to === 'cancelled'
          ? 'the business cancelled the appointment'
          : `the appointment was marked ${to === 'no_show' ? 'a no-show' : 'completed'}`,
      );
    }
    const now = this.clock.now();
    if (appointment.startsAt.getTime() <= now.epochMilliseconds) return;

    const business = await this.businesses.byIdOrThrow(appointment.businessId, { em });
    const service = await this.catalog.findById(appointment.serviceId, em);
    const customer = bookedCustomer(
      await this.customers.findById(appointment.customerId, em),
      appointment,
    );
    // Texts go to Australian mobiles only.
    const phone = isAustralianMobile(customer.phone) ? customer.phone : null;
    const facts = appointmentFacts(appointment, business, service);

    if (to === 'cancelled' && phone) {
      await this.outbox.enqueue(
        em,
        cancelledByBusinessSms(phone, facts, business.phone, this.links.bookingPage(business.slug)),
      );
    }
    if (to === 'confirmed' && phone && customer.notifySms) {
      await this.outbox.enqueue(em, confirmedByBusinessSms(phone, facts));
    }
    const reactivated = UPCOMING.includes(to) && !UPCOMING.includes(from);
    // Links are issued only for a reminder that will be written.
    if (reactivated && reminderDue(business, customer, facts, now)) {
      const links = await this.links.issue(em, appointment);
      const reminder = reminderFor(business, customer, facts, links, now);
      if (reminder) await this.outbox.enqueue(em, reminder);
    }
    const request = reactivated && confirmationRequestFor(business, customer, facts, now);
    if (request) await this.outbox.enqueue(em, request);
  }
}
