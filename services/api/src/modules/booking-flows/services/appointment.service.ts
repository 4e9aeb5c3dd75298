import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Temporal } from 'temporal-polyfill';
import {
  type CreateAppointmentInput,
  type CreateAppointmentResponse,
  ErrorCode,
  isAustralianMobile,
  isPlaceholderEmail,
} from '@slotwise/contracts';
import { BusinessCache, CACHED } from '../../../core/cache/business-cache.js';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { fullName } from '../../../core/database/columns.js';
import type { BookingConstraint } from '../../../core/database/booking-constraint.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import {
  AvailabilityEntity,
  AvailabilityService,
  type BookingResource,
  type RequestedSlot,
  WeeklyHoursService,
} from '../../availability/index.js';
import { customerActor } from '../../activity/index.js';
import { BookingTurns, BookingWriter, slotTaken } from '../../bookings/index.js';
import { type BusinessEntity, BusinessService } from '../../business/index.js';
import { CatalogService, type ServiceEntity } from '../../catalog/index.js';
import { customerPhone, CustomerService } from '../../customer/index.js';
import { type OutboxMessageInput, OutboxService } from '../../outbox/index.js';
import { StaffService } from '../../staff/index.js';
import { paidLine, type PaymentRequirement, BookingPaymentsService } from '../../payments/index.js';
import {
  AppointmentMessageKind,
  appointmentFacts,
  bookingConfirmationEmail,
  bookingConfirmationSms,
  ownerNewBookingEmail,
} from './appointment-messages.js';
import { confirmationRequestFor, reminderFor } from './appointment-reminders.js';
import { requestedStart, slotUnavailable } from './requested-start.js';
import { CustomerLinksService } from './customer-links.service.js';
import { WebhookEvents } from '../../webhooks/index.js';
import { newClientWebhook } from './new-client-webhook.js';

/**
 * Online bookings are 'confirmed' at once: the slot was free and the database has reserved it, so
 * there is nothing for the owner to approve. Owners can still move it to another status later.
 */
export const ONLINE_BOOKING_STATUS = 'confirmed' as const;

/**
 * Where a booking reads the business, its service, staff and weekly hours: this process's cache
 * (core/cache) first, the tables when the cache cannot be trusted for it.
 */
type Source = 'cache' | 'tables';

/** Tries on the tables after the cache's: each fails only when the business changed meanwhile. */
const TRIES_ON_TABLES = 2;

/** A booking written, and the payment to start for it once its statement committed. */
interface Booked {
  response: CreateAppointmentResponse;
  hold: {
    requirement: PaymentRequirement;
    who: { name: string; email: string | null; phone: string };
  } | null;
}

/** What a booking goes by, read before it is written. */
interface Basis {
  business: Readonly<BusinessEntity>;
  service: Readonly<ServiceEntity>;
  week: readonly AvailabilityEntity[];
  slot: RequestedSlot;
  /** The booking's id (`BookingWriter.newId`). */
  id: number;
  /** What the payment policy asks of it (null: nothing; the booking is confirmed at once). */
  requirement: PaymentRequirement | null;
}

@Injectable()
export class AppointmentService {
  private readonly logger = new Logger(AppointmentService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly businessService: BusinessService,
    private readonly catalogService: CatalogService,
    private readonly staffService: StaffService,
    private readonly weeklyHours: WeeklyHoursService,
    private readonly availabilityService: AvailabilityService,
    private readonly writer: BookingWriter,
    private readonly turns: BookingTurns,
    private readonly customers: CustomerService,
    private readonly outbox: OutboxService,
    private readonly links: CustomerLinksService,
    private readonly cache: BusinessCache,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly webhooks: WebhookEvents,
    private readonly payments: BookingPaymentsService,
  ) {}

  /**
   * A public booking. The business, service, staff and weekly hours come from this process's cache,
   * and the day's exceptions and bookings are read, so the slot is checked as the available times
   * are listed; then one statement checks what came from the cache against the tables and writes
   * the customer, the appointment, its links and its messages, or nothing at all. When that check
   * fails (the business changed and this process has not heard yet), and when the cache's copy
   * refuses the booking (a change not heard of yet could allow it), the booking is tried again on
   * the tables themselves.
   */
  async create(request: CreateAppointmentInput): Promise<CreateAppointmentResponse> {
    // The customer is found by their number in E.164: a number that cannot be real is a 400.
    const input = { ...request, phone: customerPhone(request.phone) };
    // A bad time is refused once the business and service are known to exist, as any other is.
    const start = requestedStart(input.date);
    // One id for every try: a try that wrote nothing leaves it unused.
    let id: Promise<number> | undefined;
    const newId = () => (id ??= this.writer.newId());
    try {
      const booked = await this.book(input, start, 'cache', newId);
      if (booked) return this.withPayment(booked);
    } catch (error) {
      // A taken slot is the bookings' word (read from the table), not the cache's; a time that is
      // no instant cannot be booked on the tables either.
      if (!(error instanceof DomainException) || error.code === ErrorCode.SLOT_TAKEN || !start)
        throw error;
    }
    for (let attempt = 0; attempt < TRIES_ON_TABLES; attempt++) {
      const booked = await this.book(input, start, 'tables', newId);
      if (booked) return this.withPayment(booked);
    }
    // Changed under every try: the time cannot be promised.
    throw slotUnavailable();
  }

  /**
   * A held booking's payment, started once its statement committed (Stripe is not called while
   * the resource's turn is held): the answer carries what the Payment Element needs.
   */
  private async withPayment({ response, hold }: Booked): Promise<CreateAppointmentResponse> {
    if (!hold) return response;
    const payment = await this.payments.start(response.appointment.id, hold.requirement, hold.who);
    // The confirmations wait for Stripe's webhook: nothing has been sent yet.
    const { confirmations: _, ...rest } = response;
    return { ...rest, payment };
  }

  /**
   * The booking on what `source` says, or null when the statement found that no longer so. The
   * requested start must be exactly one of the engine's slots for that business-local day: this
   * rejects the past, too-short notice, closed days, breaks, time off, off-grid and too-late
   * times alike. Who is free comes with it; the exclusion constraint has the final word when two
   * requests race.
   */
  private async book(
    input: CreateAppointmentInput,
    start: Temporal.Instant | null,
    source: Source,
    newId: () => Promise<number>,
  ): Promise<Booked | null> {
    const cached = source === 'cache';
    const business = cached
      ? this.businessService.visibleOrThrow(
          await this.businessService.byIdOrThrow(input.businessId, CACHED),
        )
      : await this.businessService.findBookableByIdOrThrow(input.businessId);
    const service = await this.catalogService.findActiveOrThrow(business.id, input.serviceId, {
      cached,
    });
    const resources = await this.availabilityService.resolveResources(
      business,
      service,
      input.staffMemberId,
      { cached },
    );
    if (!start) throw slotUnavailable();
    // From the cache, the whole week: its rows are shared, and so is `sameHours`'s text of them.
    const week = await this.weeklyHours.week(
      business.id,
      cached ? 'all' : resources.flatMap((r) => (r.staffId === null ? [] : [r.staffId])),
      { cached },
    );
    const slot = await this.availabilityService.slotAt(business, service, resources, start, {
      week,
    });
    if (!slot) throw slotUnavailable();
    const freeKeys = new Set(slot.freeResources);
    const candidates = resources.filter((r) => freeKeys.has(r.key));
    if (candidates.length === 0) throw slotTaken();

    // The policy is accepted before anything is written (409 with its current wording).
    const requirement = await this.payments.requirement(business.id, service, input.phone);
    if (requirement) this.payments.checkAcceptance(requirement, input.acceptedPolicy);
    const basis: Basis = { business, service, week, slot, id: await newId(), requirement };
    for (const resource of candidates) {
      try {
        return await this.turns.take(resource.key, slot.blocked, () =>
          this.insert(input, basis, resource),
        );
      } catch (error) {
        if (!(error instanceof DomainException && error.code === ErrorCode.SLOT_TAKEN)) throw error;
        const at = new Date(slot.startMs).toISOString();
        this.logger.debug(`Slot ${at} taken for ${resource.key} meanwhile`);
      }
    }
    throw slotTaken();
  }

  /**
   * Customer, appointment, the customer's cancel and reschedule links and the messages (customer's
   * SMS and email, owner's email) in one statement, so in one transaction: a lost race leaves no
   * orphan customer or message. The statement first checks that the business, service, staff
   * member and weekly hours the booking went by are still as it read them, and writes nothing
   * otherwise (null). The resource's booking lock is taken before anything is written.
   */
  private async insert(
    input: CreateAppointmentInput,
    { business, service, week, slot, id, requirement }: Basis,
    resource: BookingResource,
  ): Promise<Booked | null> {
    const startsAt = new Date(slot.startMs);
    const endsAt = new Date(slot.endMs);
    const email = input.email && !isPlaceholderEmail(input.email) ? input.email : null;
    const notes = input.notes?.trim() ? input.notes.trim() : null;
    const customer = {
      businessId: business.id,
      firstName: input.firstName,
      lastName: input.lastName,
      email,
      phone: input.phone,
      notifyEmail: input.notificationPreferences.email,
      notifySms: input.notificationPreferences.sms,
    };
    const staff = resource.staff;

    const constraints = this.bookingConstraints({ business, service, week, slot }, resource);
    const links = this.links.issueWithBooking({ id, startsAt });
    const facts = appointmentFacts({ id, startsAt }, business, service);
    const messages: OutboxMessageInput[] = [];
    // Texts go to Australian mobiles only; another valid number books without them.
    if (isAustralianMobile(customer.phone)) {
      messages.push(bookingConfirmationSms(customer.phone, facts, links.links));
      // Professional plan: the reminder waits in the outbox until its time, with the same links.
      const reminder = reminderFor(business, customer, facts, links.links, this.clock.now());
      if (reminder) messages.push(reminder);
      const request = confirmationRequestFor(business, customer, facts, this.clock.now());
      if (request) messages.push(request);
    }
    // Giving an address on the booking form is the wish to get the confirmation by email.
    if (email) {
      messages.push(
        bookingConfirmationEmail(
          email,
          {
            ...facts,
            customerName: customer.firstName,
            end: endsAt,
            address: business.address,
            stamp: toDate(this.clock.now()),
          },
          links.links,
        ),
      );
    }
    if (business.email) {
      messages.push(
        ownerNewBookingEmail(business.email, {
          ...facts,
          customerName: fullName(customer),
          customerPhone: customer.phone,
          staffName: staff ? fullName(staff) : null,
          notes,
        }),
      );
    }
    // A booking that waits for its payment keeps its confirmations with the hold (they name what
    // was paid, and go when Stripe confirms it); the owner hears of it then too.
    const confirmations = requirement
      ? messages.map((m) =>
          m.kind === AppointmentMessageKind.bookingConfirmation ||
          m.kind === AppointmentMessageKind.bookingConfirmationEmail
            ? { ...m, body: `${m.body}\n${paidLine(requirement)}` }
            : m,
        )
      : messages;
    const booking = {
      id,
      businessId: business.id,
      serviceId: service.id,
      staffId: resource.staffId,
      status: requirement ? ('pending_payment' as const) : ONLINE_BOOKING_STATUS,
      startsAt,
      endsAt,
      blockedFrom: new Date(slot.blocked.start),
      blockedUntil: new Date(slot.blocked.end),
      priceCents: service.priceCents,
      notes,
      // As typed (decision 35): a known client's stored details are not changed by it.
      customerFirstName: customer.firstName,
      customerLastName: customer.lastName,
      customerEmail: email,
      customerPhone: customer.phone,
    };
    const rows = await this.writer.bookInOneStatement<{ email: string | null }>({
      constraints,
      customer: (source, p) => this.customers.findOrCreateSql(customer, source, p),
      booking,
      followUps: [
        links.tokens,
        requirement
          ? {
              name: 'payment_hold',
              sql: (_written, p) =>
                this.payments.holdSql(
                  requirement,
                  { id, businessId: business.id },
                  confirmations,
                  p,
                ),
            }
          : { name: 'messages', sql: (written, p) => this.outbox.enqueueSql(messages, written, p) },
        // Webhooks' events are written with the booking, or not at all (booking.created: by
        // the writer, once the booking is not held for its payment).
        newClientWebhook(this.webhooks, { booking }),
      ],
      actor: customerActor(customer.firstName, customer.lastName),
    });
    if (rows.length === 0) {
      // The cache is behind: its entries for the business are read again from now on.
      this.cache.invalidate(business.id);
      return null;
    }

    const response: CreateAppointmentResponse = {
      appointment: {
        id,
        date: startsAt.toISOString(),
        end: endsAt.toISOString(),
        status: requirement ? 'pending_payment' : ONLINE_BOOKING_STATUS,
        staffMemberId: resource.staffId,
        notes,
      },
      customer: {
        firstName: customer.firstName,
        lastName: customer.lastName,
        // The address this booking gave, else the one the client has on file.
        email: email ?? rows[0]!.email,
        phone: customer.phone,
      },
      service: {
        id: service.id,
        name: service.name,
        duration: service.durationMinutes,
        price: service.priceCents,
      },
      staff: staff ? { id: staff.id, name: fullName(staff), position: staff.position } : null,
      confirmations: {
        sms: this.outbox.confirmationState('sms', isAustralianMobile(customer.phone)),
        email: this.outbox.confirmationState('email', !!email),
      },
    };
    return {
      response,
      hold: requirement
        ? {
            requirement,
            who: {
              name: fullName(customer),
              email: email ?? rows[0]!.email,
              phone: customer.phone,
            },
          }
        : null,
    };
  }

  /**
   * What a public booking went by, as the modules owning those tables check it when the booking's
   * statement runs: every contributor to the statement's checks is listed here.
   */
  bookingConstraints(
    { business, service, week, slot }: Omit<Basis, 'id' | 'requirement'>,
    resource: BookingResource,
  ): BookingConstraint[] {
    return [
      this.businessService.bookableAsRead(business),
      this.catalogService.bookableAsRead(service),
      resource.staff
        ? this.staffService.offersAsRead(resource.staff, service.id)
        : this.staffService.nobodyOffers(business.id, service.id),
      this.weeklyHours.sameHours(business.id, resource.staffId, week),
      this.availabilityService.sameExceptions(business.id, slot, resource.staffId),
    ];
  }
}
