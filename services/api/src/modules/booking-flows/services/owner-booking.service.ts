import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { Temporal } from 'temporal-polyfill';
import {
  BOOKING_REFUSAL_REASONS,
  BOOKING_REFUSAL_TEXT,
  BOOKING_REFUSED_MESSAGE,
  type BookingRefusalReason,
  CONFIRMABLE_REFUSAL_REASONS,
  ErrorCode,
  ErrorMessages,
  isAustralianMobile,
  OUTSIDE_HOURS_MESSAGE,
  type OwnerCreateAppointmentInput,
  refusalReasonPath,
} from '@slotwise/contracts';
import { CLOCK, type Clock } from '../../../core/clock/clock.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { AvailabilityService, type ResourceRef } from '../../availability/index.js';
import {
  type AppointmentEntity,
  BookedRanges,
  BookingWriter,
  type NewBooking,
  businessResourceKey,
  resourceKeyOf,
  staffResourceKey,
} from '../../bookings/index.js';
import type { BusinessEntity, OwnedBusinessRef } from '../../business/index.js';
import { CatalogService, type ServiceEntity } from '../../catalog/index.js';
import { CustomerEntity, customerPhone, CustomerService } from '../../customer/index.js';
import { OutboxService } from '../../outbox/index.js';
import { offers, StaffService } from '../../staff/index.js';
import {
  appointmentFacts,
  bookingConfirmationSms,
  rescheduleConfirmationSms,
} from './appointment-messages.js';
import { confirmationRequestFor, reminderFor, withdrawReminders } from './appointment-reminders.js';
import { CustomerLinksService } from './customer-links.service.js';
import { transactionRetryingDeadlocks } from '../../../core/database/transaction.js';
import { bookedCustomer } from './booked-customer.js';

/** Owners book and move within this distance of now (a typo of a year is refused). */
const FURTHEST_DAYS = 731;
const MINUTE = 60_000;

export interface MoveRequest {
  date?: string;
  staffMemberId?: number | null;
  notifyCustomer: boolean;
  outsideHours: boolean;
}

/** A resource the owner may give the booking, and whether it offers the service (staff). */
interface Candidate extends ResourceRef {
  offersService: boolean;
}

const isConfirmable = (reason: BookingRefusalReason) =>
  CONFIRMABLE_REFUSAL_REASONS.includes(reason);

/**
 * The refusal for these reasons, every one listed as an issue: only hours reasons ask for a
 * confirmation (OUTSIDE_HOURS); another booking alone is the slot taken (SLOT_TAKEN); anything else
 * refuses whatever the owner confirms (BOOKING_REFUSED).
 */
function refusal(reasons: readonly BookingRefusalReason[]): DomainException {
  const issues = reasons.map((r) => ({
    path: refusalReasonPath(r),
    message: BOOKING_REFUSAL_TEXT[r],
  }));
  const hard = reasons.filter((r) => !isConfirmable(r));
  if (hard.length === 0)
    return new DomainException(ErrorCode.OUTSIDE_HOURS, OUTSIDE_HOURS_MESSAGE, issues);
  if (hard.length === 1 && hard[0] === 'overlaps') {
    return new DomainException(ErrorCode.SLOT_TAKEN, ErrorMessages.slotTaken, issues);
  }
  const listed = reasons.map((r) => BOOKING_REFUSAL_TEXT[r].toLowerCase()).join('; ');
  return new DomainException(
    ErrorCode.BOOKING_REFUSED,
    `${BOOKING_REFUSED_MESSAGE.slice(0, -1)}: ${listed}.`,
    issues,
  );
}

/** A booking's times and what it blocks, from its start and service. */
function timesOf(start: Temporal.Instant, service: ServiceEntity) {
  const startsAt = new Date(start.epochMilliseconds);
  const endsAt = new Date(startsAt.getTime() + service.durationMinutes * MINUTE);
  return {
    startsAt,
    endsAt,
    blockedFrom: new Date(startsAt.getTime() - service.bufferBeforeMinutes * MINUTE),
    blockedUntil: new Date(endsAt.getTime() + service.bufferAfterMinutes * MINUTE),
  };
}

/**
 * The owner's diary: phone and walk-in bookings and moves. Unlike online bookings the public
 * booking window does not apply and any minute may be chosen; opening and working hours apply
 * unless the owner confirms (`outsideHours`); another booking of the resource never may: the
 * exclusion constraint decides (409).
 */
@Injectable()
export class OwnerBookingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly availability: AvailabilityService,
    private readonly ranges: BookedRanges,
    private readonly writer: BookingWriter,
    private readonly catalog: CatalogService,
    private readonly customers: CustomerService,
    private readonly staff: StaffService,
    private readonly outbox: OutboxService,
    private readonly links: CustomerLinksService,
  ) {}

  private parseStart(date: string): Temporal.Instant {
    const start = Temporal.Instant.from(date).round({
      smallestUnit: 'minute',
      roundingMode: 'floor',
    });
    const now = this.clock.now();
    const days = Math.abs(start.since(now).total({ unit: 'hours' })) / 24;
    if (days > FURTHEST_DAYS) {
      throw new DomainException(
        ErrorCode.VALIDATION_FAILED,
        'Choose a date within two years of today',
      );
    }
    return start;
  }

  /** The resources that may take it: the staff member named, or those offering it, or the business. */
  private async candidates(
    business: BusinessEntity,
    service: ServiceEntity,
    staffMemberId: number | null | undefined,
  ): Promise<Candidate[]> {
    if (staffMemberId != null) {
      // Any active staff member of the owner's; one who does not offer the service is refused.
      const member = await this.staff.findActiveOrThrow(business.id, staffMemberId);
      return [
        {
          key: staffResourceKey(member.id),
          staffId: member.id,
          offersService: offers(member, service.id),
        },
      ];
    }
    if (staffMemberId === undefined) {
      const offering = (await this.staff.listActive(business.id, service.id)).filter((s) =>
        offers(s, service.id),
      );
      if (offering.length > 0) {
        return offering.map((s) => ({
          key: staffResourceKey(s.id),
          staffId: s.id,
          offersService: true,
        }));
      }
    }
    return [{ key: businessResourceKey(business.id), staffId: null, offersService: true }];
  }

  /**
   * The first candidate that may take the range: one with nothing against it, else (once the owner
   * has confirmed) one outside its hours only. None: refused with every reason of the candidate
   * that came closest (the fewest reasons confirming cannot lift).
   */
  private async pick(
    business: BusinessEntity,
    candidates: readonly Candidate[],
    times: ReturnType<typeof timesOf>,
    outsideHours: boolean,
    em: EntityManager,
    excludeId?: number,
  ): Promise<ResourceRef> {
    const blocked = { start: times.blockedFrom.getTime(), end: times.blockedUntil.getTime() };
    const taken = new Set(
      (
        await this.ranges.overlapping(
          candidates.map((c) => c.key),
          times.blockedFrom,
          times.blockedUntil,
          excludeId === undefined ? { em } : { em, excludeId },
        )
      ).map((b) => b.resourceKey),
    );
    const assessed: { resource: ResourceRef; reasons: BookingRefusalReason[] }[] = [];
    for (const c of candidates) {
      const found = new Set<BookingRefusalReason>(
        await this.availability.hoursReasons(business, c, blocked, em),
      );
      if (!c.offersService) found.add('service_not_offered');
      if (taken.has(c.key)) found.add('overlaps');
      const reasons = BOOKING_REFUSAL_REASONS.filter((r) => found.has(r));
      assessed.push({ resource: { key: c.key, staffId: c.staffId }, reasons });
    }
    const fit =
      assessed.find((a) => a.reasons.length === 0) ??
      (outsideHours ? assessed.find((a) => a.reasons.every(isConfirmable)) : undefined);
    if (fit) return fit.resource;
    const hard = (a: (typeof assessed)[number]) =>
      a.reasons.filter((r) => !isConfirmable(r)).length;
    const closest = [...assessed].sort((a, b) => hard(a) - hard(b))[0]!;
    throw refusal(closest.reasons);
  }

  async create(owned: OwnedBusinessRef, input: OwnerCreateAppointmentInput): Promise<number> {
    const business = owned.business;
    // A new client's number is checked first, its message beside the dialog's phone field.
    // A walk-in may give no number: stored as '' (no texts), found again by name alone.
    const phone = input.customer?.phone
      ? customerPhone(input.customer.phone, 'customer.phone')
      : input.customer
        ? ''
        : null;
    const service = await this.catalog.findActiveOrThrow(business.id, input.serviceId);
    const start = this.parseStart(input.date);
    const times = timesOf(start, service);
    const candidates = await this.candidates(business, service, input.staffMemberId);

    return transactionRetryingDeadlocks(this.dataSource, async (em) => {
      const resource = await this.pick(business, candidates, times, input.outsideHours, em);

      const customer = await this.customerFor(em, business.id, input, phone);
      // The exclusion constraint has the last word on a booking made meanwhile (SLOT_TAKEN).
      const appointment = await this.writer.book(
        em,
        {
          businessId: business.id,
          serviceId: service.id,
          staffId: resource.staffId,
          customerId: customer.id,
          status: 'confirmed',
          ...times,
          priceCents: service.priceCents,
          notes: input.notes,
          ...bookedAs(customer, input),
          bookedVia: 'owner',
        },
        owned.actor,
      );
      await this.announce(
        em,
        business,
        service,
        appointment,
        customer,
        input.notifyCustomer,
        'new',
      );
      return appointment.id;
    });
  }

  /**
   * Moves the locked appointment to a new start and/or staff member; its links are renewed (the
   * old ones are spent) and the customer hears of it unless the owner says not to. Answers the
   * booking as moved.
   */
  async move(
    em: EntityManager,
    owned: OwnedBusinessRef,
    appointment: AppointmentEntity,
    request: MoveRequest,
  ): Promise<AppointmentEntity> {
    const business = owned.business;
    if (appointment.status === 'cancelled') {
      throw new DomainException(
        ErrorCode.VALIDATION_FAILED,
        'A cancelled appointment cannot be moved. Book a new one instead.',
      );
    }
    const service = await this.catalog.findById(appointment.serviceId, em);
    const start = request.date
      ? this.parseStart(request.date)
      : Temporal.Instant.fromEpochMilliseconds(appointment.startsAt.getTime());
    const times = timesOf(start, service);
    const staffId =
      request.staffMemberId === undefined ? appointment.staffId : request.staffMemberId;
    let candidate: Candidate;
    if (staffId === null) {
      candidate = { key: businessResourceKey(business.id), staffId: null, offersService: true };
    } else if (staffId === appointment.staffId) {
      // Moved in time only: the person already has the booking, whatever they offer now.
      candidate = { key: resourceKeyOf(appointment), staffId, offersService: true };
    } else {
      const member = await this.staff.findActiveOrThrow(business.id, staffId, { em });
      candidate = {
        key: staffResourceKey(member.id),
        staffId: member.id,
        offersService: offers(member, service.id),
      };
    }
    const resource = await this.pick(
      business,
      [candidate],
      times,
      request.outsideHours,
      em,
      appointment.id,
    );
    await this.writer.change(em, appointment, { ...times, staffId: resource.staffId }, owned.actor);

    const moved = { ...appointment, ...times, staffId: resource.staffId } as AppointmentEntity;
    const timeChanged = times.startsAt.getTime() !== appointment.startsAt.getTime();
    // Another staff member at the same time: no message names them, nothing else changes.
    if (!timeChanged) return moved;
    await withdrawReminders(this.outbox, em, appointment.id, 'the business moved the appointment');
    const customer = bookedCustomer(
      await this.customers.findById(appointment.customerId, em),
      appointment,
    );
    if (request.notifyCustomer) {
      // The "moved" SMS carries fresh links; the old ones are spent.
      await this.links.spendAll(em, appointment.id);
      await this.announce(em, business, service, moved, customer, true, 'moved');
    } else {
      // Not told of the move, the customer keeps the links they hold, now for the new time.
      await this.links.extendTo(em, appointment.id, times.startsAt);
      await this.announce(em, business, service, moved, customer, false, 'moved');
    }
    return moved;
  }

  /**
   * The client named by id (the owner's own only), or the one with that number and name (left as
   * stored), or a new one: the same number with another name is another client (decision 35).
   */
  private async customerFor(
    em: EntityManager,
    businessId: number,
    input: OwnerCreateAppointmentInput,
    phone: string | null,
  ): Promise<CustomerEntity> {
    if (input.customerId !== undefined) {
      const found = await em.findOneBy(CustomerEntity, { id: input.customerId, businessId });
      if (!found) throw new DomainException(ErrorCode.NOT_FOUND, 'Client not found');
      return found;
    }
    const c = input.customer!;
    // The preferences here are a new client's only.
    return this.customers.findOrCreate(em, {
      businessId,
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      phone: phone ?? c.phone,
      notifyEmail: false,
      notifySms: true,
    });
  }

  /**
   * Fresh links, the reminder (Professional plan) and, when the owner lets it go, the customer's
   * SMS, all in the booking's transaction. Nothing goes out about an appointment already begun.
   */
  private async announce(
    em: EntityManager,
    business: BusinessEntity,
    service: ServiceEntity,
    appointment: AppointmentEntity,
    customer: CustomerEntity,
    notify: boolean,
    what: 'new' | 'moved',
  ): Promise<void> {
    const now = this.clock.now();
    if (appointment.startsAt.getTime() <= now.epochMilliseconds) return;
    const facts = appointmentFacts(appointment, business, service);
    const links = await this.links.issue(em, appointment);
    const phone = customer.phone.trim();
    // Texts go to Australian mobiles only; a landline or overseas number books without one.
    if (notify && isAustralianMobile(phone)) {
      await this.outbox.enqueue(
        em,
        what === 'new'
          ? bookingConfirmationSms(phone, facts, links)
          : rescheduleConfirmationSms(phone, facts, links),
      );
    }
    const reminder = reminderFor(business, customer, facts, links, now);
    if (reminder) await this.outbox.enqueue(em, reminder);
    const request = confirmationRequestFor(business, customer, facts, now);
    if (request) await this.outbox.enqueue(em, request);
  }
}

/**
 * What the appointment keeps of who it was booked as (decision 35): the name typed for a new
 * client (their stored email when none was typed), else the chosen client as stored now.
 */
function bookedAs(
  customer: CustomerEntity,
  input: OwnerCreateAppointmentInput,
): Pick<NewBooking, 'customerFirstName' | 'customerLastName' | 'customerEmail' | 'customerPhone'> {
  const typed = input.customer;
  return {
    customerFirstName: typed?.firstName ?? customer.firstName,
    customerLastName: typed?.lastName ?? customer.lastName,
    customerEmail: typed?.email ?? customer.email,
    customerPhone: customer.phone,
  };
}
