import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Temporal } from 'temporal-polyfill';
import {
  type CreateAppointmentInput,
  type CreateAppointmentResponse,
  ErrorCode,
  ErrorMessages,
  isAustralianMobile,
  isPlaceholderEmail,
} from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { fullName } from '../../../core/database/columns.js';
import { transactionRetryingDeadlocks } from '../../../core/database/transaction.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import {
  AvailabilityService,
  type BookingResource,
  type DaySlot,
  toIsoString,
} from '../../availability/index.js';
import { BookingLedgerService } from '../../booking-ledger/index.js';
import { type BusinessEntity, BusinessService } from '../../business/index.js';
import { CatalogService, type ServiceEntity } from '../../catalog/index.js';
import { customerPhone, CustomerService } from '../../customer/index.js';
import { OutboxService } from '../../outbox/index.js';
import {
  appointmentFacts,
  bookingConfirmationEmail,
  bookingConfirmationSms,
  ownerNewBookingEmail,
} from './appointment-messages.js';
import { reminderFor } from './appointment-reminders.js';
import { CustomerLinksService } from './customer-links.service.js';

/**
 * Online bookings are 'confirmed' at once: the slot was free and the database has reserved it, so
 * there is nothing for the owner to approve. Owners can still move it to another status later.
 */
export const ONLINE_BOOKING_STATUS = 'confirmed' as const;

const slotUnavailable = () =>
  new DomainException(ErrorCode.SLOT_UNAVAILABLE, ErrorMessages.slotUnavailable);
const slotTaken = () => new DomainException(ErrorCode.SLOT_TAKEN, ErrorMessages.slotTaken);

@Injectable()
export class AppointmentService {
  private readonly logger = new Logger(AppointmentService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly businessService: BusinessService,
    private readonly catalogService: CatalogService,
    private readonly availabilityService: AvailabilityService,
    private readonly ledger: BookingLedgerService,
    private readonly customers: CustomerService,
    private readonly outbox: OutboxService,
    private readonly links: CustomerLinksService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(request: CreateAppointmentInput): Promise<CreateAppointmentResponse> {
    // The customer is found by their number in E.164: a number that cannot be real is a 400.
    const input = { ...request, phone: customerPhone(request.phone) };
    const business = await this.businessService.findBookableByIdOrThrow(input.businessId);
    const service = await this.catalogService.findActiveOrThrow(business.id, input.serviceId);
    const resources = await this.availabilityService.resolveResources(
      business,
      service,
      input.staffMemberId,
    );

    let start: Temporal.Instant;
    try {
      start = Temporal.Instant.from(input.date);
    } catch {
      throw slotUnavailable();
    }

    // The requested start must be exactly one of the engine's slots for that business-local day:
    // this rejects the past, too-short notice, closed days, breaks, time off, off-grid and
    // too-late times alike. Who is free comes with it; the exclusion constraint has the final
    // word when two requests race.
    const slot = await this.availabilityService.slotAt(business, service, resources, start);
    if (!slot) throw slotUnavailable();
    const freeKeys = new Set(slot.freeResources);
    const candidates = resources.filter((r) => freeKeys.has(r.key));
    if (candidates.length === 0) throw slotTaken();

    for (const resource of candidates) {
      try {
        return await this.insert(input, business, service, resource, slot);
      } catch (error) {
        if (!(error instanceof DomainException && error.code === ErrorCode.SLOT_TAKEN)) throw error;
        this.logger.debug(`Slot ${toIsoString(slot.start)} taken for ${resource.key} meanwhile`);
      }
    }
    throw slotTaken();
  }

  /**
   * Customer, appointment, the customer's cancel and reschedule links and the messages (customer's
   * SMS and email, owner's email) in one transaction: a lost race leaves no orphan customer or message.
   */
  private async insert(
    input: CreateAppointmentInput,
    business: BusinessEntity,
    service: ServiceEntity,
    resource: BookingResource,
    slot: DaySlot,
  ): Promise<CreateAppointmentResponse> {
    const businessId = business.id;
    const { start, end } = slot;
    return transactionRetryingDeadlocks(this.dataSource, async (em) => {
      const email = input.email && !isPlaceholderEmail(input.email) ? input.email : null;
      const customer = await this.customers.findOrCreate(em, {
        businessId,
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        phone: input.phone,
        notifyEmail: input.notificationPreferences.email,
        notifySms: input.notificationPreferences.sms,
      });
      const notes = input.notes?.trim() ? input.notes.trim() : null;
      const appointment = await this.ledger.book(em, {
        businessId,
        serviceId: service.id,
        staffId: resource.staff?.id ?? null,
        customerId: customer.id,
        status: ONLINE_BOOKING_STATUS,
        startsAt: toDate(start),
        endsAt: toDate(end),
        blockedFrom: new Date(slot.blocked.start),
        blockedUntil: new Date(slot.blocked.end),
        priceCents: service.priceCents,
        notes,
      });
      const facts = appointmentFacts(appointment, business, service);
      const links = await this.links.issue(em, appointment);
      // Texts go to Australian mobiles only; another valid number books without them.
      if (isAustralianMobile(customer.phone)) {
        await this.outbox.enqueue(em, bookingConfirmationSms(customer.phone, facts, links));
        // Professional plan: the reminder waits in the outbox until its time, with the same links.
        const reminder = reminderFor(business, customer, facts, links, this.clock.now());
        if (reminder) await this.outbox.enqueue(em, reminder);
      }
      // Giving an address on the booking form is the wish to get the confirmation by email.
      if (email) {
        await this.outbox.enqueue(
          em,
          bookingConfirmationEmail(
            email,
            {
              ...facts,
              customerName: customer.firstName,
              end: toDate(end),
              address: business.address,
              stamp: toDate(this.clock.now()),
            },
            links,
          ),
        );
      }
      const configured = this.outbox.configuredChannels();
      const state = (wanted: boolean, channel: 'sms' | 'email') =>
        !wanted ? 'not_sent' : configured[channel] ? 'queued' : 'not_configured';
      if (business.email) {
        await this.outbox.enqueue(
          em,
          ownerNewBookingEmail(business.email, {
            ...facts,
            customerName: fullName(customer),
            customerPhone: customer.phone,
            staffName: resource.staff ? fullName(resource.staff) : null,
            notes,
          }),
        );
      }
      return {
        appointment: {
          id: appointment.id,
          date: toIsoString(start),
          end: toIsoString(end),
          status: appointment.status,
          staffMemberId: appointment.staffId,
          notes: appointment.notes,
        },
        customer: {
          firstName: customer.firstName,
          lastName: customer.lastName,
          email: customer.email,
          phone: customer.phone,
        },
        service: {
          id: service.id,
          name: service.name,
          duration: service.durationMinutes,
          price: service.priceCents,
        },
        staff: resource.staff
          ? {
              id: resource.staff.id,
              name: fullName(resource.staff),
              position: resource.staff.position,
            }
          : null,
        confirmations: {
          sms: state(isAustralianMobile(customer.phone), 'sms'),
          email: state(!!email, 'email'),
        },
      };
    });
  }
}
