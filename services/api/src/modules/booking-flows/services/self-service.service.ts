import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Temporal } from 'temporal-polyfill';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type CancelAppointmentResponse,
  ErrorCode,
  type RescheduleDetails,
  type RescheduleResponse,
  SelfServiceMessages,
} from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { sha256Hex } from '../../../core/crypto/secure-token.js';
import { PG_LOCK_NOT_AVAILABLE, pgErrorCode } from '../../../core/database/pg-errors.js';
import { transactionRetryingDeadlocks } from '../../../core/database/transaction.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { customerActor } from '../../activity/index.js';
import { AvailabilityService } from '../../availability/index.js';
import {
  AppointmentEntity,
  BookingWriter,
  resourceKeyOf,
  slotTaken,
} from '../../bookings/index.js';
import { type BusinessEntity, BusinessService } from '../../business/index.js';
import { CatalogService, type ServiceEntity } from '../../catalog/index.js';
import { BookingPaymentsService } from '../../payments/index.js';
import {
  type AppointmentTokenPurpose,
  AppointmentTokenEntity,
} from '../entities/appointment-token.entity.js';
import { CustomerChangeNotifier } from './customer-change-notifier.service.js';

/** The customer acting through their link, by the name the booking was made with. */
const actorOf = (a: Pick<AppointmentEntity, 'customerFirstName' | 'customerLastName'>) =>
  customerActor(a.customerFirstName ?? 'Customer', a.customerLastName ?? '');
import { CustomerLinksService } from './customer-links.service.js';
import { requestedStart, slotUnavailable } from './requested-start.js';

const invalidLink = (purpose: AppointmentTokenPurpose) =>
  new DomainException(
    ErrorCode.LINK_INVALID,
    purpose === 'cancel'
      ? SelfServiceMessages.cancelLinkInvalid
      : SelfServiceMessages.rescheduleLinkInvalid,
  );
const alreadyCancelled = () =>
  new DomainException(ErrorCode.ALREADY_CANCELLED, SelfServiceMessages.alreadyCancelled);

/**
 * How long a link's request waits for another request holding the same booking. Short: the holder
 * finishes in milliseconds, and a storm of requests on one link must not park the pool's
 * connections on the row lock (each waiter holds one).
 */
const BOOKING_LOCK_TIMEOUT = '300ms';

interface Loaded {
  appointment: AppointmentEntity;
  business: BusinessEntity;
  service: ServiceEntity;
}

/**
 * Customers' cancel and reschedule links: no account, only the token. Cancelling keeps the row
 * (status 'cancelled') and frees the slot at once.
 */
@Injectable()
export class SelfServiceService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly availabilityService: AvailabilityService,
    private readonly ledger: BookingWriter,
    private readonly businesses: BusinessService,
    private readonly catalog: CatalogService,
    private readonly links: CustomerLinksService,
    private readonly notifier: CustomerChangeNotifier,
    private readonly payments: BookingPaymentsService,
  ) {}

  /**
   * Links with a cancel or reschedule of theirs under way in this process (by token): another
   * request on the same link is answered BOOKING_BUSY at once, without a database query, so a
   * storm of requests on one link cannot fill the connection pool's queue ahead of everyone
   * else's requests. Across processes the row lock's bounded wait decides.
   */
  private readonly linksInFlight = new Set<string>();

  private async oneAtATime<T>(rawToken: string | undefined, work: () => Promise<T>): Promise<T> {
    const key = rawToken?.trim() ?? '';
    if (this.linksInFlight.has(key)) {
      throw new DomainException(ErrorCode.BOOKING_BUSY, SelfServiceMessages.bookingBusy);
    }
    this.linksInFlight.add(key);
    try {
      return await work();
    } finally {
      this.linksInFlight.delete(key);
    }
  }

  /** Cancels once: the token is spent and the slot is free at once (the row stays). */
  cancel(rawToken: string | undefined): Promise<CancelAppointmentResponse> {
    return this.oneAtATime(rawToken, async () => {
      const { response, appointment } = await this.cancelNow(rawToken);
      // After the commit (Stripe is never called inside a transaction): the policy the customer
      // accepted decides the deposit's refund or the late fee, once.
      const cancellation = await this.payments.afterCustomerCancel(appointment);
      return cancellation ? { ...response, cancellation } : response;
    });
  }

  private cancelNow(
    rawToken: string | undefined,
  ): Promise<{ response: CancelAppointmentResponse; appointment: AppointmentEntity }> {
    return this.dataSource.transaction(async (em) => {
      const loaded = await this.load(em, rawToken, 'cancel');
      return { response: await this.cancelAsCustomer(em, loaded), appointment: loaded.appointment };
    });
  }

  /**
   * After an SMS reply 'N' has cancelled a booking (and committed): the policy the customer
   * accepted decides the deposit or the late fee, as after the cancel link.
   */
  async settleCancelledByReply(appointmentId: number): Promise<void> {
    const appointment = await this.dataSource.manager.findOneBy(AppointmentEntity, {
      id: appointmentId,
    });
    if (appointment) await this.payments.afterCustomerCancel(appointment);
  }

  /**
   * The customer's reply 'N' to the request to confirm (decision record 020): the link's own
   * checks (already cancelled, the business's cut-off) and the same cancellation, through `em`.
   */
  async cancelByReply(em: EntityManager, appointmentId: number): Promise<void> {
    const appointment = await lockBounded(em, () => this.ledger.lock(em, appointmentId));
    if (!appointment || appointment.status === 'cancelled') throw alreadyCancelled();
    await this.cancelAsCustomer(em, await this.withinCutoff(em, appointment));
  }

  /**
   * The customer's own cancellation, whichever way they asked (the cancel link, an SMS reply 'N'):
   * one path, so whatever applies to a customer's cancellation applies to both.
   */
  private async cancelAsCustomer(
    em: EntityManager,
    { appointment, business, service }: Loaded,
  ): Promise<CancelAppointmentResponse> {
    await this.ledger.change(em, appointment, { status: 'cancelled' }, actorOf(appointment));
    // Every link of the appointment is spent: nothing is left to cancel or move. The customer
    // and the owner hear of it in the same commit, and the reminder goes.
    await this.links.spendAll(em, appointment.id);
    await this.notifier.cancelled(em, { appointment, business, service });
    return {
      message: SelfServiceMessages.cancelled,
      appointmentDetails: {
        service: service.name,
        date: appointment.startsAt.toISOString(),
        business: business.name,
        timeZone: business.timeZone,
      },
    };
  }

  /** The booking behind a link, read without changing it (the cancel and reschedule pages). */
  async linkDetails(
    rawToken: string | undefined,
    purpose: AppointmentTokenPurpose,
  ): Promise<RescheduleDetails> {
    const details = await this.dataSource.transaction(async (em) => {
      const loaded = await this.load(em, rawToken, purpose, false);
      return {
        appointment: loaded.appointment,
        details: await this.details(em, loaded.appointment, loaded.business, loaded.service),
      };
    });
    if (purpose !== 'cancel') return details.details;
    // Told before the customer confirms: what cancelling now does to the deposit or the card.
    const cancellation = await this.payments.cancellationOutcome(details.appointment);
    return cancellation ? { ...details.details, cancellation } : details.details;
  }

  /**
   * Moves the booking to another slot of the same service and resource, in one transaction with
   * its fresh links and the new SMS; the old links are spent.
   */
  async reschedule(rawToken: string, date: string): Promise<RescheduleResponse> {
    // Validated before the transaction so a bad date never touches the token.
    const start = requestedStart(date);
    if (!start) throw slotUnavailable();
    return this.oneAtATime(rawToken, () => this.rescheduleNow(rawToken, start));
  }

  private async rescheduleNow(
    rawToken: string,
    start: Temporal.Instant,
  ): Promise<RescheduleResponse> {
    // The time is checked before the booking's lock is taken: a time that is not offered (a
    // storm of requests on one link, a stale page) is refused without queueing on the row lock.
    // The check is repeated under the lock, which decides.
    await this.checkOffered(rawToken, start);
    return transactionRetryingDeadlocks(this.dataSource, async (em) => {
      const { appointment, business, service } = await this.load(em, rawToken, 'reschedule');
      // Same resource, its own hours and time off, the booking itself left out of what is taken.
      const resource = { key: resourceKeyOf(appointment), staffId: appointment.staffId };
      const slot = await this.availabilityService.slotAt(business, service, [resource], start, {
        em,
        excludeId: appointment.id,
      });
      if (!slot) throw slotUnavailable();
      if (slot.freeResources.length === 0) {
        throw slotTaken();
      }
      const startsAt = toDate(slot.start);
      const endsAt = toDate(slot.end);
      // The exclusion constraint decides a race with a booking made meanwhile (SLOT_TAKEN).
      await this.ledger.change(
        em,
        appointment,
        {
          startsAt,
          endsAt,
          blockedFrom: new Date(slot.blocked.start),
          blockedUntil: new Date(slot.blocked.end),
        },
        actorOf(appointment),
      );
      await this.links.spendAll(em, appointment.id);
      const moved = { ...appointment, startsAt, endsAt } as AppointmentEntity;
      const sms = await this.notifier.moved(
        em,
        { appointment: moved, business, service },
        appointment.startsAt,
      );
      return {
        message: SelfServiceMessages.rescheduled,
        sms,
        ...(await this.details(em, moved, business, service)),
      };
    });
  }

  private async checkOffered(rawToken: string, start: Temporal.Instant): Promise<void> {
    const { appointment, business, service } = await this.load(
      this.dataSource.manager,
      rawToken,
      'reschedule',
      false,
    );
    const resource = { key: resourceKeyOf(appointment), staffId: appointment.staffId };
    const slot = await this.availabilityService.slotAt(business, service, [resource], start, {
      excludeId: appointment.id,
    });
    if (!slot) throw slotUnavailable();
    if (slot.freeResources.length === 0) throw slotTaken();
  }

  /**
   * The token's appointment, locked for the rest of the transaction. Unknown, spent and expired
   * tokens are refused alike; an appointment already cancelled says so.
   */
  private async load(
    em: EntityManager,
    rawToken: string | undefined,
    purpose: AppointmentTokenPurpose,
    lock = true,
  ): Promise<Loaded> {
    const raw = rawToken?.trim();
    if (!raw || raw.length > 200) throw invalidLink(purpose);
    const found = await em.findOneBy(AppointmentTokenEntity, {
      tokenHash: sha256Hex(raw),
      purpose,
    });
    if (!found) throw invalidLink(purpose);
    const now = toDate(this.clock.now());
    const usable = (
      appointment: AppointmentEntity | null,
      token: AppointmentTokenEntity | null,
    ) => {
      if (!appointment || !token) throw invalidLink(purpose);
      if (appointment.status === 'cancelled') throw alreadyCancelled();
      if (!token.worksAt(now)) throw invalidLink(purpose);
      return appointment;
    };
    // Checked before the lock as well: a spent link or a cancelled booking (every request of a
    // storm on one link after the first) is refused without queueing on the row lock.
    let appointment = usable(await this.ledger.find(found.appointmentId, em), found);
    if (lock) {
      // The appointment's row lock serialises every change of it and of its tokens (a cancel and
      // a reschedule at once, or two tabs): lock it first, then read the token's state afresh.
      // Locking the token first would deadlock a cancel against a reschedule.
      appointment = usable(
        await lockBounded(em, () => this.ledger.lock(em, found.appointmentId)),
        await em.findOneBy(AppointmentTokenEntity, { id: found.id }),
      );
    }
    return this.withinCutoff(em, appointment);
  }

  /** The booking with its business and service, unless the business's cut-off has passed. */
  private async withinCutoff(em: EntityManager, appointment: AppointmentEntity): Promise<Loaded> {
    const now = toDate(this.clock.now());
    const business = await this.businesses.byIdOrThrow(appointment.businessId, { em });
    // The business's cut-off: this close to the start, changes go through the business.
    const cutoff = appointment.startsAt.getTime() - business.cancelCutoffMinutes * 60_000;
    if (business.cancelCutoffMinutes > 0 && now.getTime() >= cutoff) {
      throw new DomainException(
        ErrorCode.CHANGE_CUTOFF_PASSED,
        SelfServiceMessages.tooLateToChange,
      );
    }
    const service = await this.catalog.findById(appointment.serviceId, em);
    return { appointment, business, service };
  }

  private async details(
    em: EntityManager,
    appointment: AppointmentEntity,
    business: BusinessEntity,
    service: ServiceEntity,
  ): Promise<RescheduleDetails> {
    const staffName = await this.notifier.staffName(em, appointment);
    return {
      appointmentId: appointment.id,
      date: appointment.startsAt.toISOString(),
      end: appointment.endsAt.toISOString(),
      service: {
        id: service.id,
        name: service.name,
        duration: service.durationMinutes,
        price: service.priceCents,
      },
      staffMemberId: appointment.staffId,
      staffName,
      business: {
        id: business.id,
        slug: business.slug,
        name: business.name,
        timeZone: business.timeZone,
        minNoticeMinutes: business.minNoticeMinutes,
        maxAdvanceDays: business.maxAdvanceDays,
      },
    };
  }
}

/**
 * Takes the booking's row lock waiting at most BOOKING_LOCK_TIMEOUT; a request that would wait
 * longer is answered BOOKING_BUSY (409) and may be retried. Later locks of the transaction (the
 * ledger's resource lock) wait as usual.
 */
async function lockBounded<T>(em: EntityManager, take: () => Promise<T>): Promise<T> {
  await em.query(`SET LOCAL lock_timeout = '${BOOKING_LOCK_TIMEOUT}'`);
  let locked: T;
  try {
    locked = await take();
  } catch (error) {
    if (pgErrorCode(error) === PG_LOCK_NOT_AVAILABLE) {
      throw new DomainException(ErrorCode.BOOKING_BUSY, SelfServiceMessages.bookingBusy);
    }
    throw error;
  }
  await em.query('SET LOCAL lock_timeout TO DEFAULT');
  return locked;
}
